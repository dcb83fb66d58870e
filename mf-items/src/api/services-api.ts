import type { BulkServicesBody, Service, ServicesSummary, ServiceType } from '@midway/contracts';
import { NEXT_CURSOR_HEADER } from '@midway/contracts/vocab';
import { apiJson, apiRequest } from '@midway/ui';
import { filterQuery } from './items-api';

/** The Services page's filters, as GET /api/services, its summary and POST /api/services/bulk take them. */
export interface ServiceFilters {
  q?: string;
  type?: ServiceType;
  selected?: boolean;
  projectId?: string;
}

const asQuery = (f: ServiceFilters) => ({ q: f.q, type: f.type, projectId: f.projectId, ...(f.selected === undefined ? {} : { selected: String(f.selected) }) });

/** mf-items' client of logistics' services API (through the gateway). */
export function createServicesApi(baseUrl = '') {
  const url = (path: string) => `${baseUrl}${path}`;
  return {
    listServices: async (filters: ServiceFilters, page: { limit: number; cursor?: string | null }) => {
      const res = await apiRequest('GET', url(`/api/services${filterQuery(asQuery(filters), { limit: page.limit, cursor: page.cursor ?? undefined })}`));
      return { services: (await res.json()) as Service[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || null };
    },
    servicesSummary: (filters: ServiceFilters) => apiJson<ServicesSummary>('GET', url(`/api/services/summary${filterQuery(asQuery(filters))}`)),
    /** The summary of only what the caller may change: exactly what bulk() with the same filters acts on. */
    editableServicesSummary: (filters: ServiceFilters) =>
      apiJson<ServicesSummary>('GET', url(`/api/services/summary${filterQuery(asQuery(filters), { editable: 'true' })}`)),
    setSelected: (serviceId: string, selected: boolean) => apiJson<Service>('PUT', url(`/api/services/${encodeURIComponent(serviceId)}`), { selected }),
    bulk: (body: BulkServicesBody) => apiJson<{ updated: number }>('POST', url('/api/services/bulk'), body),
  };
}

export const servicesApi = createServicesApi();
