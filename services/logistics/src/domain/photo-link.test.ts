import { randomBytes, randomUUID } from 'node:crypto';
import { checkPhotoLink, photoLinkExpiry, signedPhotoPath } from './photo-link';

const secret = randomBytes(32);
const key = randomUUID();
const reportedAt = new Date('2026-05-01T10:00:00.000Z');
const parts = (path: string) => {
  const url = new URL(path, 'http://x');
  return { key: url.pathname.split('/').pop()!, expires: url.searchParams.get('expires'), sig: url.searchParams.get('sig') };
};

it('a link opens its photo for 7 days from the report, then stops', () => {
  const expiry = photoLinkExpiry(reportedAt);
  expect(expiry.toISOString()).toBe('2026-05-08T10:00:00.000Z');
  const l = parts(signedPhotoPath(secret, key, expiry));
  expect(checkPhotoLink(secret, l.key, l.expires, l.sig, new Date('2026-05-08T09:59:59.000Z'))).toBe('ok');
  expect(checkPhotoLink(secret, l.key, l.expires, l.sig, new Date('2026-05-08T10:00:00.000Z'))).toBe('expired');
});

it('refuses a link whose photo, expiry or signature was changed, or signed with another key', () => {
  const l = parts(signedPhotoPath(secret, key, photoLinkExpiry(reportedAt)));
  const now = reportedAt;
  expect(checkPhotoLink(secret, randomUUID(), l.expires, l.sig, now)).toBe('invalid');
  expect(checkPhotoLink(secret, l.key, String(Number(l.expires) + 86_400), l.sig, now)).toBe('invalid');
  expect(checkPhotoLink(secret, l.key, l.expires, `${l.sig}x`, now)).toBe('invalid');
  expect(checkPhotoLink(randomBytes(32), l.key, l.expires, l.sig, now)).toBe('invalid');
  expect(checkPhotoLink(secret, l.key, undefined, l.sig, now)).toBe('invalid');
  expect(checkPhotoLink(secret, 'not-a-key', l.expires, l.sig, now)).toBe('invalid');
});
