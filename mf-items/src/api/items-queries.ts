import type { ItemStatus } from '@midway/contracts';
import { ITEM_STATUS_LABELS } from '@midway/contracts/vocab';
import { isUnauthorizedError, serverMessage, toast } from '@midway/ui';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { itemsApi, ITEMS_PAGE_SIZE, type ItemChanges, type ItemFilters, type ItemInput } from './items-api';
import { takeFirstData, takeFirstPromise } from './first-reads';
import { AFTER_ITEM_CHANGE, queryKeys } from './query-keys';
import { countLabel } from '../shared/format';

export { ITEMS_PAGE_SIZE };

const unfiltered = (filters: ItemFilters) => Object.keys(filters).length === 0;

export function useItemPages(filters: ItemFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.itemsPages(filters),
    queryFn: ({ pageParam }) =>
      (pageParam === null && unfiltered(filters) ? takeFirstPromise('page') : undefined) ?? itemsApi.listItems(filters, { limit: ITEMS_PAGE_SIZE, cursor: pageParam }),
    // The first page the route's preload already parsed (first-reads.ts): the first render shows rows, not the skeleton.
    initialData: () => {
      const page = unfiltered(filters) ? takeFirstData('page') : undefined;
      return page ? { pages: [page], pageParams: [null] } : undefined;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Each new page would otherwise be deep-compared with every page before it (10,000 items: a long task).
    structuralSharing: false,
  });
}

export function useItemsSummary(filters: ItemFilters) {
  return useQuery({
    queryKey: queryKeys.itemsSummary(filters),
    queryFn: () => (unfiltered(filters) ? takeFirstPromise('summary') : undefined) ?? itemsApi.itemsSummary(filters),
    initialData: () => (unfiltered(filters) ? takeFirstData('summary') : undefined),
  });
}

export function useProjects() {
  return useQuery({ queryKey: queryKeys.projects, queryFn: () => takeFirstPromise('projects') ?? itemsApi.listProjects(), initialData: () => takeFirstData('projects') });
}

/** Logistics' carriers; an empty list while it is unavailable (the dialogs then offer no carrier choice). */
export function useCarriers() {
  return useQuery({ queryKey: queryKeys.carriers, queryFn: () => itemsApi.listCarriers().catch(() => []), staleTime: Infinity });
}

export function useRefreshItems() {
  const queryClient = useQueryClient();
  return () => Promise.all(AFTER_ITEM_CHANGE.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A failure toast for any error but a 401, whose toast and redirect the shared query client already handles. */
export function failureToast(description: string, title = 'Error') {
  return (error: unknown) => {
    if (!isUnauthorizedError(error)) toast({ title, description, variant: 'destructive' });
  };
}

const success = (description: string) => toast({ title: 'Success', description, variant: 'success' });

export function useCreateItem() {
  const refresh = useRefreshItems();
  return useMutation({
    mutationFn: ({ projectId, item }: { projectId: string; item: ItemInput }) => itemsApi.createItem(projectId, item),
    onSuccess: async () => {
      success('Item created successfully');
      await refresh();
    },
    onError: failureToast('Failed to add item. Please try again.'),
  });
}

export function useUpdateItem() {
  const refresh = useRefreshItems();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: ItemChanges }) => itemsApi.updateItem(itemId, body),
    onSuccess: async () => {
      success('Item updated successfully');
      await refresh();
    },
    onError: failureToast('Failed to update item. Please try again.'),
  });
}

export function useUpdateItemStatus() {
  const refresh = useRefreshItems();
  return useMutation({
    mutationFn: ({ itemId, status }: { itemId: string; status: ItemStatus }) => itemsApi.updateItemStatus(itemId, status),
    onSuccess: async () => {
      success('Item status updated successfully');
      await refresh();
    },
    onError: failureToast('Failed to update status. Please try again.'),
  });
}

export function useDeleteItem() {
  const refresh = useRefreshItems();
  return useMutation({
    mutationFn: (itemId: string) => itemsApi.deleteItem(itemId),
    onSuccess: async () => {
      success('Item deleted successfully');
      await refresh();
    },
    onError: failureToast('Failed to delete item. Please try again.'),
  });
}

/** The toasts of the bulk actions, with the number of items they acted on. */
export const bulkStatusMessage = (status: ItemStatus, n: number) => `Status set to ${ITEM_STATUS_LABELS[status]} for ${countLabel(n, 'item', 'items')}`;
export const bulkDeleteMessage = (n: number) => `${countLabel(n, 'item', 'items')} deleted`;

/** A bulk action's failure says why when the service said (a view-only project, items gone meanwhile). */
function bulkFailure(fallback: string) {
  return (error: unknown) => {
    if (!isUnauthorizedError(error)) toast({ title: 'Nothing was changed', description: serverMessage(error) ?? fallback, variant: 'destructive' });
  };
}

export function useBulkItemStatus() {
  const refresh = useRefreshItems();
  return useMutation({
    mutationFn: ({ itemIds, status }: { itemIds: readonly string[]; status: ItemStatus }) => itemsApi.bulkItemStatus(itemIds, status),
    onSuccess: async (result, { status }) => {
      success(bulkStatusMessage(status, result.items));
      await refresh();
    },
    onError: bulkFailure('Failed to update the items. Please try again.'),
  });
}

export function useBulkDeleteItems() {
  const refresh = useRefreshItems();
  return useMutation({
    mutationFn: (itemIds: readonly string[]) => itemsApi.bulkDeleteItems(itemIds),
    onSuccess: async (result) => {
      success(bulkDeleteMessage(result.deleted));
      await refresh();
    },
    onError: bulkFailure('Failed to delete the items. Please try again.'),
  });
}

/**
 * Other items the designer can see with this tracking number, asked once the number is typed (debounced by
 * the caller); nothing while it is empty.
 */
export function useTrackingMatches(trackingNumber: string, exceptItemId?: string) {
  const number = trackingNumber.trim();
  return useQuery({
    queryKey: [...queryKeys.items, 'tracking-matches', number, exceptItemId ?? null] as const,
    queryFn: () => itemsApi.trackingMatches(number, exceptItemId).catch(() => []),
    enabled: number.length > 0,
    staleTime: 30_000,
  });
}
