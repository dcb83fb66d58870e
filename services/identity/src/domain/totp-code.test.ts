import { acceptedStep, newTotpSecret, totpCodeAt, totpUrl, TOTP_PERIOD_SECONDS } from './totp-code';

const secret = newTotpSecret();
const T = 1_800_000_000_000; // a fixed instant, on a step boundary
const step = T / 1000 / TOTP_PERIOD_SECONDS;

describe('acceptedStep', () => {
  it("accepts the app's code for now and one step either side, with that step", () => {
    expect(acceptedStep(secret, totpCodeAt(secret, T), null, T)).toBe(step);
    expect(acceptedStep(secret, totpCodeAt(secret, T - 30_000), null, T)).toBe(step - 1);
    expect(acceptedStep(secret, totpCodeAt(secret, T + 30_000), null, T)).toBe(step + 1);
  });

  it('refuses a code two steps away, another secret, and what is not six digits', () => {
    expect(acceptedStep(secret, totpCodeAt(secret, T - 60_000), null, T)).toBeNull();
    expect(acceptedStep(secret, totpCodeAt(newTotpSecret(), T), null, T)).toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 12345']) expect(acceptedStep(secret, bad, null, T)).toBeNull();
  });

  it('accepts a code once: not at or before the last step accepted, even within its window', () => {
    const code = totpCodeAt(secret, T);
    expect(acceptedStep(secret, code, BigInt(step), T)).toBeNull();
    expect(acceptedStep(secret, code, BigInt(step), T + 10_000)).toBeNull();
    expect(acceptedStep(secret, totpCodeAt(secret, T - 30_000), BigInt(step), T)).toBeNull();
    expect(acceptedStep(secret, totpCodeAt(secret, T + 30_000), BigInt(step), T + 30_000)).toBe(step + 1);
  });

  it('makes an otpauth URL an app reads, naming Midway and the account', () => {
    const url = new URL(totpUrl(secret, 'ada@midway.test'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Midway');
    expect(decodeURIComponent(url.pathname)).toContain('ada@midway.test');
  });
});
