import type { Item } from '@midway/contracts';
import { Button, toast } from '@midway/ui';
import { ExternalLink } from 'lucide-react';
import { carrierIdOf } from './item-warnings';

/**
 * Spec section 2: beside a tracking number, only when a carrier is set. It says 'Track Package: Opening tracking
 * for {carrier}: {number}' and opens the carrier's page in a new tab when the item carries its link.
 */
export function TrackingButton({ item, carrierName }: { item: Item; carrierName(id: string): string }) {
  const carrierId = carrierIdOf(item);
  if (!carrierId || !item.trackingNumber) return null;
  const carrier = carrierName(carrierId);
  return (
    <Button
      $variant="ghost"
      $size="icon"
      aria-label={`Track package with ${carrier}`}
      title={`Track with ${carrier}`}
      onClick={(e) => {
        e.stopPropagation();
        toast({ title: 'Track Package', description: `Opening tracking for ${carrier}: ${item.trackingNumber}` });
        // Catalog's item views carry the carrier's tracking link for the number (none for an unrecognised one).
        const url = item.trackingUrl;
        if (url && /^https:\/\//.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
      }}
    >
      <ExternalLink aria-hidden />
    </Button>
  );
}
