import type { InvoiceDetail, InvoiceItem } from '@midway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { INVOICE_KIND_LABELS } from '@midway/contracts/vocab';
import { Badge, Button, ButtonLink, EmailText, formatMoney, Skeleton, StatusBadge, toast } from '@midway/ui';
import { DataTable, type DataColumn } from '@midway/ui/data';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@midway/ui/dialog';
import { useCurrentUser } from '@midway/ui/query';
import { Ban, CreditCard, Download, Loader2, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { Fragment, lazy, Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import { billingApi } from '../api/billing-api';
import { findListedInvoice, useInvoice, useRemoveInvoiceItem, useSendInvoice, useVoidInvoice } from '../api/billing-queries';
import { isDraft, NOT_YET_SENT, showsPay } from '../billing/invoice-status';
import { formatDate } from '../shared/format';
import { lineBasis } from '../shared/line-basis';

const AddInvoiceItemDialog = lazy(() => import('./add-invoice-item-dialog'));

export const NO_INVOICE_ITEMS = 'No items on this invoice yet.';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 12px 20px;
  margin-bottom: 20px;
  dt { font-size: ${({ theme }) => theme.fontSizes.xs}; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin-top: 4px; overflow-wrap: break-word; }
`;

const Totals = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 6px 16px;
  margin: 16px 0 0 auto;
  max-width: 280px;
  font-variant-numeric: tabular-nums;
  dd { text-align: right; }
  dt:last-of-type, dd:last-of-type { font-weight: 700; font-size: ${({ theme }) => theme.fontSizes.lg}; padding-top: 6px; border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const Heading = styled.h3`
  margin: 8px 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 650;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 24px;
`;

const Confirm = styled.div`
  margin-top: 20px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  p { margin-bottom: 10px; color: ${({ theme }) => theme.colors.danger}; font-weight: 550; }
`;

const StatusNote = styled.span`
  display: block;
  margin-top: 4px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Notes = styled.p`
  margin-top: 16px;
  white-space: pre-wrap;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const LineBasis = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const LINE_COLUMNS: DataColumn<InvoiceItem>[] = [
  {
    key: 'description',
    header: 'Description',
    primary: true,
    cell: (l) => (
      <>
        {l.description}
        {lineBasis(l.type) ? <LineBasis data-testid="line-basis">{lineBasis(l.type)!.basis}</LineBasis> : null}
      </>
    ),
  },
  { key: 'type', header: 'Type', nowrap: true, cell: (l) => l.type },
  { key: 'qty', header: 'Qty', nowrap: true, cell: (l) => l.quantity },
  { key: 'rate', header: 'Rate', nowrap: true, cell: (l) => `${formatMoney(l.rate)}${lineBasis(l.type)?.perDay ? '/day' : ''}` },
  { key: 'amount', header: 'Amount', nowrap: true, cell: (l) => formatMoney(l.amount) },
];

const LineButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

/** A draft's line actions (admin): Edit opens the line's dialog, Remove takes it off and the invoice is retotalled. */
function lineActions(onEdit: (l: InvoiceItem) => void, onRemove: (l: InvoiceItem) => void, busy: boolean): DataColumn<InvoiceItem> {
  return {
    key: 'actions',
    header: 'Actions',
    cell: (l) => (
      <LineButtons>
        <Button $variant="outline" $size="sm" aria-label={`Edit line ${l.description}`} onClick={() => onEdit(l)}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <Button $variant="outline" $size="sm" aria-label={`Remove line ${l.description}`} disabled={busy} onClick={() => onRemove(l)}>
          <Trash2 aria-hidden />
          Remove
        </Button>
      </LineButtons>
    ),
  };
}

export interface InvoiceDetailDialogProps {
  invoiceId: string;
  onClose(): void;
  onPay(invoiceId: string): void;
  /** An admin issues a new invoice replacing this voided one (a sent invoice is final). */
  onReplace?(invoice: InvoiceDetail): void;
}

/** Invoice detail: Bill To, dates, status, lines and totals; admins Send, Download PDF, Void and Add Item; designers Pay and Download PDF. */
export default function InvoiceDetailDialog({ invoiceId, onClose, onPay, onReplace }: InvoiceDetailDialogProps) {
  const { data: invoice, isError } = useInvoice(invoiceId);
  useEffect(() => {
    if (!isError) return;
    toast({ title: 'Error', description: 'Failed to load invoice details', variant: 'destructive' });
    onClose();
  }, [isError, onClose]);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width="760px" aria-describedby={undefined}>
        <DialogTitle>{invoice ? `Invoice ${invoice.invoiceNumber}` : 'Invoice'}</DialogTitle>
        {invoice ? <InvoiceBody invoice={invoice} onPay={onPay} onReplace={onReplace} /> : <LoadingBody />}
      </DialogContent>
    </Dialog>
  );
}

function LoadingBody() {
  return (
    <div role="status" aria-label="Loading invoice" data-testid="invoice-detail-skeleton">
      <Skeleton $height="18px" $width="50%" />
      <Skeleton $height="120px" style={{ marginTop: 16 }} />
      <Skeleton $height="18px" $width="30%" style={{ marginTop: 16, marginLeft: 'auto' }} />
    </div>
  );
}

function InvoiceBody({ invoice, onPay, onReplace }: { invoice: InvoiceDetail; onPay(id: string): void; onReplace?(invoice: InvoiceDetail): void }) {
  const { isAdmin } = useCurrentUser();
  const send = useSendInvoice();
  const voiding = useVoidInvoice();
  const [confirmVoid, setConfirmVoid] = useState(false);
  const [addingItem, setAddingItem] = useState(false);
  const [editingLine, setEditingLine] = useState<InvoiceItem | null>(null);
  const removing = useRemoveInvoiceItem(invoice.id);
  const open = invoice.status !== 'paid' && invoice.status !== 'void';
  // A sent invoice is final: lines change on drafts only (a correction is a new invoice that replaces it).
  const editable = isDraft(invoice);
  const queryClient = useQueryClient();
  const replaced = invoice.replacesInvoiceId ? findListedInvoice(queryClient, invoice.replacesInvoiceId) : undefined;
  return (
    <>
      <DialogDescription>{invoice.project.name ?? 'Unknown Project'}</DialogDescription>
      {invoice.replacesInvoiceId ? <p data-testid="replaces-note">Replaces invoice {replaced?.invoiceNumber ?? 'issued earlier'}, which was voided.</p> : null}
      {invoice.kind === 'supplementary' ? (
        <p data-testid="supplementary-note">
          <Badge $tone="blue">{INVOICE_KIND_LABELS.supplementary}</Badge> Fees of {invoice.billingPeriodStart ?? 'the same period'} to {invoice.billingPeriodEnd ?? ''} recorded after invoice {invoice.supplementsInvoiceNumber ?? ''} was issued.
        </p>
      ) : null}
      <Facts>
        <div>
          <dt>Bill To</dt>
          <dd>
            {invoice.clientName}
            {invoice.clientEmail ? (
              <div>
                <EmailText email={invoice.clientEmail} />
              </div>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Invoice Date</dt>
          <dd>{formatDate(invoice.createdAt) ?? '—'}</dd>
        </div>
        <div>
          <dt>Due Date</dt>
          <dd>{formatDate(invoice.dueDate) ?? 'No due date'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={invoice.status} />
            {editable ? <StatusNote>{NOT_YET_SENT}</StatusNote> : null}
          </dd>
        </div>
      </Facts>
      <Heading id="invoice-items">Items</Heading>
      <DataTable columns={isAdmin && editable ? [...LINE_COLUMNS, lineActions(setEditingLine, (l) => removing.mutate(l.id), removing.isPending)] : LINE_COLUMNS} rows={invoice.invoiceItems} rowKey={(l) => l.id} labelledBy="invoice-items" rowTestId="invoice-line" cardsBelowPx={560} empty={<p>{NO_INVOICE_ITEMS}</p>} />
      <Totals aria-label="Totals">
        <dt>Subtotal</dt>
        <dd>{formatMoney(invoice.subtotal)}</dd>
        {(invoice.taxes ?? []).length > 0 ? (
          invoice.taxes.map((t) => (
            <Fragment key={`${t.name}-${t.percent}`}>
              <dt>
                {t.name} ({t.percent}%)
              </dt>
              <dd>{formatMoney(t.amount)}</dd>
            </Fragment>
          ))
        ) : (
          <>
            <dt>Tax</dt>
            <dd>{formatMoney(invoice.tax)}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd>{formatMoney(invoice.total)}</dd>
      </Totals>
      {invoice.notes ? <Notes>{invoice.notes}</Notes> : null}
      {confirmVoid ? (
        <Confirm>
          <p>{`Void invoice ${invoice.invoiceNumber}? It can no longer be paid, and this cannot be undone.${editable ? '' : ' To change what it bills, void it and issue a replacement.'}`}</p>
          <Actions style={{ marginTop: 0 }}>
            <Button $variant="outline" onClick={() => setConfirmVoid(false)} disabled={voiding.isPending}>
              Keep Invoice
            </Button>
            <Button $variant="destructive" disabled={voiding.isPending} onClick={() => voiding.mutate(invoice.id, { onSettled: () => setConfirmVoid(false) })}>
              {voiding.isPending ? <Loader2 aria-hidden /> : <Ban aria-hidden />}
              {voiding.isPending ? 'Voiding...' : 'Void Invoice'}
            </Button>
          </Actions>
        </Confirm>
      ) : null}
      <Actions>
        {isAdmin && editable ? (
          <Button $variant="outline" onClick={() => setAddingItem(true)}>
            <Plus aria-hidden />
            Add Item
          </Button>
        ) : null}
        <ButtonLink $variant="outline" href={billingApi.invoicePdfUrl(invoice.id)} download={`${invoice.invoiceNumber}.pdf`}>
          <Download aria-hidden />
          Download PDF
        </ButtonLink>
        {isAdmin && open && !confirmVoid ? (
          <Button $variant="outline" onClick={() => setConfirmVoid(true)}>
            <Ban aria-hidden />
            Void
          </Button>
        ) : null}
        {isAdmin && invoice.status === 'void' && onReplace ? (
          <Button $variant="outline" onClick={() => onReplace(invoice)}>
            <Plus aria-hidden />
            Issue Replacement
          </Button>
        ) : null}
        {isAdmin && invoice.status === 'draft' ? (
          <Button onClick={() => send.mutate(invoice.id)} disabled={send.isPending}>
            {send.isPending ? <Loader2 aria-hidden /> : <Send aria-hidden />}
            {send.isPending ? 'Sending...' : 'Send'}
          </Button>
        ) : null}
        {!isAdmin && showsPay(invoice) ? (
          <Button onClick={() => onPay(invoice.id)}>
            <CreditCard aria-hidden />
            Pay {formatMoney(invoice.total)}
          </Button>
        ) : null}
      </Actions>
      <Suspense fallback={null}>
        {addingItem ? <AddInvoiceItemDialog invoiceId={invoice.id} invoiceNumber={invoice.invoiceNumber} onClose={() => setAddingItem(false)} /> : null}
        {editingLine ? <AddInvoiceItemDialog invoiceId={invoice.id} invoiceNumber={invoice.invoiceNumber} line={editingLine} onClose={() => setEditingLine(null)} /> : null}
      </Suspense>
    </>
  );
}
