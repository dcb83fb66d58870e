import type { Arrival, AssignableItem, Carrier, CompleteDeliveryBody, CreateArrivalBody, Delivery, DeliveryDays, DeliveryRun, DeliveryRunProposal, InspectBody, Inspection, InspectionQueueEntry, InspectionQueueStatus, ScanResponse } from '@midway/contracts';
import { apiJson, apiRequest, throwIfResNotOk } from '@midway/ui';

/** An arrival as POST /api/receiving/arrivals answered it: `repeat` when the item had already arrived (200, nothing changed). */
export interface RecordedArrival {
  arrival: Arrival;
  repeat: boolean;
}

/**
 * The remote's client of the receiving desk (logistics under /api/receiving), the photo upload path (logistics'
 * /api/objects) and deliveries, through the gateway (same origin, cookies sent). `baseUrl` is '' in the
 * browser; the Pact consumer tests point it at the mock provider. Every non-OK answer throws the ui client's
 * ApiError ('<status>: <body>'). Only types come from @midway/contracts here.
 */
export function createWarehouseApi(baseUrl = '') {
  const url = (path: string) => `${baseUrl}${path}`;
  const id = encodeURIComponent;
  return {
    scan: (code: string) => apiJson<ScanResponse>('POST', url('/api/receiving/scan'), { code }),
    /** With itemId the item is received; without, the arrival waits unmatched. */
    recordArrival: async (body: CreateArrivalBody): Promise<RecordedArrival> => {
      const res = await apiRequest('POST', url('/api/receiving/arrivals'), body);
      return { arrival: (await res.json()) as Arrival, repeat: res.status === 200 };
    },
    listUnmatched: () => apiJson<Arrival[]>('GET', url('/api/receiving/arrivals?status=unmatched')),
    /** A mis-scan off the unmatched list, with why (kept in history). */
    discardArrival: (arrivalId: string, reason: string) => apiJson<Arrival>('POST', url(`/api/receiving/arrivals/${id(arrivalId)}/discard`), { reason }),
    /** Items an unmatched arrival may be: not received yet, by item name, project, designer or tracking number. */
    assignableItems: (q: string) => apiJson<AssignableItem[]>('GET', url(`/api/receiving/assignable-items?q=${id(q)}`)),
    assignArrival: (arrivalId: string, itemId: string) => apiJson<Arrival>('PUT', url(`/api/receiving/arrivals/${id(arrivalId)}`), { itemId }),
    listInspections: (status: InspectionQueueStatus) => apiJson<InspectionQueueEntry[]>('GET', url(`/api/receiving/inspections?status=${status}`)),
    inspect: (itemId: string, body: InspectBody) => apiJson<Inspection>('POST', url(`/api/receiving/inspections/${id(itemId)}`), body),
    /** The carriers' names for a detected carrier id. */
    listCarriers: () => apiJson<Carrier[]>('GET', url('/api/carriers')),
    /** Deliveries (logistics): a day's proposed stops, its deliveries, fixing a run, taking one out, its proof. */
    deliveryDays: (from: string, days: number) => apiJson<DeliveryDays>('GET', url(`/api/delivery-runs/days?from=${id(from)}&days=${days}`)),
    proposeRuns: (date: string) => apiJson<DeliveryRunProposal>('GET', url(`/api/delivery-runs?date=${id(date)}`)),
    deliveriesOn: (date: string) => apiJson<Delivery[]>('GET', url(`/api/deliveries?from=${id(date)}&to=${id(date)}`)),
    fixRun: (date: string, deliveryIds: string[]) => apiJson<DeliveryRun>('POST', url('/api/delivery-runs'), { date, deliveryIds }),
    markOut: (deliveryId: string) => apiJson<Delivery>('POST', url(`/api/deliveries/${id(deliveryId)}/out`), {}),
    complete: (deliveryId: string, body: CompleteDeliveryBody) => apiJson<Delivery>('POST', url(`/api/deliveries/${id(deliveryId)}/complete`), body),
    /** Where the next photo goes: a same-origin upload URL, the caller's own, valid 15 minutes. */
    requestUpload: () => apiJson<{ uploadURL: string }>('POST', url('/api/objects/upload')),
    /** One PUT of the raw file to the upload URL; answers the photo's served path. */
    putPhoto: async (uploadURL: string, file: Blob): Promise<{ photoUrl: string }> => {
      const res = await fetch(url(uploadURL), { method: 'PUT', credentials: 'include', headers: file.type ? { 'Content-Type': file.type } : undefined, body: file });
      await throwIfResNotOk(res);
      return (await res.json()) as { photoUrl: string };
    },
  };
}

export type WarehouseApi = ReturnType<typeof createWarehouseApi>;

/** The browser's instance. */
export const warehouseApi: WarehouseApi = createWarehouseApi();
