import { canonicalTrackingNumber, itemTrackingKey, matchesBySuffix, readScannedCode } from './tracking-code';

// Real formats (numbers with valid check digits, as carriers print and barcodes carry them), with the noise a
// keyboard-wedge scanner or a person adds.
describe('reading a scanned or typed code', () => {
  it.each([
    ['UPS, typed with spaces and lower case', '1z 5r8 939 03 5756 7127', '1Z5R89390357567127', 'ups'],
    ['UPS, scanned with a trailing CR/LF', '1Z879E930346834440\r\n', '1Z879E930346834440', 'ups'],
    ['FedEx Express 12 digits, dashed', '9865-7878-8855', '986578788855', 'fedex'],
    ['FedEx Ground 15 digits, spaced', '0414 4176 0228 964', '041441760228964', 'fedex'],
    ['DHL Express 10 digits, with a tab', '\t3318810025 ', '3318810025', 'dhl'],
    ['USPS 22 digits, spaced', '9505 5110 6960 5048 6006 24', '9505511069605048600624', 'usps'],
  ])('%s', (_what, raw, trackingNumber, carrierId) => {
    expect(readScannedCode(raw)).toEqual({ trackingNumber, carrierId });
  });

  it('reduces a USPS IMpb barcode (420 + ZIP+4 + number) to its number', () => {
    expect(readScannedCode('4201002334249200190132607600833457')).toEqual({ trackingNumber: '9200190132607600833457', carrierId: 'usps' });
  });

  it('reduces a USPS IMpb barcode with a 5-digit ZIP, a GS separator and an AIM prefix to its number', () => {
    expect(readScannedCode(']C1420 22153\u001d9101026837331000039521')).toEqual({ trackingNumber: '9101026837331000039521', carrierId: 'usps' });
  });

  it('reads a FedEx 34-digit barcode as its last 12 digits', () => {
    expect(readScannedCode('1001921334250001000300779017972697').trackingNumber).toBe('779017972697');
    expect(readScannedCode('1001921334250001000300779017972697').carrierId).toBe('fedex');
  });

  it('keeps an unknown format as typed (letters and digits), with no carrier', () => {
    expect(readScannedCode(' abc-123 456 ')).toEqual({ trackingNumber: 'ABC123456', carrierId: null });
  });

  it('leaves nothing of a code that is only noise', () => {
    expect(canonicalTrackingNumber(' - \u001d ')).toBe('');
  });
});

describe("an item's number in the form scans match", () => {
  it('is the same reading as a scan, so a typed number and a scanned barcode compare equal', () => {
    expect(itemTrackingKey('1Z 5R8 939 03 5756 7127')).toBe(readScannedCode('1z5r89390357567127').trackingNumber);
    expect(itemTrackingKey('9200 1901 3260 7600 8334 57')).toBe(readScannedCode('4201002334249200190132607600833457').trackingNumber);
  });

  it('is null for no number, a blank one, or noise', () => {
    expect(itemTrackingKey(null)).toBeNull();
    expect(itemTrackingKey('  ')).toBeNull();
    expect(itemTrackingKey('--')).toBeNull();
  });
});

it('matches by suffix from 8 characters on', () => {
  expect(matchesBySuffix('1234567')).toBe(false);
  expect(matchesBySuffix('12345678')).toBe(true);
});
