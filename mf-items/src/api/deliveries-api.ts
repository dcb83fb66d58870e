import type { CreateDeliveryBody, Delivery } from '@midway/contracts';
import { apiJson } from '@midway/ui';

/**
 * The designer's deliveries (logistics) through the gateway: book a project's stored items, list the deliveries of
 * their projects, cancel one while it is requested or scheduled. `baseUrl` is '' in the browser.
 */
export function createDeliveriesApi(baseUrl = '') {
  const url = (path: string) => `${baseUrl}${path}`;
  return {
    request: (projectId: string, body: CreateDeliveryBody) => apiJson<Delivery>('POST', url(`/api/projects/${encodeURIComponent(projectId)}/deliveries`), body),
    list: () => apiJson<Delivery[]>('GET', url('/api/deliveries')),
    cancel: (id: string) => apiJson<Delivery>('POST', url(`/api/deliveries/${encodeURIComponent(id)}/cancel`), {}),
  };
}

export const deliveriesApi = createDeliveriesApi();
