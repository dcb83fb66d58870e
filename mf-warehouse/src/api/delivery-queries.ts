import type { CompleteDeliveryBody, Delivery } from '@midway/contracts';
import { toast } from '@midway/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { failureToast } from './receiving-queries';
import { queryKeys } from './query-keys';
import { warehouseApi } from './warehouse-api';

/** The day's proposal and deliveries, and the designers' items and projects (other remotes' keys), after a change. */
function useRefreshDeliveries() {
  const queryClient = useQueryClient();
  return () => Promise.all([['/api/delivery-runs'], ['/api/delivery-runs/days'], queryKeys.deliveriesAll, queryKeys.items, queryKeys.projects].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** How many coming days the page counts. */
export const DAYS_AHEAD = 14;
export const useDeliveryDays = (from: string) => useQuery({ queryKey: queryKeys.deliveryDays(from, DAYS_AHEAD), queryFn: () => warehouseApi.deliveryDays(from, DAYS_AHEAD) });
export const useRunProposal = (date: string) => useQuery({ queryKey: queryKeys.deliveryRuns(date), queryFn: () => warehouseApi.proposeRuns(date), enabled: !!date });
export const useDeliveriesOn = (date: string) => useQuery({ queryKey: queryKeys.deliveriesOn(date), queryFn: () => warehouseApi.deliveriesOn(date), enabled: !!date });

export function useFixRun() {
  const refresh = useRefreshDeliveries();
  return useMutation({
    mutationFn: ({ date, deliveryIds }: { date: string; deliveryIds: string[] }) => warehouseApi.fixRun(date, deliveryIds),
    onSuccess: async (run) => {
      toast({ title: 'Run fixed', description: `${run.deliveries.length} ${run.deliveries.length === 1 ? 'delivery is' : 'deliveries are'} scheduled.`, variant: 'success' });
      await refresh();
    },
    onError: failureToast('Could not fix the run', 'Reload the day and try again; nothing was scheduled.'),
  });
}

export function useMarkOut() {
  const refresh = useRefreshDeliveries();
  return useMutation({
    mutationFn: (delivery: Delivery) => warehouseApi.markOut(delivery.id),
    onSuccess: async (d) => {
      toast({ title: 'Out for delivery', description: `${d.projectName}: the owner, members and client are e-mailed.`, variant: 'success' });
      await refresh();
    },
    onError: failureToast('Could not mark it out', 'Reload the day and try again.'),
  });
}

export function useCompleteDelivery() {
  const refresh = useRefreshDeliveries();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CompleteDeliveryBody }) => warehouseApi.complete(id, body),
    onSuccess: async (d) => {
      const excepted = d.items.filter((i) => i.exception).length;
      toast({ title: 'Delivered', description: `${d.projectName}: ${d.items.length - excepted} of ${d.items.length} items delivered, received by ${d.receivedBy}.`, variant: 'success' });
      await refresh();
    },
    onError: failureToast('Could not record the delivery', 'Check the connection and save again; the form keeps what you entered.'),
  });
}
