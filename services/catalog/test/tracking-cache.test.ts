import { resolveTracking } from '@midway/carriers';
import { trackingOf } from '../src/data/mappers';

describe('item views: carrier detection worked out once per number', () => {
  const numbers = ['1Z999AA10123456784', '9400111899223197428490', '123456789012', 'RR123456785CA', 'not a number', '  ', ''];
  it('answers exactly what detection answers, first time and cached, with or without a chosen carrier', () => {
    for (const carrierId of [null, 'ups', 'dhl']) {
      for (const n of numbers) {
        const expected = resolveTracking({ trackingNumber: n, carrierId });
        expect(trackingOf(n, carrierId)).toEqual(expected);
        expect(trackingOf(n, carrierId)).toEqual(expected);
      }
    }
    expect(trackingOf(null, null)).toEqual(resolveTracking({ trackingNumber: null, carrierId: null }));
  });

  it('the same number with another chosen carrier is its own entry', () => {
    expect(trackingOf('1Z999AA10123456784', null).carrierId).toBe('ups');
    expect(trackingOf('1Z999AA10123456784', 'dhl').carrierId).toBe('dhl');
    expect(trackingOf('1Z999AA10123456784', null).carrierId).toBe('ups');
  });
});
