import type { CreateDeliveryBody } from '@midway/contracts';
import { DELIVERY_WINDOW_LABELS } from '@midway/contracts/vocab';
import { isUnauthorizedError, serverMessage, toast } from '@midway/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveriesApi } from './deliveries-api';

export const DELIVERIES_KEY = ['/api/deliveries'] as const;

const failure = (title: string, next: string) => (error: unknown) => {
  if (isUnauthorizedError(error)) return;
  toast({ title, description: serverMessage(error) ?? next, variant: 'destructive' });
};

/** "Tue, Mar 3" for a calendar date. */
export const formatDay = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

export const useDeliveries = (enabled = true) => useQuery({ queryKey: DELIVERIES_KEY, queryFn: deliveriesApi.list, enabled });

export function useRequestDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, body }: { projectId: string; body: CreateDeliveryBody }) => deliveriesApi.request(projectId, body),
    onSuccess: async (d) => {
      toast({ title: 'Delivery requested', description: `${d.items.length} ${d.items.length === 1 ? 'item' : 'items'} for ${formatDay(d.date)} (${DELIVERY_WINDOW_LABELS[d.window].toLowerCase()}) to ${d.address}.`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
    },
    onError: failure('Could not request the delivery', 'Check the connection and try again; nothing was booked.'),
  });
}

export function useCancelDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deliveriesApi.cancel(id),
    onSuccess: async (d) => {
      toast({ title: 'Delivery cancelled', description: `The delivery for ${formatDay(d.date)} is cancelled; its items can be booked again.`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
    },
    onError: failure('Could not cancel the delivery', 'Reload and try again.'),
  });
}
