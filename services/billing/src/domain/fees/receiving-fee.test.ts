import { receivingFee, receivingTakenBack, selectionPrecedesReceipt } from './receiving-fee';

const item = { id: 'i1', projectId: 'p1', name: 'Sofa', quantity: 5, selected: true };
const rate = () => '25.00';

describe('receivingFee: once per item ever, on the day the warehouse’s custody began, per unit', () => {
  it('charges the arrival day, quantity × rate', () => {
    const fee = receivingFee(item, { sinceDay: '2026-01-03', endDay: null }, rate);
    expect(fee).toEqual({ key: 'receiving:i1', projectId: 'p1', itemId: 'i1', type: 'receiving', date: '2026-01-03', quantity: 5, rate: '25.00', amount: '125.00', description: 'White-Glove Receiving — Sofa' });
  });

  it('charges nothing for an item the warehouse never held, whatever status a designer gave it', () => {
    expect(receivingFee(item, null, rate)).toBeNull();
  });

  it('is keyed by the item alone and dated on the arrival, also once custody has ended', () => {
    const held = receivingFee(item, { sinceDay: '2026-01-03', endDay: null }, rate)!;
    const delivered = receivingFee(item, { sinceDay: '2026-01-03', endDay: '2026-01-09' }, rate)!;
    expect(delivered.key).toBe(held.key);
    expect(delivered.date).toBe('2026-01-03');
  });

  it('charges nothing when receiving is not selected on the item: switched off on the Services page, not billed', () => {
    expect(receivingFee({ ...item, selected: false }, { sinceDay: '2026-01-03', endDay: null }, rate)).toBeNull();
  });
});

describe('a selection change heard after the arrival (two streams)', () => {
  it('decides the fee only when it was made before custody began', () => {
    expect(selectionPrecedesReceipt({ changedAt: '2026-01-03T09:00:00Z', custodySince: '2026-01-03T10:00:00Z' })).toBe(true);
    expect(selectionPrecedesReceipt({ changedAt: '2026-01-03T11:00:00Z', custodySince: '2026-01-03T10:00:00Z' })).toBe(false);
    expect(selectionPrecedesReceipt({ changedAt: '2026-01-03T09:00:00Z', custodySince: null })).toBe(false);
  });

  it('takes back a receiving fee cleared before the arrival, unless it is invoiced', () => {
    expect(receivingTakenBack({ changedAt: '2026-01-03T09:00:00Z', custodySince: '2026-01-03T10:00:00Z', invoiced: false })).toBe(true);
    expect(receivingTakenBack({ changedAt: '2026-01-03T09:00:00Z', custodySince: '2026-01-03T10:00:00Z', invoiced: true })).toBe(false);
    expect(receivingTakenBack({ changedAt: '2026-01-04T09:00:00Z', custodySince: '2026-01-03T10:00:00Z', invoiced: false })).toBe(false);
  });
});
