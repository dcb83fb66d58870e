import { inspectionFee } from './inspection-fee';

const inspection = { itemId: 'i1', projectId: 'p1', day: '2026-01-05', selected: true, item: { name: 'Chair', quantity: 3, deleted: false } };

describe('inspectionFee: once per item inspected with the service selected, per unit', () => {
  it('charges quantity × rate on the inspection day', () => {
    expect(inspectionFee(inspection, () => '15.00')).toEqual({ key: 'enhanced_inspection:i1', projectId: 'p1', itemId: 'i1', type: 'enhanced_inspection', date: '2026-01-05', quantity: 3, rate: '15.00', amount: '45.00', description: 'Enhanced Inspection — Chair' });
  });

  it('charges nothing when the service is not selected at the inspection, or the item is deleted', () => {
    expect(inspectionFee({ ...inspection, selected: false }, () => '15.00')).toBeNull();
    expect(inspectionFee({ ...inspection, item: { ...inspection.item, deleted: true } }, () => '15.00')).toBeNull();
  });

  it('charges an item billing has not heard of yet one unit, to the inspection’s project', () => {
    expect(inspectionFee({ ...inspection, item: null }, () => '15.00')).toMatchObject({ projectId: 'p1', quantity: 1, amount: '15.00', description: 'Enhanced Inspection — item' });
  });
});
