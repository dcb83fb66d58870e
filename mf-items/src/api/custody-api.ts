import type { CustodyEvent, CustodyView } from '@midway/contracts';
import { ApiError, apiJson } from '@midway/ui';

/** null: the warehouse has not heard of the item (404), so it has no custody to show. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The designer's reads of an item's custody from logistics (the project's readers may read them): where it is and
 * its pieces, and its timeline without staff notes. `baseUrl` is '' in the browser; the Pact test points it at the mock.
 */
export function createCustodyApi(baseUrl = '') {
  const id = encodeURIComponent;
  return {
    item: (itemId: string) => orNull(apiJson<CustodyView>('GET', `${baseUrl}/api/warehouse/items/${id(itemId)}`)),
    timeline: (itemId: string) => orNull(apiJson<CustodyEvent[]>('GET', `${baseUrl}/api/warehouse/items/${id(itemId)}/timeline`)),
  };
}

export const custodyApi = createCustodyApi();
