import type { PurchaseOrderSummary } from '@midway/contracts';
import { apiJson, Badge, Card, CardContent, CardHeader, CardTitle, formatMoney } from '@midway/ui';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';

const Orders = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { display: grid; gap: 2px; }
  header { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; }
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const money = (amount: string, currency: string) => (currency === 'USD' ? formatMoney(amount) : `${formatMoney(amount).replace('$', '')} ${currency}`);

/** GET /api/projects/{id}/purchase-orders (logistics), under the project's key so a change to the project refreshes it. */
export const usePurchaseOrders = (projectId: string) =>
  useQuery({
    queryKey: ['/api/projects', projectId, 'purchase-orders'],
    queryFn: () => apiJson<PurchaseOrderSummary[]>('GET', `/api/projects/${encodeURIComponent(projectId)}/purchase-orders`),
  });

/** The vendors' purchase orders uploaded to the project, newest first: totals, the original PDF, and whether imported. */
export function PurchaseOrders({ projectId }: { projectId: string }) {
  const orders = usePurchaseOrders(projectId);
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
              <a href={po.fileUrl} target="_blank" rel="noreferrer">
                Original PDF
              </a>
            </li>
          ))}
        </Orders>
      </CardContent>
    </Card>
  );
}
