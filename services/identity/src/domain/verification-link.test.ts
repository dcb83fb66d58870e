import { newVerificationLink, verificationTokenHash } from './verification-link';

describe('an address-verification link', () => {
  const now = new Date('2026-12-07T10:00:00Z');

  it('works for 24 hours from when it is made', () => {
    expect(newVerificationLink('https://midway.example', now).expiresAt.toISOString()).toBe('2026-12-08T10:00:00.000Z');
  });

  it('points at the public address with its token, and stores only the token’s SHA-256', () => {
    const link = newVerificationLink('https://midway.example/', now);
    expect(link.url).toBe(`https://midway.example/api/auth/verify-email?token=${link.token}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.tokenHash).toBe(verificationTokenHash(link.token));
    expect(link.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(link.tokenHash).not.toContain(link.token);
  });

  it('is new every time', () => {
    expect(newVerificationLink('https://midway.example', now).token).not.toBe(newVerificationLink('https://midway.example', now).token);
  });
});
