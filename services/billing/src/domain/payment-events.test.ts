import { describeAnomaly, judgePayment, signatureTimeAcceptable, signatureTimestamp, type RecordedIntent } from './payment-events';

const invoice = (status: 'draft' | 'sent' | 'overdue' | 'paid' | 'void' = 'sent') => ({ id: 'inv-1', status });
const intent: RecordedIntent = { invoiceId: 'inv-1', amountCents: 5000n, currency: 'usd' };
const event = (amount: number, currency = 'usd') => ({ amount, currency });

describe('what a succeeded payment event may do', () => {
  it('pays a sent or overdue invoice through the intent recorded for it, in its currency, for its exact amount', () => {
    expect(judgePayment({ invoice: invoice('sent'), intent, event: event(5000) })).toEqual({ pay: true, amountCents: 5000n });
    expect(judgePayment({ invoice: invoice('overdue'), intent, event: event(5000, 'USD') })).toEqual({ pay: true, amountCents: 5000n });
  });

  it('never pays a draft, void or already paid invoice', () => {
    expect(judgePayment({ invoice: invoice('draft'), intent, event: event(5000) })).toEqual({ pay: false, kind: 'draft_invoice' });
    expect(judgePayment({ invoice: invoice('void'), intent, event: event(5000) })).toEqual({ pay: false, kind: 'void_invoice' });
    expect(judgePayment({ invoice: invoice('paid'), intent, event: event(5000) })).toEqual({ pay: false, kind: 'paid_invoice' });
  });

  it('moves nothing for an intent this platform did not create for that invoice', () => {
    expect(judgePayment({ invoice: null, intent: null, event: event(5000) })).toEqual({ pay: false, kind: 'unknown_intent' });
    expect(judgePayment({ invoice: invoice(), intent: null, event: event(5000) })).toEqual({ pay: false, kind: 'unknown_intent' });
    expect(judgePayment({ invoice: invoice(), intent: { ...intent, invoiceId: 'inv-2' }, event: event(5000) })).toEqual({ pay: false, kind: 'unknown_intent' });
  });

  it('moves nothing in another currency (5000 JPY is not 50.00 USD)', () => {
    expect(judgePayment({ invoice: invoice(), intent, event: event(5000, 'jpy') })).toEqual({ pay: false, kind: 'currency_mismatch' });
  });

  it.each([[-10], [0], [4999], [5001], [50.5], [Number.MAX_SAFE_INTEGER + 2], [Number.NaN], [Infinity]])('moves nothing for an amount of %p', (amount) => {
    expect(judgePayment({ invoice: invoice(), intent, event: event(amount) })).toEqual({ pay: false, kind: 'amount_mismatch' });
  });
});

describe('a signature’s time', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  const s = now / 1000;
  it('is accepted within 300 s either way', () => {
    for (const t of [s, s - 300, s + 300, s - 1, s + 1]) expect([t - s, signatureTimeAcceptable(t, now)]).toEqual([t - s, true]);
  });
  it('is refused past 300 s, in the past or the future, and in milliseconds', () => {
    for (const t of [s - 301, s + 301, s + 30 * 86400, s - 30 * 86400, now, Number.NaN]) expect([t, signatureTimeAcceptable(t, now)]).toEqual([t, false]);
  });
  it('is read from the header as Stripe’s SDK reads it (the last t=)', () => {
    expect(signatureTimestamp('t=1764158400,v1=abc')).toBe(1764158400);
    expect(signatureTimestamp('t=1,v1=abc,t=1764158400')).toBe(1764158400);
    expect(signatureTimestamp('v1=abc')).toBeNull();
    expect(signatureTimestamp('t=soon,v1=abc')).toBeNull();
  });
});

describe('an anomaly in words', () => {
  it('tells a person what to refund', () => {
    expect(describeAnomaly({ kind: 'void_invoice', invoiceNumber: 'INV-2026-000042', intentId: 'pi_1', amount: '5000', currency: 'usd' })).toEqual({
      message: 'A payment of $50.00 USD arrived for invoice INV-2026-000042, which is void.',
      action: 'Refund $50.00 USD in Stripe (payment pi_1).',
    });
    expect(describeAnomaly({ kind: 'currency_mismatch', invoiceNumber: 'INV-2026-000042', intentId: 'pi_2', amount: '5000', currency: 'jpy' }).action).toBe('Refund 5000 JPY in Stripe (payment pi_2). Then ask the client to pay the invoice again.');
    expect(describeAnomaly({ kind: 'unknown_intent', invoiceNumber: null, intentId: 'pi_3', amount: '100', currency: 'usd' }).message).toBe('A payment of $1.00 USD arrived that names no invoice of this platform.');
  });
  it('asks to look into amounts that are not a whole positive number of cents', () => {
    expect(describeAnomaly({ kind: 'amount_mismatch', invoiceNumber: 'INV-1', intentId: 'pi_4', amount: '-10', currency: 'usd' }).action).toMatch(/^Look up payment pi_4 in Stripe/);
  });
});
