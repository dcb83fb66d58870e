import type { PurchaseOrder } from '@midway/contracts';
import { formatMoney } from '@midway/ui';
import styled from 'styled-components';
import { PREVIEW_ROWS } from './csv-import';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 2px 12px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Lines = styled.ol`
  list-style: none;
  display: grid;
  gap: 4px;
  max-height: 240px;
  overflow-y: auto;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 8px 12px;
  li { overflow-wrap: anywhere; }
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Warnings = styled.ul`
  display: grid;
  gap: 2px;
  padding: 8px 12px 8px 28px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.badge.yellow.bg};
  color: ${({ theme }) => theme.badge.yellow.fg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Money in the document's currency: US dollars as the product shows them, another currency named. */
const money = (amount: string, currency: string) => (currency === 'USD' ? formatMoney(amount) : `${formatMoney(amount).replace('$', '')} ${currency}`);

/** What the PDF was read as, before Import: its facts, totals, first lines and what was assumed. */
export function PurchaseOrderPreview({ po }: { po: PurchaseOrder }) {
  const c = po.currencyCode;
  // Its own tracking numbers, or those of an acknowledgement uploaded before it.
  const shippedLines = new Set(po.shipments.flatMap((s) => s.lineRefs)).size;
  return (
    <section aria-label="Purchase order">
      <Facts data-testid="po-facts">
        <dt>Vendor</dt>
        <dd>{po.vendor ?? '—'}</dd>
        <dt>PO number</dt>
        <dd>{po.number ?? '—'}</dd>
        <dt>Date</dt>
        <dd>{po.issueDate ?? '—'}</dd>
        <dt>Currency</dt>
        <dd>{c}</dd>
        <dt>Subtotal</dt>
        <dd>{money(po.subtotalAmount, c)}</dd>
        <dt>Tax</dt>
        <dd>{money(po.taxAmount, c)}</dd>
        <dt>Shipping</dt>
        <dd>{money(po.shippingAmount, c)}</dd>
        <dt>Total</dt>
        <dd>{money(po.totalAmount, c)}</dd>
      </Facts>
      <p style={{ fontWeight: 600, margin: '10px 0 6px' }}>
        {po.lines.length} line{po.lines.length === 1 ? '' : 's'}
      </p>
      <Lines data-testid="po-lines" tabIndex={0} aria-label="Lines to import">
        {po.lines.slice(0, PREVIEW_ROWS).map((l) => (
          <li key={l.lineRef}>
            {l.name}
            <span>
              {l.sku ? ` · ${l.sku}` : ''} · Qty {l.quantity} · {money(l.unitPrice, c)}
            </span>
          </li>
        ))}
        {po.lines.length > PREVIEW_ROWS ? <li>... and {po.lines.length - PREVIEW_ROWS} more items</li> : null}
      </Lines>
      {po.linkedPurchaseOrderId ? (
        <Warnings as="p" role="status" data-testid="po-linked">
          {po.linkedPurchaseOrderImported
            ? `This acknowledges purchase order ${po.number ?? ''} imported earlier: its tracking numbers went to those items, so there is nothing to import.`
            : `This acknowledges purchase order ${po.number ?? ''} uploaded earlier and not imported yet: import that order from the project page, and its items get these tracking numbers.`}
        </Warnings>
      ) : shippedLines > 0 ? (
        <p role="status" data-testid="po-tracking">
          {shippedLines} line{shippedLines === 1 ? ' has' : 's have'} a tracking number: the items get {shippedLines === 1 ? 'it' : 'them'} when imported.
        </p>
      ) : null}
      {po.warnings.length > 0 ? (
        <Warnings data-testid="po-warnings" aria-label="Warnings">
          {po.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </Warnings>
      ) : null}
    </section>
  );
}
