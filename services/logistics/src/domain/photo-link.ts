import { createHmac, timingSafeEqual } from 'node:crypto';
import { DAMAGE_PHOTO_LINK_DAYS, isUuid } from '@midway/contracts';

/**
 * A damage report's e-mail links each photo so the designer opens it without signing in, for 7 days from the
 * report and not after: the link carries its expiry and an HMAC of the photo and that expiry, so neither can
 * be changed, and nothing per link is stored.
 */
const DAY_MS = 86_400_000;
export const PHOTO_LINK_KEY_NAME = 'damage-photo-links';

export const photoLinkExpiry = (reportedAt: Date): Date => new Date(reportedAt.getTime() + DAMAGE_PHOTO_LINK_DAYS * DAY_MS);

const mac = (secret: Buffer, key: string, expires: number) => createHmac('sha256', secret).update(`damage-photo:${key.toLowerCase()}:${expires}`).digest('base64url');

/** The link's path (under PUBLIC_URL): `/api/damage-photos/{key}?expires={unix seconds}&sig={hmac}`. */
export function signedPhotoPath(secret: Buffer, key: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `/api/damage-photos/${key}?expires=${expires}&sig=${mac(secret, key, expires)}`;
}

/** Whether a link opens its photo now: `ok`, `expired` (a genuine link past its time) or `invalid`. */
export function checkPhotoLink(secret: Buffer, key: string, expires: unknown, sig: unknown, now: Date): 'ok' | 'expired' | 'invalid' {
  if (!isUuid(key) || typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof sig !== 'string') return 'invalid';
  const expected = Buffer.from(mac(secret, key, Number(expires)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return now.getTime() >= Number(expires) * 1000 ? 'expired' : 'ok';
}
