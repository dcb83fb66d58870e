import type { BillingPeriodBody, TaxRateBody } from '@midway/contracts';
import { isUnauthorizedError, toast, serverMessage } from '@midway/ui';
import type { Invoice } from '@midway/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { billingApi, INVOICES_PAGE_SIZE, type ActionResult, type InvoiceFilters, type InvoicesPageResult, type NewInvoiceInput, type NewInvoiceItemInput } from './billing-api';
import { queryKeys } from './query-keys';

/** A failure toast with the server's message when it sent one (it says what to do next), else the fallback; a 401 is the shared client's. */
export function failureToast(fallback: string, title = 'Error') {
  return (error: unknown) => {
    if (isUnauthorizedError(error)) return;
    const message = serverMessage(error);
    toast({ title, description: message ? `${fallback}: ${message}` : fallback, variant: 'destructive' });
  };
}

const success = (title: string, description?: string) => toast({ title, description, variant: 'success' });

/** A card payment just confirmed: the invoice, and when (ms) the user came back to the list. */
export interface AwaitedPayment {
  invoiceId: string;
  since: number;
}

/** How long the list keeps asking for the webhook's result before it stops (the row then says to refresh). */
export const PAYMENT_POLL_MS = 60_000;

/**
 * The invoice list, a page at a time as it is scrolled, filtered on the server. While a payment is awaited, the
 * pages loaded are asked again every second until the processor's webhook has marked the invoice paid (for at
 * most PAYMENT_POLL_MS).
 */
export function useInvoicePages(filters: InvoiceFilters, awaiting?: AwaitedPayment | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.invoicePages(filters),
    queryFn: ({ pageParam }) => billingApi.listInvoices(filters, { limit: INVOICES_PAGE_SIZE, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) => {
      if (!awaiting || Date.now() - awaiting.since > PAYMENT_POLL_MS) return false;
      const invoice = query.state.data?.pages.flatMap((p) => p.invoices).find((i) => i.id === awaiting.invoiceId);
      return invoice && invoice.status !== 'paid' ? 1000 : false;
    },
  });
}

/** The page's cards: counts over every invoice the caller may see, not the pages loaded. */
export function useInvoicesSummary(awaiting?: AwaitedPayment | null) {
  return useQuery({
    queryKey: queryKeys.invoicesSummary,
    queryFn: () => billingApi.invoicesSummary(),
    // A payment being confirmed changes Paid and Total Revenue as it lands.
    refetchInterval: () => (awaiting && Date.now() - awaiting.since <= PAYMENT_POLL_MS ? 1000 : false),
  });
}

/** An invoice among the list's pages already loaded (any filters), without asking the server. */
export function findListedInvoice(queryClient: QueryClient, invoiceId: string): Invoice | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<InvoicesPageResult>>({ queryKey: queryKeys.invoicePagesAll })) {
    const found = data?.pages?.flatMap((p) => p.invoices).find((i) => i.id === invoiceId);
    if (found) return found;
  }
  return undefined;
}

export function useInvoice(invoiceId: string | null) {
  return useQuery({ queryKey: queryKeys.invoice(invoiceId ?? ''), queryFn: () => billingApi.getInvoice(invoiceId!), enabled: Boolean(invoiceId) });
}

export function useProjects(enabled = true) {
  return useQuery({ queryKey: queryKeys.projects, queryFn: billingApi.listProjects, enabled });
}

/** Payment events that moved no money (admins only: the Billing page's card). */
export function usePaymentAnomalies(enabled = true) {
  return useQuery({ queryKey: queryKeys.paymentAnomalies, queryFn: billingApi.listPaymentAnomalies, enabled });
}

export function useRates() {
  return useQuery({ queryKey: queryKeys.rates, queryFn: billingApi.listRates });
}

/** Invoices changed: the list, every open detail, and the projects' totals (catalog's costs follow billing's events). */
function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryKeys.invoices, queryKeys.projects, queryKeys.dashboardStats].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateInvoice() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (input: NewInvoiceInput) => billingApi.createInvoice(input),
    onSuccess: async () => {
      success('Success', 'Invoice created successfully');
      await refresh();
    },
    onError: failureToast('Failed to create invoice'),
  });
}

export function useAddInvoiceItem(invoiceId: string) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (input: NewInvoiceItemInput) => billingApi.addInvoiceItem(invoiceId, input),
    onSuccess: async () => {
      success('Success', 'Invoice item added successfully');
      await refresh();
    },
    onError: failureToast('Failed to add invoice item'),
  });
}

export function useUpdateInvoiceItem(invoiceId: string) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({ lineId, ...body }: Omit<NewInvoiceItemInput, 'amount'> & { lineId: string }) => billingApi.updateInvoiceItem(invoiceId, lineId, body),
    onSuccess: async () => {
      success('Line saved', 'The invoice was totalled again');
      await refresh();
    },
    onError: failureToast('Failed to save the line'),
  });
}

export function useRemoveInvoiceItem(invoiceId: string) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (lineId: string) => billingApi.removeInvoiceItem(invoiceId, lineId),
    onSuccess: async () => {
      success('Line removed', 'The invoice was totalled again');
      await refresh();
    },
    onError: failureToast('Failed to remove the line'),
  });
}

/** Marks a payment anomaly handled with its note; the card then lists it under Handled. */
export function useHandleAnomaly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => billingApi.handlePaymentAnomaly(id, note),
    onSuccess: async () => {
      success('Marked handled', 'The payment is listed under Handled with your note');
      await queryClient.invalidateQueries({ queryKey: queryKeys.paymentAnomalies });
    },
    onError: failureToast('Failed to mark the payment handled'),
  });
}

export function useSendInvoice() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (invoiceId: string) => billingApi.sendInvoice(invoiceId),
    onSuccess: async (invoice) => {
      success('Invoice sent', `Invoice ${invoice.invoiceNumber} was e-mailed to ${invoice.clientEmail ?? 'the client'} with its PDF`);
      await refresh();
    },
    onError: failureToast('Failed to send invoice'),
  });
}

export function useVoidInvoice() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (invoiceId: string) => billingApi.voidInvoice(invoiceId),
    onSuccess: async (invoice) => {
      success('Invoice voided', `Invoice ${invoice.invoiceNumber} no longer needs to be paid`);
      await refresh();
    },
    onError: failureToast('Failed to void invoice'),
  });
}

/**
 * One automatic billing action: its toast says one thing, the server's sentence naming what was done (or the
 * success title when the server sent none); on failure the server's message or the fallback.
 */
function useBillingAction<Input>(run: (input: Input) => Promise<ActionResult>, texts: { success: string; failure: string }, after: readonly (readonly string[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async ({ message }) => {
      success(message || texts.success);
      await Promise.all(after.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error: unknown) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: 'Error', description: serverMessage(error) ?? texts.failure, variant: 'destructive' });
    },
  });
}

export const useInitializeRates = () =>
  useBillingAction(() => billingApi.initializeRates(), { success: 'Default billing rates initialized successfully', failure: 'Failed to initialize billing rates' }, [queryKeys.rates]);
export const useRecordStorageFees = () =>
  useBillingAction(() => billingApi.recordStorageFees(), { success: 'Daily storage fees recorded successfully', failure: 'Failed to record storage fees' }, [queryKeys.projects, queryKeys.unbilled]);
export const useCreateCycles = () =>
  useBillingAction((period: BillingPeriodBody) => billingApi.createCycles(period), { success: 'Billing cycles created successfully', failure: 'Failed to create billing cycles' }, []);
export const useGenerateInvoices = () =>
  useBillingAction((period: BillingPeriodBody) => billingApi.generateInvoices(period), { success: 'Monthly invoices generated successfully', failure: 'Failed to generate invoices' }, [queryKeys.invoices, queryKeys.projects, queryKeys.unbilled]);

/** What is recorded and not yet invoiced (the Automatic Billing page's card). */
export const useUnbilled = () => useQuery({ queryKey: queryKeys.unbilled, queryFn: billingApi.getUnbilled });

export const useTaxRates = () => useQuery({ queryKey: queryKeys.taxRates, queryFn: billingApi.listTaxRates });

/** Add, change or remove a tax rate; drafts are re-taxed, so the invoices refresh too. */
export function useSaveTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TaxRateBody }) => (id ? billingApi.updateTaxRate(id, body) : billingApi.createTaxRate(body)),
    onSuccess: async (rate, { id }) => {
      success(id ? `Tax rate ${rate.name} updated` : `Tax rate ${rate.name} added`);
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.taxRates }), queryClient.invalidateQueries({ queryKey: queryKeys.invoices })]);
    },
    onError: failureToast('Failed to save tax rate'),
  });
}

export function useDeleteTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => billingApi.deleteTaxRate(id),
    onSuccess: async () => {
      success('Tax rate removed');
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.taxRates }), queryClient.invalidateQueries({ queryKey: queryKeys.invoices })]);
    },
    onError: failureToast('Failed to remove tax rate'),
  });
}
