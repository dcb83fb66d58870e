import type { BulkDeleteItemsResponse, BulkImportResponse, BulkItemStatusResponse, CreateItemBody, Item, ItemsSummary, ItemStatus, Project, TrackingMatch } from '@midway/contracts';
import { NEXT_CURSOR_HEADER } from '@midway/contracts/vocab';
import { apiJson, apiRequest } from '@midway/ui';

/** The Items page's filters, as GET /api/items and /api/items/summary take them (empty ones are left out). */
export interface ItemFilters {
  q?: string;
  status?: ItemStatus;
  projectId?: string;
}

/** Rows per GET /api/items page: enough to fill a tall screen several times, small enough to arrive fast. */
export const ITEMS_PAGE_SIZE = 200;

export interface ItemsPageResult {
  items: Item[];
  /** The next page's cursor (X-Next-Cursor), null on the last page. */
  nextCursor: string | null;
}

/** A carrier as logistics lists it (GET /api/carriers). */
export interface Carrier {
  id: string;
  name: string;
  trackingUrlTemplate?: string | null;
}

/**
 * The item fields the create dialog sends (validated with the contract's schema first). Edit sends any subset,
 * an emptied optional field as null, and quantity and price as numbers.
 */
export type ItemInput = CreateItemBody;
export type ItemChanges = { [K in keyof CreateItemBody]?: CreateItemBody[K] | number | null };

export function filterQuery(filters: ItemFilters, extra: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, ...extra })) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * mf-items' client of catalog's (and logistics') HTTP API, through the gateway (same origin, cookies sent).
 * `baseUrl` is '' in the browser; the Pact consumer test points it at the mock provider. Every non-OK
 * answer throws the ui client's ApiError ('<status>: <body>').
 */
export function createItemsApi(baseUrl = '') {
  const url = (path: string) => `${baseUrl}${path}`;
  const id = encodeURIComponent;
  return {
    /** One page of items, newest first; `cursor` from the previous page's answer. */
    listItems: async (filters: ItemFilters, page: { limit: number; cursor?: string | null }): Promise<ItemsPageResult> => {
      const res = await apiRequest('GET', url(`/api/items${filterQuery(filters, { limit: page.limit, cursor: page.cursor ?? undefined })}`));
      return { items: (await res.json()) as Item[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || null };
    },
    itemsSummary: (filters: ItemFilters) => apiJson<ItemsSummary>('GET', url(`/api/items/summary${filterQuery(filters)}`)),
    listProjects: () => apiJson<Project[]>('GET', url('/api/projects')),
    createItem: (projectId: string, body: ItemInput) => apiJson<Item>('POST', url(`/api/projects/${id(projectId)}/items`), body),
    updateItem: (itemId: string, body: ItemChanges) => apiJson<Item>('PUT', url(`/api/items/${id(itemId)}`), body),
    updateItemStatus: (itemId: string, status: ItemStatus) => apiJson<Item>('PUT', url(`/api/items/${id(itemId)}/status`), { status }),
    deleteItem: async (itemId: string): Promise<void> => {
      await apiRequest('DELETE', url(`/api/items/${id(itemId)}`));
    },
    /** Several items to one status, all or none. */
    bulkItemStatus: (itemIds: readonly string[], status: ItemStatus) => apiJson<BulkItemStatusResponse>('POST', url('/api/items/bulk-status'), { itemIds, status }),
    /** Several items deleted, all or none. */
    bulkDeleteItems: (itemIds: readonly string[]) => apiJson<BulkDeleteItemsResponse>('POST', url('/api/items/bulk-delete'), { itemIds }),
    /** Other items the designer can see with this tracking number (the edited item left out). */
    trackingMatches: (trackingNumber: string, exceptItemId?: string) =>
      apiJson<TrackingMatch[]>('GET', url(`/api/items/tracking-matches${filterQuery({}, { trackingNumber, exceptItemId })}`)),
    bulkImport: (projectId: string, items: unknown[]) => apiJson<BulkImportResponse>('POST', url(`/api/projects/${id(projectId)}/items/bulk`), { items }),
    listCarriers: () => apiJson<Carrier[]>('GET', url('/api/carriers')),
  };
}

export type ItemsApi = ReturnType<typeof createItemsApi>;

/** The browser's instance. */
export const itemsApi: ItemsApi = createItemsApi();
