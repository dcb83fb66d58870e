import type { BulkImportResponse, PurchaseOrder, PurchaseOrderImport, PurchaseOrderSummary } from '@midway/contracts';

/** The bulk import's answer; an order imported already answers no items, with when and the words to show. */
export type PurchaseOrderImportAnswer = BulkImportResponse & Pick<PurchaseOrderImport, 'alreadyImportedAt' | 'message'>;
import { apiJson, ApiError } from '@midway/ui';

/** Logistics' purchase-order calls (through the gateway): the PDF up as one raw body, with its progress. */
export function createPurchaseOrdersApi(baseUrl = '') {
  const url = (path: string) => `${baseUrl}${path}`;
  return {
    upload: (projectId: string, file: Blob, onProgress?: (sent: number, total: number) => void) =>
      new Promise<PurchaseOrder>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', url(`/api/projects/${encodeURIComponent(projectId)}/purchase-orders`));
        xhr.withCredentials = true;
        xhr.setRequestHeader('Content-Type', 'application/pdf');
        xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.total);
        xhr.onload = () => {
          if (xhr.status >= 200 && xhr.status < 300) return resolve(JSON.parse(xhr.responseText) as PurchaseOrder);
          reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
        };
        xhr.onerror = () => reject(new Error('Network error'));
        xhr.send(file);
      }),
    import: (id: string) => apiJson<PurchaseOrderImportAnswer>('POST', url(`/api/purchase-orders/${encodeURIComponent(id)}/import`)),
    list: (projectId: string) => apiJson<PurchaseOrderSummary[]>('GET', url(`/api/projects/${encodeURIComponent(projectId)}/purchase-orders`)),
  };
}

export const purchaseOrdersApi = createPurchaseOrdersApi();
