import { billingEnvSchema } from './config';

const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/midway', NATS_URL: 'nats://127.0.0.1:4222', INTERNAL_TOKEN_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----x' };

describe('billingEnvSchema', () => {
  it('reads compose’s empty strings (${X:-}) as not configured: offline payments, no e-mail', () => {
    const c = billingEnvSchema.parse({ ...base, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', SMTP_URL: '', BILLING_WEBHOOK_URL: '' });
    expect(c).toMatchObject({ BILLING_PORT: 4004, BILLING_TIME_ZONE: 'UTC', BILLING_JOBS: 'on' });
    expect([c.STRIPE_SECRET_KEY, c.STRIPE_WEBHOOK_SECRET, c.SMTP_URL, c.BILLING_WEBHOOK_URL]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('refuses a time zone or key that cannot be right, saying what is expected', () => {
    expect(() => billingEnvSchema.parse({ ...base, BILLING_TIME_ZONE: 'Mars/Olympus' })).toThrow(/IANA time zone/);
    expect(() => billingEnvSchema.parse({ ...base, STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(/sk_/);
    expect(billingEnvSchema.parse({ ...base, BILLING_TIME_ZONE: 'America/Vancouver' })).toMatchObject({ BILLING_TIME_ZONE: 'America/Vancouver' });
  });
});
