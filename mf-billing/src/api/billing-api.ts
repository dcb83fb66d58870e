import type { AddInvoiceItemBody, BillingPeriodBody, BillingRate, InvoiceDetail, InvoiceItem, InvoiceListEntry, InvoiceItemType, InvoicesSummary, InvoiceStatus, PaymentAnomaly, Project, TaxRate, TaxRateBody, UnbilledSummary } from '@midway/contracts';
import { NEXT_CURSOR_HEADER } from '@midway/contracts/vocab';
import { apiJson, apiRequest } from '@midway/ui';

/** The Billing page's filters, as GET /api/invoices and its summary take them (empty ones are left out). */
export interface InvoiceFilters {
  q?: string;
  status?: InvoiceStatus;
  projectId?: string;
}

/** Rows per GET /api/invoices page: a screenful several times over; the next comes as the list is scrolled. */
export const INVOICES_PAGE_SIZE = 50;

export interface InvoicesPageResult {
  invoices: InvoiceListEntry[];
  /** The next page's cursor (X-Next-Cursor), null on the last page. */
  nextCursor: string | null;
}

/** The query string of the filters (and paging), empty values left out, in a fixed order (the page prefetch matches it). */
export function filterQuery(filters: InvoiceFilters, extra: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...extra, ...filters })) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** What Create Invoice sends: the number is the server's; status is always 'draft'. */
export interface NewInvoiceInput {
  projectId: string;
  clientName: string;
  clientEmail?: string;
  dueDate?: string;
  notes?: string;
  /** The voided invoice this one replaces. */
  replacesInvoiceId?: string;
}

/** What Add Invoice Item sends: the amount (rate × quantity) goes as a decimal string; the server checks it. */
export interface NewInvoiceItemInput extends Pick<AddInvoiceItemBody, 'description' | 'quantity'> {
  type: InvoiceItemType;
  rate: string;
  amount: string;
}

export interface PaymentIntent {
  clientSecret: string;
  /** No card processor is configured: the dialog confirms through the offline test processor. */
  testMode: boolean;
}

/** An automatic billing action's answer: a sentence naming what it did (shown in the toast). */
export interface ActionResult {
  message: string;
  /** Initialize's: how many rates it wrote (0: they were already there). */
  created?: number;
}

/**
 * The remote's client of billing's HTTP API (and catalog's project list for the Create Invoice selector), through
 * the gateway (same origin, cookies sent). `baseUrl` is '' in the browser; the Pact consumer tests point it at the
 * mock provider. Every non-OK answer throws the ui client's ApiError ('<status>: <body>'). Only types come from
 * @midway/contracts: the zod schemas stay on the server side of the bundle.
 */
export function createBillingApi(baseUrl = '') {
  const url = (path: string) => `${baseUrl}${path}`;
  const id = encodeURIComponent;
  return {
    /** One page of invoices, newest first; `cursor` from the previous page's answer. */
    listInvoices: async (filters: InvoiceFilters = {}, page: { limit: number; cursor?: string | null } = { limit: INVOICES_PAGE_SIZE }): Promise<InvoicesPageResult> => {
      const res = await apiRequest('GET', url(`/api/invoices${filterQuery(filters, { limit: page.limit, cursor: page.cursor ?? undefined })}`));
      return { invoices: (await res.json()) as InvoiceListEntry[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || null };
    },
    /** Counts over every invoice the filters match: the page's cards. */
    invoicesSummary: (filters: InvoiceFilters = {}) => apiJson<InvoicesSummary>('GET', url(`/api/invoices/summary${filterQuery(filters)}`)),
    getInvoice: (invoiceId: string) => apiJson<InvoiceDetail>('GET', url(`/api/invoices/${id(invoiceId)}`)),
    createInvoice: ({ projectId, ...fields }: NewInvoiceInput) =>
      apiJson<InvoiceDetail>('POST', url(`/api/projects/${id(projectId)}/invoices`), { projectId, ...fields, status: 'draft' }),
    addInvoiceItem: (invoiceId: string, body: NewInvoiceItemInput) => apiJson<InvoiceItem>('POST', url(`/api/invoices/${id(invoiceId)}/items`), body),
    /** A draft's line corrected (amount = rate × quantity, computed by the server). */
    updateInvoiceItem: (invoiceId: string, lineId: string, body: Omit<NewInvoiceItemInput, 'amount'>) => apiJson<InvoiceItem>('PUT', url(`/api/invoices/${id(invoiceId)}/items/${id(lineId)}`), body),
    removeInvoiceItem: async (invoiceId: string, lineId: string) => void (await apiRequest('DELETE', url(`/api/invoices/${id(invoiceId)}/items/${id(lineId)}`))),
    sendInvoice: (invoiceId: string) => apiJson<InvoiceDetail>('POST', url(`/api/invoices/${id(invoiceId)}/send`)),
    voidInvoice: (invoiceId: string) => apiJson<InvoiceDetail>('POST', url(`/api/invoices/${id(invoiceId)}/void`)),
    /** The PDF's address: Download PDF is a plain link, so the browser streams the file and names it. */
    invoicePdfUrl: (invoiceId: string) => url(`/api/invoices/${id(invoiceId)}/pdf`),
    createPaymentIntent: (invoiceId: string) => apiJson<PaymentIntent>('POST', url('/api/create-payment-intent'), { invoiceId }),
    /** Offline mode only: what Stripe.js would do when the card is confirmed. */
    confirmTestPayment: (clientSecret: string) => apiJson<{ id: string; status: string }>('POST', url('/api/billing/test-processor/confirm'), { clientSecret }),
    listRates: () => apiJson<BillingRate[]>('GET', url('/api/billing/rates')),
    initializeRates: () => apiJson<ActionResult>('POST', url('/api/billing/initialize')),
    recordStorageFees: () => apiJson<ActionResult>('POST', url('/api/billing/storage-fees/record')),
    createCycles: (period: BillingPeriodBody) => apiJson<ActionResult>('POST', url('/api/billing/cycles/create'), period),
    generateInvoices: (period: BillingPeriodBody) => apiJson<ActionResult>('POST', url('/api/billing/invoices/generate'), period),
    /** What is recorded and not yet on an invoice (admin). */
    getUnbilled: () => apiJson<UnbilledSummary>('GET', url('/api/billing/unbilled')),
    listTaxRates: () => apiJson<TaxRate[]>('GET', url('/api/billing/tax-rates')),
    createTaxRate: (body: TaxRateBody) => apiJson<TaxRate>('POST', url('/api/billing/tax-rates'), body),
    updateTaxRate: (taxRateId: string, body: TaxRateBody) => apiJson<TaxRate>('PUT', url(`/api/billing/tax-rates/${id(taxRateId)}`), body),
    deleteTaxRate: async (taxRateId: string) => void (await apiRequest('DELETE', url(`/api/billing/tax-rates/${id(taxRateId)}`))),
    /** Payment events that moved no money, with what a person must do (admin). */
    listPaymentAnomalies: () => apiJson<PaymentAnomaly[]>('GET', url('/api/billing/anomalies')),
    /** Marks an anomaly handled with what was done (admin); the first note stands. */
    handlePaymentAnomaly: (anomalyId: string, note: string) => apiJson<PaymentAnomaly>('POST', url(`/api/billing/anomalies/${id(anomalyId)}/handle`), { note }),
    /** Catalog's projects the caller reaches (an admin: all), for the Create Invoice dialog's selector. */
    listProjects: () => apiJson<Project[]>('GET', url('/api/projects')),
  };
}

export type BillingApi = ReturnType<typeof createBillingApi>;

/** The browser's instance. */
export const billingApi: BillingApi = createBillingApi();
