/**
 * `@midway/carriers`: the carriers an item's tracking number can belong to, their tracking links, and which
 * carrier a number belongs to. Detection is ts-tracking-number's (it checks each format's check digit), plus
 * what it lacks: Purolator, and Canada Post (which it only knows as a UPU S10 number ending in CA).
 */
import { getTracking } from 'ts-tracking-number';
import type { Carrier, CarrierId } from '@midway/contracts';

export type { Carrier, CarrierId } from '@midway/contracts';

/** `{trackingNumber}` in a template is replaced by the (URL-encoded) number. */
export const CARRIERS: readonly Carrier[] = [
  { id: 'ups', name: 'UPS', trackingUrlTemplate: 'https://www.ups.com/track?tracknum={trackingNumber}' },
  { id: 'fedex', name: 'FedEx', trackingUrlTemplate: 'https://www.fedex.com/fedextrack/?trknbr={trackingNumber}' },
  { id: 'usps', name: 'USPS', trackingUrlTemplate: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={trackingNumber}' },
  { id: 'dhl', name: 'DHL', trackingUrlTemplate: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id={trackingNumber}' },
  { id: 'amazon', name: 'Amazon Logistics', trackingUrlTemplate: 'https://track.amazon.com/tracking/{trackingNumber}' },
  { id: 'ontrac', name: 'OnTrac', trackingUrlTemplate: 'https://www.ontrac.com/tracking/?number={trackingNumber}' },
  { id: 'canada-post', name: 'Canada Post', trackingUrlTemplate: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={trackingNumber}' },
  { id: 'purolator', name: 'Purolator', trackingUrlTemplate: 'https://www.purolator.com/en/shipping/tracker?pin={trackingNumber}' },
];

const byId = new Map(CARRIERS.map((c) => [c.id as string, c]));
export const carrierById = (id: string): Carrier | undefined => byId.get(id);

/** ts-tracking-number's courier codes that are one of ours. */
const COURIERS: Record<string, CarrierId> = { ups: 'ups', fedex: 'fedex', usps: 'usps', dhl: 'dhl', amazon: 'amazon', ontrac: 'ontrac' };

/**
 * Purolator PINs: 12 digits, or 3 letters and 9 digits. Tried only after ts-tracking-number found nothing,
 * since a 12-digit number with a valid FedEx Express check digit is FedEx's.
 */
const PUROLATOR = [/^\d{12}$/, /^[A-Z]{3}\d{9}$/];

/** The number as carriers print it may have spaces or dashes; they are not part of it. */
export const normalizeTrackingNumber = (n: string) => n.replace(/[\s-]/g, '').toUpperCase();

/** The carrier a tracking number belongs to, or null when no known format (with its check digit) matches. */
export function detectCarrier(trackingNumber: string | null | undefined): CarrierId | null {
  if (!trackingNumber) return null;
  const n = normalizeTrackingNumber(trackingNumber);
  if (n.length < 8 || n.length > 40 || !/^[A-Z0-9]+$/.test(n)) return null;
  const found = getTracking(n);
  if (found) {
    if (found.courier.code === 's10') {
      // UPU S10 (two letters, 8 digits, check digit, country): the country names the post.
      if (n.endsWith('CA')) return 'canada-post';
      if (n.endsWith('US')) return 'usps';
      return null;
    }
    return COURIERS[found.courier.code] ?? null;
  }
  if (PUROLATOR.some((p) => p.test(n))) return 'purolator';
  return null;
}

/** The carrier's tracking page for the number, or null for an unknown carrier or no number. */
export function trackingUrl(carrierId: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const carrier = carrierId ? carrierById(carrierId) : undefined;
  if (!carrier || !trackingNumber) return null;
  return carrier.trackingUrlTemplate.replace('{trackingNumber}', encodeURIComponent(normalizeTrackingNumber(trackingNumber)));
}

/**
 * What an item view shows: the carrier the designer chose is kept (with its link when it is one we know);
 * with none chosen, the one detected from the number; an unrecognised number has no carrier and no link.
 */
export function resolveTracking(item: { trackingNumber: string | null; carrierId: string | null }): { carrierId: string | null; trackingUrl: string | null } {
  const carrierId = item.carrierId || detectCarrier(item.trackingNumber);
  return { carrierId: carrierId ?? null, trackingUrl: trackingUrl(carrierId, item.trackingNumber) };
}
