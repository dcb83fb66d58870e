import { CARRIER_IDS } from '@midway/contracts';
import { CARRIERS, detectCarrier, resolveTracking, trackingUrl } from './index';

describe('detectCarrier with real-format numbers', () => {
  it.each([
    ['1Z5R89390357567127', 'ups'],
    ['1Z 879E 930 3468 34440', 'ups'],
    ['986578788855', 'fedex'],
    ['9611020987654312345672', 'fedex'],
    ['9505 5110 6960 5048 6006 24', 'usps'],
    ['7112 3456 7891 2345 6787', 'usps'],
    ['3318810025', 'dhl'],
    ['RB123456785CA', 'canada-post'],
    ['rb123456785ca', 'canada-post'],
    ['RB123456785US', 'usps'],
    ['329012345679', 'purolator'],
    ['ABC123456789', 'purolator'],
    ['TBA010000000000', 'amazon'],
    ['C11031500001879', 'ontrac'],
  ])('%s → %s', (n, carrier) => {
    expect(detectCarrier(n)).toBe(carrier);
  });

  it.each(['1Z5R89390357567128', 'RB123456784CA', 'RB123456785GB', 'hello', '', 'ORDER-42', '12345'])('%s is not recognised', (n) => {
    expect(detectCarrier(n)).toBeNull();
  });
});

describe('resolveTracking', () => {
  it('detects when no carrier was chosen and links to the carrier’s page', () => {
    expect(resolveTracking({ trackingNumber: '1Z5R89390357567127', carrierId: null })).toEqual({ carrierId: 'ups', trackingUrl: 'https://www.ups.com/track?tracknum=1Z5R89390357567127' });
  });
  it('keeps the carrier the designer chose', () => {
    expect(resolveTracking({ trackingNumber: '1Z5R89390357567127', carrierId: 'fedex' }).carrierId).toBe('fedex');
  });
  it('an unrecognised number keeps carrierId empty and has no link', () => {
    expect(resolveTracking({ trackingNumber: 'NOT-A-NUMBER', carrierId: null })).toEqual({ carrierId: null, trackingUrl: null });
    expect(resolveTracking({ trackingNumber: null, carrierId: null })).toEqual({ carrierId: null, trackingUrl: null });
  });
  it('encodes the number into the link', () => {
    expect(trackingUrl('purolator', 'ABC 123456789')).toBe('https://www.purolator.com/en/shipping/tracker?pin=ABC123456789');
  });
});

it('lists every carrier of the vocabulary, each with a https template holding the number', () => {
  expect(CARRIERS.map((c) => c.id)).toEqual([...CARRIER_IDS]);
  for (const c of CARRIERS) expect(c.trackingUrlTemplate).toMatch(/^https:\/\/.*\{trackingNumber\}/);
});
