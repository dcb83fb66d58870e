import { toast } from '@midway/ui';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { failureToast } from './items-queries';
import { queryKeys } from './query-keys';
import { servicesApi, type ServiceFilters } from './services-api';

export const SERVICES_PAGE_SIZE = 200;

export function useServicePages(filters: ServiceFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.servicesPages(filters),
    queryFn: ({ pageParam }) => servicesApi.listServices(filters, { limit: SERVICES_PAGE_SIZE, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Each new page would otherwise be deep-compared with every page before it (10,000 items: a long task).
    structuralSharing: false,
  });
}

export function useServicesSummary(filters: ServiceFilters) {
  return useQuery({ queryKey: queryKeys.servicesSummary(filters), queryFn: () => servicesApi.servicesSummary(filters) });
}

/** Bulk Actions' confirmation: counts and values of what the bulk call would change (viewers' projects left out). */
export function useEditableServicesSummary(filters: ServiceFilters) {
  return useQuery({ queryKey: queryKeys.servicesSummary({ ...filters, editable: true }), queryFn: () => servicesApi.editableServicesSummary(filters) });
}

function useReloadServices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.services });
}

/** A toggle sends at once and reloads the page's services and counts (the spec shows no error handling; a failure still says so). */
export function useToggleService() {
  const reload = useReloadServices();
  return useMutation({
    mutationFn: ({ id, selected }: { id: string; selected: boolean }) => servicesApi.setSelected(id, selected),
    onSettled: () => reload(),
    onError: failureToast('The service could not be changed. Please try again.'),
  });
}

export function useBulkServices() {
  const reload = useReloadServices();
  return useMutation({
    mutationFn: ({ filters, selected }: { filters: ServiceFilters; selected: boolean }) => servicesApi.bulk({ filter: filters, selected }),
    onSuccess: ({ updated }, { selected }) => toast({ title: 'Success', description: `${updated} service${updated === 1 ? '' : 's'} ${selected ? 'selected' : 'cleared'}`, variant: 'success' }),
    onSettled: () => reload(),
    onError: failureToast('Bulk action failed. Please try again.'),
  });
}
