import type { InvoiceListEntry, InvoicesSummary, InvoiceStatus } from '@midway/contracts';
import { INVOICE_KIND_LABELS, INVOICE_STATUSES } from '@midway/contracts/vocab';
import { Badge, Button, Card, FilterBar, formatMoney, SearchBox, StatusBadge, statusLabel, toast } from '@midway/ui';
import { DataTable, EmptyState, PAGE_HEADINGS, PageHeader, PageStack, StatCards, StatCardsSkeleton, type DataColumn, type StatCardModel } from '@midway/ui/data';
import { useCurrentUser } from '@midway/ui/query';
import { Select } from '@midway/ui/select';
import { CheckCircle2, Clock, CreditCard, DollarSign, Eye, FileText, Plus } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from '@midway/ui/router';
import styled from 'styled-components';
import type { InvoiceFilters } from '../api/billing-api';
import { PAYMENT_POLL_MS, useInvoicePages, useInvoicesSummary, type AwaitedPayment } from '../api/billing-queries';
import { useDebouncedValue } from '../shared/use-debounced-value';
import { LoadMoreSentinel } from './load-more-sentinel';
import { relativeDueDate } from '../shared/format';
import { isDraft, NOT_YET_SENT, showsPay } from './invoice-status';
import { PaymentAnomaliesCard } from './payment-anomalies';
import type { ReplacedInvoice } from '../invoice-dialogs/create-invoice-dialog';

// The dialogs are their own chunks: the list shows without them, and each loads when first opened.
const InvoiceDetailDialog = lazy(() => import('../invoice-dialogs/invoice-detail-dialog'));
const CreateInvoiceDialog = lazy(() => import('../invoice-dialogs/create-invoice-dialog'));
const PaymentDialog = lazy(() => import('../payment/payment-dialog'));

export const { title: BILLING_TITLE, subtitle: BILLING_SUBTITLE } = PAGE_HEADINGS['billing'];
export const NO_INVOICES = 'No invoices found. Create your first invoice to get started.';
export const NO_MATCHING_INVOICES = 'No invoices match these filters.';
export const PAYMENT_NOT_CONFIRMED = 'Payment not confirmed yet. Reload the page in a minute to check.';
/** The Generate Invoice button of a project's page links here with the project: ?create=<projectId>. */
export const CREATE_PARAM = 'create';
/** Where a confirmed payment comes back to: ?paid=<invoiceId> (also Stripe's return_url). */
export const PAID_PARAM = 'paid';
const ALL = 'all';

const STATUS_OPTIONS = [{ value: ALL, label: 'All Statuses' }, ...INVOICE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))];

const TableCard = styled(Card)`
  overflow: hidden;
`;

const TableHeading = styled.h2`
  padding: 20px 20px 12px;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 650;
`;

const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Awaiting = styled.span`
  display: block;
  margin-top: 4px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The cards count every invoice the caller may see (the summary), not the pages loaded so far. */
function stats(summary: InvoicesSummary): StatCardModel[] {
  return [
    { label: 'Total Invoices', value: summary.total, icon: FileText, tone: 'accent' },
    { label: 'Paid', value: summary.paid, icon: CheckCircle2, tone: 'green' },
    { label: 'Pending', value: summary.pending, icon: Clock, tone: 'yellow' },
    { label: 'Total Revenue', value: formatMoney(summary.revenue), icon: DollarSign, tone: 'blue' },
  ];
}

/** How long typing pauses before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/** /billing: every invoice the caller may see (a designer: their projects'; an admin: all), with the invoice and payment dialogs. */
export default function BillingPage() {
  const { isAdmin } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  // Stripe's return from a card check (3-D Secure) adds redirect_status; 'failed' means nothing was charged.
  const redirectFailed = params.get('redirect_status') === 'failed';
  const paidParam = redirectFailed ? null : params.get(PAID_PARAM);
  // Read once per return from a payment: the list then polls until the webhook has marked the invoice paid.
  const awaiting = useMemo<AwaitedPayment | null>(() => (paidParam ? { invoiceId: paidParam, since: Date.now() } : null), [paidParam]);
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  useEffect(() => {
    setWaitedTooLong(false);
    if (!awaiting) return;
    const timer = setTimeout(() => setWaitedTooLong(true), PAYMENT_POLL_MS);
    return () => clearTimeout(timer);
  }, [awaiting]);
  useEffect(() => {
    if (!redirectFailed) return;
    toast({ title: 'Payment Failed', description: 'The card was not charged. Please try again with Pay.', variant: 'destructive' });
    setParams(new URLSearchParams(), { replace: true });
  }, [redirectFailed, setParams]);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<InvoiceStatus | typeof ALL>(ALL);
  const searched = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS);
  const filters = useMemo<InvoiceFilters>(() => ({ ...(searched ? { q: searched } : {}), ...(status !== ALL ? { status } : {}) }), [searched, status]);
  const invoices = useInvoicePages(filters, awaiting);
  const summary = useInvoicesSummary(awaiting);
  const [viewing, setViewing] = useState<string | null>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const createFor = params.get(CREATE_PARAM);
  const [creating, setCreating] = useState(false);
  const [replacing, setReplacing] = useState<ReplacedInvoice | null>(null);

  const shown = useMemo(() => invoices.data?.pages.flatMap((p) => p.invoices) ?? [], [invoices.data]);
  const filtered = searched !== '' || status !== ALL;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = invoices;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const columns: DataColumn<InvoiceListEntry>[] = [
    {
      key: 'number',
      header: 'Invoice #',
      primary: true,
      nowrap: true,
      cell: (i) => (
        <>
          <strong>{i.invoiceNumber}</strong>
          {i.kind === 'supplementary' ? (
            <>
              {' '}
              <Badge $tone="blue" title="Fees of a month recorded after its invoice was issued">
                {INVOICE_KIND_LABELS.supplementary}
              </Badge>
            </>
          ) : null}
        </>
      ),
    },
    { key: 'project', header: 'Project', cell: (i) => i.projectName ?? 'Unknown Project' },
    { key: 'client', header: 'Client', cell: (i) => i.clientName },
    { key: 'amount', header: 'Amount', nowrap: true, cell: (i) => formatMoney(i.total) },
    {
      key: 'status',
      header: 'Status',
      cell: (i) => (
        <span>
          <StatusBadge status={i.status} />
          {isDraft(i) ? <Awaiting>{NOT_YET_SENT}</Awaiting> : null}
          {awaiting?.invoiceId === i.id && i.status !== 'paid' ? <Awaiting role="status">{waitedTooLong ? PAYMENT_NOT_CONFIRMED : 'Confirming payment…'}</Awaiting> : null}
        </span>
      ),
    },
    { key: 'due', header: 'Due Date', nowrap: true, cell: (i) => relativeDueDate(i.dueDate) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (i) => (
        <RowActions>
          <Button $variant="outline" $size="sm" onClick={() => setViewing(i.id)} aria-label={`View invoice ${i.invoiceNumber}`}>
            <Eye aria-hidden />
            View
          </Button>
          {showsPay(i) ? (
            <Button $size="sm" onClick={() => setPaying(i.id)} aria-label={`Pay invoice ${i.invoiceNumber}`}>
              <CreditCard aria-hidden />
              Pay
            </Button>
          ) : null}
        </RowActions>
      ),
    },
  ];

  return (
    <PageStack>
      <PageHeader
        title={BILLING_TITLE}
        subtitle={BILLING_SUBTITLE}
        actions={
          isAdmin ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              Create Invoice
            </Button>
          ) : null
        }
      />
      {summary.data ? <StatCards stats={stats(summary.data)} /> : <StatCardsSkeleton count={4} />}
      {isAdmin ? <PaymentAnomaliesCard /> : null}
      <FilterBar label="Filter invoices">
        <SearchBox label="Search invoices" placeholder="Search by invoice #, client or project..." value={q} onChange={setQ} />
        <Select aria-label="Status" value={status} onValueChange={(v) => setStatus(v as InvoiceStatus | typeof ALL)} options={STATUS_OPTIONS} />
      </FilterBar>
      <TableCard>
        <TableHeading id="recent-invoices">Recent Invoices</TableHeading>
        {invoices.isError ? (
          <EmptyState
            icon={FileText}
            title="Invoices could not be loaded"
            text="Billing did not answer. Check your connection and try again."
            action={<Button onClick={() => invoices.refetch()}>Try again</Button>}
          />
        ) : (
          <DataTable
            columns={columns}
            rows={shown}
            rowKey={(i) => i.id}
            loading={invoices.isLoading}
            skeletonRows={3}
            labelledBy="recent-invoices"
            rowTestId="invoice-row"
            skeletonTestId="invoice-skeleton"
            cardsBelowPx={820}
            empty={<EmptyState icon={FileText} title={filtered ? NO_MATCHING_INVOICES : NO_INVOICES} />}
          />
        )}
        {invoices.isError ? null : <LoadMoreSentinel hasMore={Boolean(hasNextPage)} loading={isFetchingNextPage} onLoadMore={loadMore} label="Load more invoices" />}
      </TableCard>
      <Suspense fallback={null}>
        {viewing ? (
          <InvoiceDetailDialog
            invoiceId={viewing}
            onClose={() => setViewing(null)}
            onPay={(id) => {
              setViewing(null);
              setPaying(id);
            }}
            onReplace={(invoice) => {
              setViewing(null);
              setReplacing(invoice);
            }}
          />
        ) : null}
        {isAdmin && (creating || createFor || replacing) ? (
          <CreateInvoiceDialog
            projectId={createFor ?? undefined}
            replaces={replacing ?? undefined}
            onClose={() => {
              setCreating(false);
              setReplacing(null);
              if (createFor) setParam(CREATE_PARAM, null);
            }}
            onCreated={(id) => setViewing(id)}
          />
        ) : null}
        {paying ? (
          <PaymentDialog
            invoiceId={paying}
            onClose={() => setPaying(null)}
            onConfirmed={(id) => {
              setPaying(null);
              setViewing(null);
              // Back to /billing, awaiting the webhook (a new value restarts the wait).
              setParam(PAID_PARAM, id);
            }}
          />
        ) : null}
      </Suspense>
    </PageStack>
  );
}
