import { cardLast4 } from './receipt';

describe('the card a receipt names', () => {
  it('is the last four digits wherever the processor put them', () => {
    expect(cardLast4({ payment_method: { id: 'pm_1', card: { last4: '4242' } } })).toBe('4242');
    expect(cardLast4({ payment_method: 'pm_1', latest_charge: { payment_method_details: { card: { last4: '1881' } } } })).toBe('1881');
    expect(cardLast4({ charges: { data: [{ payment_method_details: { card: { last4: '0005' } } }] } })).toBe('0005');
  });

  it('is unknown when the event has no card details, or nonsense in their place', () => {
    expect(cardLast4({ payment_method: 'pm_1' })).toBeNull();
    expect(cardLast4({ latest_charge: 'ch_1' })).toBeNull();
    expect(cardLast4({ payment_method: { card: { last4: '<b>' } } })).toBeNull();
    expect(cardLast4({ charges: { data: [] } })).toBeNull();
  });
});
