import { receivingFee } from './receiving-fee';

const item = { id: 'i1', projectId: 'p1', name: 'Sofa', quantity: 5 };
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
});
