import { BILLING_DEFAULT_RATES } from '@midway/contracts';
import { rateInForce } from './rate-in-force';

describe('rateInForce: the rate a day is charged at', () => {
  const rates = [
    { rate: '2.50', effectiveDate: '2026-03-01', isActive: true },
    { rate: '3.00', effectiveDate: '2026-05-01', isActive: true },
    { rate: '9.99', effectiveDate: '2026-04-01', isActive: false },
  ];

  it('is the newest active rate effective on or before the day; a change applies from its date on, never before', () => {
    expect(rateInForce('storage', '2026-03-01', rates)).toBe('2.50');
    expect(rateInForce('storage', '2026-04-15', rates)).toBe('2.50');
    expect(rateInForce('storage', '2026-04-30', rates)).toBe('2.50');
    expect(rateInForce('storage', '2026-05-01', rates)).toBe('3.00');
  });

  it('is the fee table’s before the first rate, or with none', () => {
    expect(rateInForce('storage', '2026-02-28', rates)).toBe(BILLING_DEFAULT_RATES.storage.rate);
    expect(rateInForce('delivery', '2026-02-28', [])).toBe(BILLING_DEFAULT_RATES.delivery.rate);
  });
});
