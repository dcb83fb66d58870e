import { lineBasis } from './line-basis';

describe('lineBasis: each invoice line traces to a selected service or a warehouse fact', () => {
  it('storage is the warehouse’s, per day; receiving and the rest are selected services; a hand-added line neither', () => {
    expect(lineBasis('storage')).toEqual({ basis: 'Warehouse: per day held', perDay: true });
    expect(lineBasis('receiving')).toEqual({ basis: 'Selected service', perDay: false });
    expect(lineBasis('install_assembly')).toEqual({ basis: 'Selected service', perDay: false });
    expect(lineBasis('special_handling')).toBeNull();
  });
});
