import { receivingFee, receivingTakenBack, selectionPrecedesReceipt } from './receiving-fee';

const item = { id: 'i1', projectId: 'p1', name: 'Sofa', quantity: 5, selected: true };
const rate = () => '25.00';

describe('receivingFee: once per item ever, on the day it first entered storage, per unit', () => {
  it('charges the first day the item was received or stored, quantity × rate', () => {
    const fee = receivingFee(item, [{ status: 'ordered', day: '2026-01-01' }, { status: 'stored', day: '2026-01-05' }, { status: 'received', day: '2026-01-03' }], rate);
    expect(fee).toEqual({ key: 'receiving:i1', projectId: 'p1', itemId: 'i1', type: 'receiving', date: '2026-01-03', quantity: 5, rate: '25.00', amount: '125.00', description: 'White-Glove Receiving — Sofa' });
  });

  it('charges nothing for an item never in storage', () => {
    expect(receivingFee(item, [{ status: 'ordered', day: '2026-01-01' }, { status: 'in-transit', day: '2026-01-02' }, { status: 'delivered', day: '2026-01-03' }], rate)).toBeNull();
  });

  it('is keyed by the item alone, so leaving and entering storage again charges nothing more', () => {
    const once = receivingFee(item, [{ status: 'received', day: '2026-01-03' }], rate)!;
    const again = receivingFee(item, [{ status: 'received', day: '2026-01-03' }, { status: 'ordered', day: '2026-01-04' }, { status: 'stored', day: '2026-01-09' }], rate)!;
    expect(again.key).toBe(once.key);
    expect(again.date).toBe('2026-01-03');
  });

  it('charges nothing when receiving is not selected on the item: switched off on the Services page, not billed', () => {
    expect(receivingFee({ ...item, selected: false }, [{ status: 'received', day: '2026-01-03' }], rate)).toBeNull();
  });
});

describe('a selection change heard after the receipt (two streams)', () => {
  it('decides the fee only when it was made before the item first entered storage', () => {
    expect(selectionPrecedesReceipt({ changedAt: '2026-01-03T09:00:00Z', firstInStorageAt: '2026-01-03T10:00:00Z' })).toBe(true);
    expect(selectionPrecedesReceipt({ changedAt: '2026-01-03T11:00:00Z', firstInStorageAt: '2026-01-03T10:00:00Z' })).toBe(false);
    expect(selectionPrecedesReceipt({ changedAt: '2026-01-03T09:00:00Z', firstInStorageAt: null })).toBe(false);
  });

  it('takes back a receiving fee cleared before the receipt, unless it is invoiced', () => {
    expect(receivingTakenBack({ changedAt: '2026-01-03T09:00:00Z', firstInStorageAt: '2026-01-03T10:00:00Z', invoiced: false })).toBe(true);
    expect(receivingTakenBack({ changedAt: '2026-01-03T09:00:00Z', firstInStorageAt: '2026-01-03T10:00:00Z', invoiced: true })).toBe(false);
    expect(receivingTakenBack({ changedAt: '2026-01-04T09:00:00Z', firstInStorageAt: '2026-01-03T10:00:00Z', invoiced: false })).toBe(false);
  });
});
