import type { CustodyEvent, CustodyView } from '@midway/contracts';
import { ApiError, apiJson } from '@midway/ui';
import { useQuery } from '@tanstack/react-query';

/** null: the warehouse has not heard of the item (404), so it has no custody to show. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const id = encodeURIComponent;
/** Logistics' keys (the warehouse's screens refresh them by the same prefix). */
export const custodyKeys = {
  item: (itemId: string) => ['/api/warehouse/items', itemId] as const,
  timeline: (itemId: string) => ['/api/warehouse/items', itemId, 'timeline'] as const,
};

/** The item's custody as a designer may read it (logistics: the project's readers): where it is, its pieces. */
export const useItemCustody = (itemId: string) =>
  useQuery({ queryKey: custodyKeys.item(itemId), queryFn: () => orNull(apiJson<CustodyView>('GET', `/api/warehouse/items/${id(itemId)}`)) });

/** The item's custody timeline, without staff notes (logistics leaves them out for designers). */
export const useItemCustodyTimeline = (itemId: string, enabled: boolean) =>
  useQuery({ queryKey: custodyKeys.timeline(itemId), queryFn: () => orNull(apiJson<CustodyEvent[]>('GET', `/api/warehouse/items/${id(itemId)}/timeline`)), enabled });
