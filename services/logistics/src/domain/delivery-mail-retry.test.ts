import { DELIVERY_MAIL_MAX_RETRY_MS, deliveryMailRetryDelayMs } from './delivery-mail-retry';

describe('retrying a delivery e-mail the SMTP server did not accept', () => {
  it('waits 30 s after the first failure and doubles the wait with each further one', () => {
    expect([1, 2, 3, 4].map(deliveryMailRetryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('never waits more than an hour, however many attempts failed, and never gives up', () => {
    expect(deliveryMailRetryDelayMs(8)).toBe(DELIVERY_MAIL_MAX_RETRY_MS);
    expect(deliveryMailRetryDelayMs(10_000)).toBe(DELIVERY_MAIL_MAX_RETRY_MS);
    expect(Number.isFinite(deliveryMailRetryDelayMs(Number.MAX_SAFE_INTEGER))).toBe(true);
  });
});
