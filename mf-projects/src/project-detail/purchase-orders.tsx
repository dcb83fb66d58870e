import type { BulkImportResponse, PurchaseOrderImport, PurchaseOrderSummary } from '@midway/contracts';
import { apiJson, Badge, Button, Card, CardContent, CardHeader, CardTitle, formatMoney, isUnauthorizedError, serverMessage, toast } from '@midway/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import styled from 'styled-components';
import { useRefreshCatalog } from '../api/catalog-queries';

const Orders = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { display: grid; gap: 2px; }
  header, footer { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; }
  footer { justify-content: space-between; }
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const money = (amount: string, currency: string) => (currency === 'USD' ? formatMoney(amount) : `${formatMoney(amount).replace('$', '')} ${currency}`);

/** GET /api/projects/{id}/purchase-orders (logistics), under the project's key so a change to the project refreshes it. */
export const usePurchaseOrders = (projectId: string) =>
  useQuery({
    queryKey: ['/api/projects', projectId, 'purchase-orders'],
    queryFn: () => apiJson<PurchaseOrderSummary[]>('GET', `/api/projects/${encodeURIComponent(projectId)}/purchase-orders`),
  });

/**
 * Imports an order uploaded earlier and left without its items (the upload dialog closed before Import): one item per
 * line, as Upload PO's Import; a repeat creates nothing twice. The project and its orders are read again.
 */
export function useImportPurchaseOrder() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (id: string) => apiJson<BulkImportResponse & Pick<PurchaseOrderImport, 'alreadyImportedAt' | 'message'>>('POST', `/api/purchase-orders/${encodeURIComponent(id)}/import`),
    onSuccess: async (result) => {
      // Imported meanwhile (in the upload dialog or another tab): nothing new, and the answer says when.
      if (result.alreadyImportedAt) {
        toast({ title: 'Nothing new imported', description: result.message ?? 'Already imported: its items are on the Items page.' });
        return refresh();
      }
      const n = result.items.length;
      toast({ title: 'Imported', description: `${n} ${n === 1 ? 'item' : 'items'} added to the project${result.errors ? `; ${result.errors} ${result.errors === 1 ? 'line was' : 'lines were'} refused` : ''}.`, variant: result.errors ? 'destructive' : 'success' });
      await refresh();
    },
    onError: (error: unknown) => {
      if (!isUnauthorizedError(error)) toast({ title: 'Could not import the purchase order', description: serverMessage(error) ?? 'Check the connection and try again; no item is created twice.', variant: 'destructive' });
    },
  });
}

/**
 * The vendors' purchase orders uploaded to the project, newest first: totals, the original PDF, whether imported, and
 * Import for one not imported yet when the caller may add items.
 */
export function PurchaseOrders({ projectId, canImport = false }: { projectId: string; canImport?: boolean }) {
  const orders = usePurchaseOrders(projectId);
  const importing = useImportPurchaseOrder();
  if (!orders.data?.length) return null;
  return (
    <Card role="region" aria-labelledby="purchase-orders-title" data-testid="purchase-orders">
      <CardHeader>
        <CardTitle as="h2" id="purchase-orders-title">
          Purchase Orders
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Orders>
          {orders.data.map((po) => (
            <li key={po.id}>
              <header>
                <strong>{po.number ?? 'No PO number'}</strong>
                <Badge $tone={po.importedAt ? 'green' : 'yellow'}>{po.importedAt ? 'Imported' : 'Not imported'}</Badge>
              </header>
              <span>
                {po.vendor ?? 'Unknown vendor'}
                {po.issueDate ? ` · ${po.issueDate}` : ''} · {po.lineCount} line{po.lineCount === 1 ? '' : 's'} · Total {money(po.totalAmount, po.currencyCode)}
              </span>
              <footer>
                <a href={po.fileUrl} target="_blank" rel="noreferrer">
                  Original PDF
                </a>
                {canImport && !po.importedAt ? (
                  <Button $variant="outline" $size="sm" disabled={importing.isPending} onClick={() => importing.mutate(po.id)} aria-label={`Import ${po.number ?? 'purchase order'} (${po.lineCount} ${po.lineCount === 1 ? 'line' : 'lines'})`}>
                    {importing.isPending && importing.variables === po.id ? <Loader2 aria-hidden /> : null}
                    Import
                  </Button>
                ) : null}
              </footer>
            </li>
          ))}
        </Orders>
      </CardContent>
    </Card>
  );
}
