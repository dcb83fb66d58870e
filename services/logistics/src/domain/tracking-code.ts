import { detectCarrier } from '@midway/carriers';
import { SCAN_SUFFIX_MIN_LENGTH, type CarrierId } from '@midway/contracts';

/**
 * What the receiving desk reads from a scanned or typed code. A keyboard-wedge scanner sends the barcode's
 * characters, sometimes behind an AIM symbology prefix (`]C1`) and with control characters (GS) between its
 * fields; a person types spaces, dashes and either case. Tracking numbers are letters and digits only, so
 * everything else is noise. Two carrier barcodes wrap the number itself:
 * - USPS IMpb: `420` + the 5- or 9-digit ZIP + the tracking number (usually 22 digits);
 * - FedEx's 34-digit barcode: the tracking number is its last 12 digits.
 */
export interface ScannedCode {
  /** The tracking number, as items' numbers are stored (the same rule, so both compare equal). */
  trackingNumber: string;
  carrierId: CarrierId | null;
}

const AIM_PREFIX = /^\][A-Za-z][0-9A-Za-z]/;
/** Letters and digits, upper case: the form every tracking number is compared in (an item's and a scan's). */
export const canonicalTrackingNumber = (raw: string): string => raw.replace(AIM_PREFIX, '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();

const USPS_IMPB = /^420(?:\d{9}|\d{5})/;

/** The USPS number inside an IMpb barcode (420 + ZIP + number), or null when the code is not one. */
function uspsInsideImpb(code: string): string | null {
  if (!USPS_IMPB.test(code)) return null;
  // ZIP+4 first: a 5-digit reading of a ZIP+4 barcode would leave the +4 in front of the number.
  for (const zip of [9, 5]) {
    const rest = code.slice(3 + zip);
    if (/^\d+$/.test(code.slice(3, 3 + zip)) && detectCarrier(rest) === 'usps') return rest;
  }
  // An IMpb whose number has no check digit we know: the usual 22-digit number after a 5- or 9-digit ZIP.
  for (const zip of [9, 5]) {
    const rest = code.slice(3 + zip);
    if (/^\d+$/.test(code.slice(3, 3 + zip)) && /^9\d{21}$/.test(rest)) return rest;
  }
  return null;
}

/** Reads a scanned or typed code (see ScannedCode). */
export function readScannedCode(raw: string): ScannedCode {
  const code = canonicalTrackingNumber(raw);
  const usps = uspsInsideImpb(code);
  if (usps) return { trackingNumber: usps, carrierId: 'usps' };
  if (/^\d{34}$/.test(code)) {
    const fedex = code.slice(-12);
    return { trackingNumber: fedex, carrierId: detectCarrier(fedex) ?? 'fedex' };
  }
  return { trackingNumber: code, carrierId: detectCarrier(code) };
}

/** An item's stored tracking number in the form scans are matched against (null for none or only noise). */
export function itemTrackingKey(trackingNumber: string | null | undefined): string | null {
  if (!trackingNumber) return null;
  const n = readScannedCode(trackingNumber).trackingNumber;
  return n === '' ? null : n;
}

/** Whether a scanned number is long enough to match items whose number ends with it. */
export const matchesBySuffix = (trackingNumber: string): boolean => trackingNumber.length >= SCAN_SUFFIX_MIN_LENGTH;
