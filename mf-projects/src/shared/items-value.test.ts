import { itemsValue, itemValue } from './items-value';

describe('items value', () => {
  it('is price × quantity without floating point', () => {
    expect(itemValue({ price: '19.99', quantity: 3 })).toBe('59.97');
    expect(itemValue({ price: '0.1', quantity: 3 })).toBe('0.30');
  });

  it('leaves out items without a price instead of counting them as 0 or failing', () => {
    expect(itemValue({ price: null, quantity: 4 })).toBeNull();
    expect(itemsValue([{ price: '19.99', quantity: 3 }, { price: null, quantity: 2 }, { price: '0.05', quantity: 1 }])).toBe('60.02');
    expect(itemsValue([])).toBe('0.00');
  });
});
