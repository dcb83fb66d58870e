import type { Item } from '@midway/contracts';
import { Button, toast } from '@midway/ui';
import { ExternalLink } from 'lucide-react';
import type { MouseEvent } from 'react';
import { carrierIdOf } from './item-warnings';
import { ROW_BUTTON_CLASS, rowIconClass } from './row-styles';

/** The carrier's name when the item has a tracking number and a carrier; null when there is no button to show. */
function trackingCarrier(item: Item, carrierName: (id: string) => string): string | null {
  const carrierId = carrierIdOf(item);
  return carrierId && item.trackingNumber ? carrierName(carrierId) : null;
}

function openTracking(e: MouseEvent, item: Item, carrier: string) {
  e.stopPropagation();
  toast({ title: 'Track Package', description: `Opening tracking for ${carrier}: ${item.trackingNumber}` });
  // Catalog's item views carry the carrier's tracking link for the number (none for an unrecognised one).
  const url = item.trackingUrl;
  if (url && /^https:\/\//.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Beside a tracking number, only when a carrier is set. It says 'Track Package: Opening tracking
 * for {carrier}: {number}' and opens the carrier's page in a new tab when the item carries its link.
 */
export function TrackingButton({ item, carrierName }: { item: Item; carrierName(id: string): string }) {
  const carrier = trackingCarrier(item, carrierName);
  if (!carrier) return null;
  return (
    <Button $variant="ghost" $size="icon" aria-label={`Track package with ${carrier}`} title={`Track with ${carrier}`} onClick={(e) => openTracking(e, item, carrier)}>
      <ExternalLink aria-hidden />
    </Button>
  );
}

/** The same button in a list row, as plain elements (see row-styles.ts). */
export function RowTrackingButton({ item, carrierName }: { item: Item; carrierName(id: string): string }) {
  const carrier = trackingCarrier(item, carrierName);
  if (!carrier) return null;
  return (
    <button type="button" className={ROW_BUTTON_CLASS} aria-label={`Track package with ${carrier}`} title={`Track with ${carrier}`} onClick={(e) => openTracking(e, item, carrier)}>
      <span className={rowIconClass('external')} aria-hidden />
    </button>
  );
}
