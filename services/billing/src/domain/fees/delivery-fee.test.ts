import { DELIVERY, deliveryFees, deliveryTakenBack } from './delivery-fee';

const item = (itemId: string, projectId: string, day: string, selected: boolean) => ({ itemId, projectId, name: itemId, day, selected });

describe('deliveryFees: one delivery per project per delivery day, for items with delivery selected', () => {
  it('consolidates a project’s items delivered the same day into one delivery, one unit', () => {
    const fees = deliveryFees([item('a', 'p1', '2026-01-05', true), item('b', 'p1', '2026-01-05', true), item('c', 'p1', '2026-01-06', true), item('d', 'p2', '2026-01-05', true)], () => '50.00');
    expect(fees.map((f) => [f.key, f.itemId, f.quantity, f.amount])).toEqual([
      ['delivery:p1:2026-01-05', null, 1, '50.00'],
      ['delivery:p1:2026-01-06', null, 1, '50.00'],
      ['delivery:p2:2026-01-05', null, 1, '50.00'],
    ]);
  });

  it('charges nothing for items delivered without delivery selected', () => {
    expect(deliveryFees([item('a', 'p1', '2026-01-05', false)], () => '50.00')).toEqual([]);
  });

  it('names the day as the invoice shows it', () => {
    expect(DELIVERY.description('2026-01-05')).toBe('Last-Mile Delivery on Jan 05, 2026');
    expect(DELIVERY.description('2026-12-31')).toBe('Last-Mile Delivery on Dec 31, 2026');
  });
});

describe('deliveryTakenBack: a delivery cleared before the delivery but heard after it', () => {
  const cleared = { clearedAt: '2026-01-05T09:00:00Z', deliveredAt: '2026-01-05T10:00:00Z', invoiced: false, othersSelectedThatDay: 0 };
  it('is taken back when no other item delivered that day still has delivery selected', () => {
    expect(deliveryTakenBack(cleared)).toBe(true);
    expect(deliveryTakenBack({ ...cleared, othersSelectedThatDay: 1 })).toBe(false);
  });

  it('stays when the clearing came after the delivery, or the fee is already invoiced', () => {
    expect(deliveryTakenBack({ ...cleared, clearedAt: '2026-01-05T11:00:00Z' })).toBe(false);
    expect(deliveryTakenBack({ ...cleared, invoiced: true })).toBe(false);
  });
});
