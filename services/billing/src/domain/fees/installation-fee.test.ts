import { installationFees, installationTakenBack } from './installation-fee';

describe('installationFees: once per item delivered with installation selected', () => {
  it('one unit per item, on its delivery day, keyed by the item', () => {
    const fees = installationFees([{ itemId: 'a', projectId: 'p1', name: 'Bed', day: '2026-01-05', selected: true }, { itemId: 'b', projectId: 'p1', name: 'Desk', day: '2026-01-05', selected: false }], () => '75.00');
    expect(fees).toEqual([{ key: 'install_assembly:a', projectId: 'p1', itemId: 'a', type: 'install_assembly', date: '2026-01-05', quantity: 1, rate: '75.00', amount: '75.00', description: 'Installation & Assembly — Bed' }]);
  });

  it('is taken back when it was cleared before the delivery and is not invoiced yet', () => {
    const c = { clearedAt: '2026-01-05T09:00:00Z', deliveredAt: '2026-01-05T10:00:00Z', invoiced: false };
    expect(installationTakenBack(c)).toBe(true);
    expect(installationTakenBack({ ...c, clearedAt: '2026-01-05T10:00:01Z' })).toBe(false);
    expect(installationTakenBack({ ...c, invoiced: true })).toBe(false);
  });
});
