import type { CreateDeliveryBody, Delivery } from '@midway/contracts';
import { apiJson } from '@midway/ui';

/**
 * The project page's client of logistics' deliveries (through the gateway): book the project's received or stored
 * items, and list its deliveries. `baseUrl` is '' in the browser; the Pact consumer test points it at the mock provider.
 */
export function createDeliveriesApi(baseUrl = '') {
  const url = (path: string) => `${baseUrl}${path}`;
  return {
    /** The project's deliveries (its items, dates and, once completed, the proof), by date. */
    list: (projectId: string) => apiJson<Delivery[]>('GET', url(`/api/deliveries?projectId=${encodeURIComponent(projectId)}`)),
    request: (projectId: string, body: CreateDeliveryBody) => apiJson<Delivery>('POST', url(`/api/projects/${encodeURIComponent(projectId)}/deliveries`), body),
  };
}

export const deliveriesApi = createDeliveriesApi();
