import type { Arrival, CreateArrivalBody, InspectBody, InspectionQueueStatus } from '@midway/contracts';
import { INSPECTION_CONDITION_LABELS, isDamageCondition } from '@midway/contracts/vocab';
import { isUnauthorizedError, serverMessage, toast } from '@midway/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../shared/format';
import { warehouseApi, type RecordedArrival } from './warehouse-api';
import { queryKeys } from './query-keys';

/**
 * A failure toast that says what went wrong and what to do next: the server's own message when it sent one
 * (logistics' messages name the fix), else `next`; a 401 is the shared client's (it sends the user to sign in).
 */
export function failureToast(title: string, next: string) {
  return (error: unknown) => {
    if (isUnauthorizedError(error)) return;
    toast({ title, description: serverMessage(error) ?? next, variant: 'destructive' });
  };
}

const success = (title: string, description?: string) => toast({ title, description, variant: 'success' });

/** The desk changed an item: the queue, the unmatched list, and the designers' items and projects (other remotes' keys). */
function useRefreshDesk() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryKeys.inspectionsAll, queryKeys.unmatched, queryKeys.items, queryKeys.projects].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** What the toast says once an arrival is recorded. */
export function arrivalToast({ arrival, repeat }: RecordedArrival): { title: string; description: string } {
  if (!arrival.itemId) return { title: 'Recorded as unmatched', description: `${arrival.trackingNumber || arrival.code} waits under Unmatched arrivals until you assign it to an item.` };
  const due = formatDateTime(arrival.inspectionDueAt);
  // An item of several pieces arrives over several scans: each says how many have come (a repeat adds none).
  const expected = arrival.piecesExpected ?? 1;
  const pieces = expected > 1 ? `${arrival.piecesReceived ?? 0} of ${expected} pieces received${arrival.piecesFlag ? ': scan the rest as they come' : ''}. ` : '';
  if (repeat && expected > 1) return { title: `${arrival.itemName}: ${arrival.piecesReceived ?? 0} of ${expected} pieces`, description: `${pieces}Inspection due ${due}.` };
  if (repeat) return { title: 'Already received', description: `${arrival.itemName} arrived ${formatDateTime(arrival.arrivedAt)}; nothing changed. Inspection due ${due}.` };
  return { title: `Received: ${arrival.itemName}`, description: `${arrival.projectName}. ${pieces}Inspection due ${due}.` };
}

export function useScan() {
  return useMutation({
    mutationFn: (code: string) => warehouseApi.scan(code),
    onError: failureToast('Scan failed', 'Check the connection, then scan again or type the tracking number.'),
  });
}

export function useRecordArrival() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: (body: CreateArrivalBody) => warehouseApi.recordArrival(body),
    onSuccess: async (recorded) => {
      const { title, description } = arrivalToast(recorded);
      success(title, description);
      await refresh();
    },
    onError: failureToast('Could not record the arrival', 'Check the connection and try again; nothing was recorded.'),
  });
}

export function useUnmatchedArrivals() {
  return useQuery({ queryKey: queryKeys.unmatched, queryFn: warehouseApi.listUnmatched });
}

export function useAssignArrival() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: ({ arrival, itemId }: { arrival: Arrival; itemId: string }) => warehouseApi.assignArrival(arrival.id, itemId),
    onSuccess: async (arrival) => {
      success(`Assigned: ${arrival.itemName}`, `The item is received. Inspection due ${formatDateTime(arrival.inspectionDueAt)}.`);
      await refresh();
    },
    onError: failureToast('Could not assign the arrival', 'Check the connection and try again; the arrival is still unmatched.'),
  });
}

export function useInspections(status: InspectionQueueStatus) {
  return useQuery({ queryKey: queryKeys.inspections(status), queryFn: () => warehouseApi.listInspections(status) });
}

export function useInspect(itemName: string) {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: InspectBody }) => warehouseApi.inspect(itemId, body),
    onSuccess: async (inspection) => {
      const condition = INSPECTION_CONDITION_LABELS[inspection.condition];
      if (isDamageCondition(inspection.condition)) success('Damage reported', `${itemName}: ${condition}. The project's owner and members are e-mailed the report with its photos.`);
      else success('Inspection recorded', `${itemName}: ${condition}.`);
      await refresh();
    },
    onError: failureToast('Could not record the inspection', 'Check the connection and save again; your notes and photos are kept in the form.'),
  });
}

/** The carriers' names by id (they change with a deploy, not during a shift). */
export function useCarrierName(carrierId: string | null | undefined): string | null {
  const { data } = useQuery({ queryKey: queryKeys.carriers, queryFn: warehouseApi.listCarriers, staleTime: Infinity });
  if (!carrierId) return null;
  return data?.find((c) => c.id === carrierId)?.name ?? carrierId.toUpperCase();
}

/** Items an unmatched arrival may be (not received yet), matching the assignment search (from 2 characters). */
export function useAssignableItems(q: string) {
  const term = q.trim();
  return useQuery({ queryKey: queryKeys.assignable(term), queryFn: () => warehouseApi.assignableItems(term), enabled: term.length >= 2 });
}

/** A mis-scan off the unmatched list, with why (kept in history). */
export function useDiscardArrival() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: ({ arrival, reason }: { arrival: Arrival; reason: string }) => warehouseApi.discardArrival(arrival.id, reason),
    onSuccess: async (arrival) => {
      success(`Discarded: ${arrival.trackingNumber || arrival.code}`, `Kept in the desk's history with why: ${arrival.discardReason}`);
      await refresh();
    },
    onError: failureToast('Could not discard the arrival', 'Check the connection and try again; the arrival is still unmatched.'),
  });
}
