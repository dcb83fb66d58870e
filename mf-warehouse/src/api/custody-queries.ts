import type { CreateLocationBody, ReleaseBody } from '@midway/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { failureToast } from './receiving-queries';
import { custodyApi } from './custody-api';
import { queryKeys } from './query-keys';

/** Custody changed: the locations' counts, found items, an item's view and timeline, and the designers' items (other remotes' keys). */
export function useRefreshCustody() {
  const queryClient = useQueryClient();
  // Keys start with their GET path ('/api/warehouse/locations', '/api/delivery-runs/days'): matched by the path's start.
  const ours = (key: readonly unknown[]) => typeof key[0] === 'string' && /^\/api\/(warehouse|delivery-runs)(\/|$)/.test(key[0]);
  return () =>
    Promise.all([queryClient.invalidateQueries({ predicate: (q) => ours(q.queryKey) }), ...[queryKeys.deliveriesAll, queryKeys.items, queryKeys.projects].map((queryKey) => queryClient.invalidateQueries({ queryKey }))]);
}

export const custodyKeys = {
  locations: ['/api/warehouse/locations'] as const,
  item: (itemId: string) => ['/api/warehouse/items', itemId] as const,
  timeline: (itemId: string) => ['/api/warehouse/items', itemId, 'timeline'] as const,
  find: (q: string) => ['/api/warehouse/items', `?q=${q}`] as const,
  pickList: (runId: string) => ['/api/delivery-runs', runId, 'pick-list'] as const,
  counts: (locationCode: string) => ['/api/warehouse/counts', `?locationCode=${locationCode}`] as const,
};

export const useLocations = () => useQuery({ queryKey: custodyKeys.locations, queryFn: custodyApi.listLocations });

export function useCreateLocation() {
  const refresh = useRefreshCustody();
  return useMutation({
    mutationFn: (body: CreateLocationBody) => custodyApi.createLocation(body),
    onSuccess: () => refresh(),
  });
}

export const useCustodyItem = (itemId: string | null) => useQuery({ queryKey: custodyKeys.item(itemId ?? ''), queryFn: () => custodyApi.item(itemId!), enabled: !!itemId });
export const useCustodyTimeline = (itemId: string | null) => useQuery({ queryKey: custodyKeys.timeline(itemId ?? ''), queryFn: () => custodyApi.timeline(itemId!), enabled: !!itemId });

/** Items in custody matching q, a page at a time (the next page by the cursor the last one gave). */
export function useFindItems(q: string) {
  return useInfiniteQuery({
    queryKey: custodyKeys.find(q),
    queryFn: ({ pageParam }) => custodyApi.findItems(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useRelease() {
  const refresh = useRefreshCustody();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: ReleaseBody }) => custodyApi.release(itemId, body),
    onSuccess: () => refresh(),
    onError: failureToast('Could not release the item', 'Check the connection and try again; the item is still in custody.'),
  });
}

export const usePickList = (runId: string | null) => useQuery({ queryKey: custodyKeys.pickList(runId ?? ''), queryFn: () => custodyApi.pickList(runId!), enabled: !!runId });
export const useLocationCounts = (locationCode: string) => useQuery({ queryKey: custodyKeys.counts(locationCode), queryFn: () => custodyApi.counts(locationCode), enabled: !!locationCode });
