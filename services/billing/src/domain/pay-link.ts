import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@midway/contracts';

/**
 * The pay link an invoice's e-mail carries: `/pay/{invoiceId}.{hmac}`. It opens the invoice without an account,
 * and only that invoice: the HMAC (of a secret billing keeps) covers the id, so a changed id or signature opens
 * nothing, and nothing per link is stored. Whether it still lets the reader pay is the invoice's status.
 */
export const PAY_LINK_KEY_NAME = 'invoice-pay-links';

const mac = (secret: Buffer, invoiceId: string) => createHmac('sha256', secret).update(`invoice-pay:${invoiceId.toLowerCase()}`).digest('base64url');

export const payLinkToken = (secret: Buffer, invoiceId: string): string => `${invoiceId.toLowerCase()}.${mac(secret, invoiceId)}`;

/** The page's address under PUBLIC_URL (the gateway's). */
export const payLinkUrl = (publicUrl: string, secret: Buffer, invoiceId: string): string => `${publicUrl.replace(/\/+$/, '')}/pay/${payLinkToken(secret, invoiceId)}`;

/** The invoice id a token opens, or null for one that was not made by billing (altered, truncated, made up). */
export function invoiceOfToken(secret: Buffer, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const dot = token.indexOf('.');
  const id = token.slice(0, dot);
  if (dot < 0 || !isUuid(id)) return null;
  const expected = Buffer.from(mac(secret, id));
  const given = Buffer.from(token.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id.toLowerCase() : null;
}
