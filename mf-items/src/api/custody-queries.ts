import { useQuery } from '@tanstack/react-query';
import { custodyApi } from './custody-api';

/** Logistics' keys (the warehouse's screens refresh them by the same path). */
export const custodyKeys = {
  item: (itemId: string) => ['/api/warehouse/items', itemId] as const,
  timeline: (itemId: string) => ['/api/warehouse/items', itemId, 'timeline'] as const,
};

/** The item's custody as a designer may read it: where it is, its pieces (null when the warehouse never heard of it). */
export const useItemCustody = (itemId: string, enabled = true) => useQuery({ queryKey: custodyKeys.item(itemId), queryFn: () => custodyApi.item(itemId), enabled });

/** The item's custody timeline, without staff notes (logistics leaves them out for designers). */
export const useItemCustodyTimeline = (itemId: string, enabled: boolean) => useQuery({ queryKey: custodyKeys.timeline(itemId), queryFn: () => custodyApi.timeline(itemId), enabled });
