import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { BackgroundMail } from '@midway/service-kit';
import { BRAND_COLORS, BRAND_NAME } from '@midway/contracts/brand';
import { EMAIL_VERIFICATION_TTL_HOURS } from '@midway/contracts';
import type { VerificationLinkSender } from '../domain/email-verification.service';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail with an address-verification link, in plain text and HTML (the same words). */
export function composeVerification(to: string, link: string, from: string) {
  const subject = `Verify your ${BRAND_NAME} e-mail address`;
  const text = [
    `Open this link to confirm that ${to} is your address on ${BRAND_NAME}:`,
    '',
    link,
    '',
    `The link works once, within ${EMAIL_VERIFICATION_TTL_HOURS} hours. Until the address is verified, invitations to projects can only be accepted from the invitation's own e-mail.`,
    `If you did not create a ${BRAND_NAME} account, ignore this e-mail.`,
  ].join('\n');
  const c = BRAND_COLORS;
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:${c.background};font-family:Arial,Helvetica,sans-serif;color:${c.text}">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:${c.surface};border:1px solid ${c.border};border-radius:12px"><tr><td style="padding:28px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${BRAND_NAME}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5">Confirm that <strong>${escape(to)}</strong> is your address on ${BRAND_NAME}.</p>
<p style="margin:0 0 20px"><a href="${escape(link)}" style="display:inline-block;padding:11px 18px;border-radius:8px;background:${c.accent};color:${c.accentText};font-weight:bold;text-decoration:none">Verify my address</a></p>
<p style="margin:0 0 8px;font-size:13px;color:${c.textMuted}">Or open this link: <a href="${escape(link)}" style="color:${c.accent}">${escape(link)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:${c.textMuted}">The link works once, within ${EMAIL_VERIFICATION_TTL_HOURS} hours.</p>
<p style="margin:0;font-size:13px;color:${c.textMuted}">If you did not create a ${BRAND_NAME} account, ignore this e-mail.</p>
</td></tr></table></body></html>`;
  return { from, to, subject, text, html };
}

/** Sends verification links through SMTP after the request has been answered (the kit's BackgroundMail). */
export class EmailVerificationMailer implements VerificationLinkSender {
  private readonly mail: BackgroundMail;

  constructor(
    smtpUrl: string,
    private readonly opts: { from: string; logger: Logger; retryDelaysMs?: number[] },
  ) {
    this.mail = new BackgroundMail(nodemailer.createTransport(smtpUrl), { logger: opts.logger, what: 'address verification', retryDelaysMs: opts.retryDelaysMs });
  }

  send(to: string, link: string): void {
    this.mail.send(composeVerification(to, link, this.opts.from));
  }

  stop(): Promise<void> {
    return this.mail.stop();
  }
}
