import type { CreateDeliveryBody } from '@midway/contracts';
import { DELIVERY_WINDOW_LABELS } from '@midway/contracts/vocab';
import { isUnauthorizedError, serverMessage, toast } from '@midway/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveriesApi } from './deliveries-api';

/** The deliveries list's key (mf-items' Deliveries list shows the new booking when next opened). */
const DELIVERIES_KEY = ['/api/deliveries'] as const;

/** "Tue, Mar 3" for a calendar date. */
const formatDay = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The project's deliveries (refreshed with every booking: the key starts with DELIVERIES_KEY). */
export const useProjectDeliveries = (projectId: string) =>
  useQuery({ queryKey: [...DELIVERIES_KEY, `?projectId=${projectId}`], queryFn: () => deliveriesApi.list(projectId) });

/** Books a delivery from the project page: a toast says when and where, or why it was refused (nothing booked). */
export function useRequestDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, body }: { projectId: string; body: CreateDeliveryBody }) => deliveriesApi.request(projectId, body),
    onSuccess: async (d) => {
      toast({ title: 'Delivery requested', description: `${d.items.length} ${d.items.length === 1 ? 'item' : 'items'} for ${formatDay(d.date)} (${DELIVERY_WINDOW_LABELS[d.window].toLowerCase()}) to ${d.address}.`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
    },
    onError: (error: unknown) => {
      if (!isUnauthorizedError(error)) toast({ title: 'Could not request the delivery', description: serverMessage(error) ?? 'Check the connection and try again; nothing was booked.', variant: 'destructive' });
    },
  });
}
