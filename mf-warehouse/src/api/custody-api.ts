import type { CloseCountBody, Count, CountReport, CountScanResult, CreateLocationBody, CustodyEvent, CustodyView, Delivery, Location, PickList, ReleaseBody, RunLoad } from '@midway/contracts';
import { apiJson, apiRequest } from '@midway/ui';

/** A page of GET /api/warehouse/items, with the cursor of the next (null on the last). */
export interface WarehouseItemsPage {
  items: CustodyView[];
  nextCursor: string | null;
}

/** A scanned item label (`<itemId>/<piece>` or an id) as the scan routes take it. */
const byCode = (code: string) => ({ code });

/**
 * The custody screens' client (logistics under /api/warehouse and /api/delivery-runs, through the gateway, same
 * origin). `baseUrl` is '' in the browser. Every non-OK answer throws the ui client's ApiError, whose message the
 * screens show (logistics' refusals name the item, the place and what to do).
 */
export function createCustodyApi(baseUrl = '') {
  const url = (path: string) => `${baseUrl}${path}`;
  const id = encodeURIComponent;
  return {
    listLocations: () => apiJson<Location[]>('GET', url('/api/warehouse/locations')),
    createLocation: (body: CreateLocationBody) => apiJson<Location>('POST', url('/api/warehouse/locations'), body),
    locationLabelUrl: (locationId: string) => url(`/api/warehouse/locations/${id(locationId)}/label.pdf`),
    itemLabelUrl: (itemId: string) => url(`/api/warehouse/items/${id(itemId)}/label.pdf`),
    /** Put away or move: the scanned item label and the scanned location label. */
    move: (code: string, locationCode: string) => apiJson<CustodyView>('POST', url('/api/warehouse/moves'), { ...byCode(code), locationCode }),
    item: (itemId: string) => apiJson<CustodyView>('GET', url(`/api/warehouse/items/${id(itemId)}`)),
    timeline: (itemId: string) => apiJson<CustodyEvent[]>('GET', url(`/api/warehouse/items/${id(itemId)}/timeline`)),
    findItems: async (q: string, cursor?: string | null): Promise<WarehouseItemsPage> => {
      const params = new URLSearchParams({ q });
      if (cursor) params.set('cursor', cursor);
      const res = await apiRequest('GET', url(`/api/warehouse/items?${params}`));
      return { items: (await res.json()) as CustodyView[], nextCursor: res.headers.get('X-Next-Cursor') };
    },
    release: (itemId: string, body: ReleaseBody) => apiJson<CustodyView>('POST', url(`/api/warehouse/items/${id(itemId)}/release`), body),
    pickList: (runId: string) => apiJson<PickList>('GET', url(`/api/delivery-runs/${id(runId)}/pick-list`)),
    pickListPdfUrl: (runId: string) => url(`/api/delivery-runs/${id(runId)}/pick-list.pdf`),
    load: (runId: string, code: string) => apiJson<RunLoad>('POST', url(`/api/delivery-runs/${id(runId)}/load`), byCode(code)),
    leaveBehind: (runId: string, itemId: string, reason: string) => apiJson<RunLoad>('POST', url(`/api/delivery-runs/${id(runId)}/left-behind`), { itemId, reason }),
    /** Out for delivery: refused (409, naming them) while an item is neither loaded nor left behind. */
    markOut: (deliveryId: string) => apiJson<Delivery>('POST', url(`/api/deliveries/${id(deliveryId)}/out`), {}),
    counts: (locationCode?: string) => apiJson<Count[]>('GET', url(`/api/warehouse/counts${locationCode ? `?locationCode=${id(locationCode)}` : ''}`)),
    count: (countId: string) => apiJson<Count>('GET', url(`/api/warehouse/counts/${id(countId)}`)),
    startCount: (locationCode: string) => apiJson<Count>('POST', url('/api/warehouse/counts'), { locationCode }),
    countScan: (countId: string, code: string) => apiJson<CountScanResult>('POST', url(`/api/warehouse/counts/${id(countId)}/scans`), byCode(code)),
    closeCount: (countId: string, body: CloseCountBody) => apiJson<CountReport>('POST', url(`/api/warehouse/counts/${id(countId)}/close`), body),
  };
}

export type CustodyApi = ReturnType<typeof createCustodyApi>;

/** The browser's instance. */
export const custodyApi: CustodyApi = createCustodyApi();
