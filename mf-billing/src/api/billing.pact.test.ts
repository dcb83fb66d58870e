/**
 * @jest-environment node
 *
 * Pact consumer contracts of mf-billing's API client (billing-api.ts): with billing's HTTP API
 * (pacts/mf-billing-billing.json, verified by services/billing/test/pact.provider.test.ts) and with catalog's
 * project list for the Create Invoice selector (pacts/mf-billing-catalog.json, verified by catalog's provider test,
 * which reads every <consumer>-catalog.json). Requests carry no session: the verifier adds the identity of the
 * state's caller (the gateway does that in production). Ids the provider makes come back through provider state.
 */
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createBillingApi } from './billing-api';

const { like, eachLike, integer, regex, uuid, iso8601DateTimeWithMillis, string, boolean, fromProviderState, nullValue } = MatchersV3;

const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const INVOICE_ID = '3a4b5c6d-7e8f-4a0b-9c1d-000000000001';
const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const USER_ID = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';
const LINE_ID = '8e9f0a1b-2c3d-4e5f-8a6b-000000000001';
const ANOMALY_ID = '5b6c7d8e-9f0a-4b1c-8d2e-000000000001';

/** Billing's provider states; the verifier builds each through billing's own events and API and returns the ids. */
export const BILLING_STATES = {
  designerWithSentInvoice: 'a designer whose project "Lakeview Residence" has a sent invoice of 54.00',
  adminWithProject: 'an admin, and a project "Lakeview Residence" billing knows',
  adminWithDraft: 'an admin, and a draft invoice with a client e-mail and one line on "Lakeview Residence"',
  adminWithRates: 'an admin, with the default billing rates initialized',
  adminWithSent: 'an admin, and a sent invoice of 25.00 on "Lakeview Residence"',
  adminWithAnomaly: 'an admin, and a payment of 50.00 that arrived for a void invoice',
  adminWithTaxRate: 'an admin, and a tax rate of 5% on inspection fees from 2100-12-31',
} as const;

const JSON_HEADERS = { 'Content-Type': regex(/application\/json.*/.source, 'application/json; charset=utf-8') };
const money = (example: string) => regex(/^\d+\.\d{2}$/.source, example);
const plainDate = (example: string) => regex(/^\d{4}-\d{2}-\d{2}$/.source, example);
const invoiceNumber = regex(/^INV-\d{4}-\d{6}$/.source, 'INV-2026-000001');
const invoicePath = (suffix = '') => fromProviderState(`/api/invoices/\${invoiceId}${suffix}`, `/api/invoices/${INVOICE_ID}${suffix}`);

// Only the fields this consumer reads are in the contract (extra fields in a response are fine).
const invoice = (status: string, total = '54.00') => ({
  id: uuid(INVOICE_ID),
  projectId: uuid(PROJECT_ID),
  invoiceNumber,
  clientName: string('Jordan Ellis'),
  clientEmail: string('jordan@example.com'),
  status: regex(/^(draft|sent|paid|overdue|void)$/.source, status),
  subtotal: money(total),
  tax: money('0.00'),
  total: money(total),
  dueDate: plainDate('2026-04-01'),
  notes: nullValue(),
  createdAt: iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z'),
  // The invoice dialog names the invoice a replacement replaces.
  replacesInvoiceId: nullValue(),
});
const line = {
  id: uuid('8e9f0a1b-2c3d-4e5f-8a6b-000000000001'),
  description: string('Receiving: Walnut sideboard'),
  quantity: integer(1),
  rate: money('25.00'),
  amount: money('25.00'),
  type: string('receiving'),
};
const detail = (status: string, total = '54.00') => ({ ...invoice(status, total), invoiceItems: eachLike(line), project: { id: uuid(PROJECT_ID), name: string('Lakeview Residence') } });
const message = (example: string) => ({ message: like(example) });

const pact = new PactV4({ consumer: 'mf-billing', provider: 'billing', dir: path.resolve(__dirname, '../../../pacts'), logLevel: 'warn' });
const catalogPact = new PactV4({ consumer: 'mf-billing', provider: 'catalog', dir: path.resolve(__dirname, '../../../pacts'), logLevel: 'warn' });

describe('mf-billing → billing (Pact)', () => {
  it('GET /api/invoices lists a page of the invoices the caller may see (the last page: no X-Next-Cursor)', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.designerWithSentInvoice, { userId: USER_ID })
      .uponReceiving('a request for the first page of the invoice list')
      .withRequest('GET', '/api/invoices', (req) => req.query({ limit: '50' }))
      // The list names each invoice's project (the staff's list shows whose it is).
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike({ ...invoice('sent'), projectName: string('Lakeview Residence') })))
      .executeTest(async (server) => {
        const { invoices, nextCursor } = await createBillingApi(server.url).listInvoices();
        expect(invoices[0]).toMatchObject({ invoiceNumber: 'INV-2026-000001', status: 'sent', total: '54.00', projectName: 'Lakeview Residence' });
        expect(nextCursor).toBeNull();
      }));

  it('GET /api/invoices filters on the server', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.designerWithSentInvoice, { userId: USER_ID })
      .uponReceiving('a request for the invoice list searched by project name and status')
      .withRequest('GET', '/api/invoices', (req) => req.query({ limit: '50', q: 'Lakeview', status: 'sent' }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike(invoice('sent'))))
      .executeTest(async (server) => {
        const { invoices } = await createBillingApi(server.url).listInvoices({ q: 'Lakeview', status: 'sent' });
        expect(invoices[0]).toMatchObject({ status: 'sent' });
      }));

  it('GET /api/invoices with a cursor it did not give is a 400', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.designerWithSentInvoice, { userId: USER_ID })
      .uponReceiving('a request for the invoice list with a bad cursor')
      .withRequest('GET', '/api/invoices', (req) => req.query({ limit: '50', cursor: 'not-a-cursor' }))
      .willRespondWith(400, (res) => res.headers(JSON_HEADERS).jsonBody(message('cursor is not valid; start again without it')))
      .executeTest(async (server) => {
        await expect(createBillingApi(server.url).listInvoices({}, { limit: 50, cursor: 'not-a-cursor' })).rejects.toThrow(/^400: /);
      }));

  it('GET /api/invoices/summary counts every invoice the caller may see', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.designerWithSentInvoice, { userId: USER_ID })
      .uponReceiving('a request for the invoice summary')
      .withRequest('GET', '/api/invoices/summary')
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ total: integer(1), paid: integer(0), pending: integer(1), revenue: money('0.00') }))
      .executeTest(async (server) => {
        expect(await createBillingApi(server.url).invoicesSummary()).toEqual({ total: 1, paid: 0, pending: 1, revenue: '0.00' });
      }));

  it('GET /api/invoices/{id} answers the invoice with its lines and project name', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.designerWithSentInvoice, { userId: USER_ID })
      .uponReceiving('a request for an invoice with its lines')
      .withRequest('GET', invoicePath())
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(detail('sent')))
      .executeTest(async (server) => {
        const found = await createBillingApi(server.url).getInvoice(INVOICE_ID);
        expect(found.project.name).toBe('Lakeview Residence');
        expect(found.invoiceItems[0]).toMatchObject({ rate: '25.00', amount: '25.00' });
      }));

  it('POST /api/create-payment-intent starts a card payment for the invoice', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.designerWithSentInvoice, { userId: USER_ID })
      .uponReceiving('a request to start paying an invoice')
      .withRequest('POST', '/api/create-payment-intent', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ invoiceId: fromProviderState('${invoiceId}', INVOICE_ID) }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ clientSecret: string('pi_1_secret_abc'), testMode: boolean(true) }))
      .executeTest(async (server) => {
        expect(await createBillingApi(server.url).createPaymentIntent(INVOICE_ID)).toEqual({ clientSecret: 'pi_1_secret_abc', testMode: true });
      }));

  it('POST /api/billing/test-processor/confirm pays an intent in offline mode', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.designerWithSentInvoice, { userId: USER_ID })
      .uponReceiving('a request to confirm a test card payment')
      .withRequest('POST', '/api/billing/test-processor/confirm', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ clientSecret: fromProviderState('${clientSecret}', 'pi_1_secret_abc') }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ id: string('pi_1'), status: string('succeeded') }))
      .executeTest(async (server) => {
        expect(await createBillingApi(server.url).confirmTestPayment('pi_1_secret_abc')).toMatchObject({ status: 'succeeded' });
      }));

  it('POST /api/projects/{id}/invoices creates a draft (201)', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithProject, { projectId: PROJECT_ID })
      .uponReceiving('a request to create an invoice')
      .withRequest('POST', `/api/projects/${PROJECT_ID}/invoices`, (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ projectId: PROJECT_ID, clientName: 'Jordan Ellis', clientEmail: 'jordan@example.com', dueDate: '2026-04-01', status: 'draft' }),
      )
      .willRespondWith(201, (res) => res.headers(JSON_HEADERS).jsonBody({ ...invoice('draft', '0.00'), invoiceItems: [], project: { id: uuid(PROJECT_ID), name: string('Lakeview Residence') } }))
      .executeTest(async (server) => {
        const created = await createBillingApi(server.url).createInvoice({ projectId: PROJECT_ID, clientName: 'Jordan Ellis', clientEmail: 'jordan@example.com', dueDate: '2026-04-01' });
        expect(created).toMatchObject({ status: 'draft', total: '0.00', invoiceItems: [] });
      }));

  it('POST /api/projects/{id}/invoices without a client name is a 400 naming the field', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithProject, { projectId: PROJECT_ID })
      .uponReceiving('a request to create an invoice without a client name')
      .withRequest('POST', `/api/projects/${PROJECT_ID}/invoices`, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ projectId: PROJECT_ID, clientName: '', status: 'draft' }))
      .willRespondWith(400, (res) => res.headers(JSON_HEADERS).jsonBody(message('Client name is required')))
      .executeTest(async (server) => {
        await expect(createBillingApi(server.url).createInvoice({ projectId: PROJECT_ID, clientName: '' })).rejects.toThrow(/^400: .*Client name is required/);
      }));

  it('POST /api/invoices/{id}/items adds a line priced rate × quantity (201)', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithDraft, { projectId: PROJECT_ID })
      .uponReceiving('a request to add an invoice item')
      .withRequest('POST', invoicePath('/items'), (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ description: 'Crating', type: 'handling', quantity: 3, rate: '0.10', amount: '0.30' }),
      )
      .willRespondWith(201, (res) => res.headers(JSON_HEADERS).jsonBody({ ...line, description: string('Crating'), quantity: integer(3), rate: money('0.10'), amount: money('0.30'), type: string('handling') }))
      .executeTest(async (server) => {
        const added = await createBillingApi(server.url).addInvoiceItem(INVOICE_ID, { description: 'Crating', type: 'handling', quantity: 3, rate: '0.10', amount: '0.30' });
        expect(added).toMatchObject({ amount: '0.30' });
      }));

  it('PUT /api/invoices/{id}/items/{lineId} corrects a draft’s line, priced again by the server', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithDraft, { projectId: PROJECT_ID })
      .uponReceiving('a request to correct a line of a draft invoice')
      .withRequest('PUT', fromProviderState('/api/invoices/${invoiceId}/items/${lineId}', `/api/invoices/${INVOICE_ID}/items/${LINE_ID}`), (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ description: 'Receiving: Walnut sideboard, 2 boxes', type: 'receiving', quantity: 2, rate: '25.00' }),
      )
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ ...line, description: string('Receiving: Walnut sideboard, 2 boxes'), quantity: integer(2), amount: money('50.00') }))
      .executeTest(async (server) => {
        const saved = await createBillingApi(server.url).updateInvoiceItem(INVOICE_ID, LINE_ID, { description: 'Receiving: Walnut sideboard, 2 boxes', type: 'receiving', quantity: 2, rate: '25.00' });
        expect(saved).toMatchObject({ quantity: 2, amount: '50.00' });
      }));

  it('DELETE /api/invoices/{id}/items/{lineId} removes a draft’s line (204)', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithDraft, { projectId: PROJECT_ID })
      .uponReceiving('a request to remove a line of a draft invoice')
      .withRequest('DELETE', fromProviderState('/api/invoices/${invoiceId}/items/${lineId}', `/api/invoices/${INVOICE_ID}/items/${LINE_ID}`))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(createBillingApi(server.url).removeInvoiceItem(INVOICE_ID, LINE_ID)).resolves.toBeUndefined();
      }));

  it('POST /api/invoices/{id}/items refuses an amount that is not rate × quantity (400)', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithDraft, { projectId: PROJECT_ID })
      .uponReceiving('a request to add an invoice item with a wrong amount')
      .withRequest('POST', invoicePath('/items'), (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ description: 'Crating', type: 'handling', quantity: 3, rate: '0.10', amount: '1.00' }))
      .willRespondWith(400, (res) => res.headers(JSON_HEADERS).jsonBody(message('amount must be rate × quantity = 0.30 (it was 1.00)')))
      .executeTest(async (server) => {
        await expect(createBillingApi(server.url).addInvoiceItem(INVOICE_ID, { description: 'Crating', type: 'handling', quantity: 3, rate: '0.10', amount: '1.00' })).rejects.toThrow(/^400: /);
      }));

  it('POST /api/invoices/{id}/items on a sent invoice is 409: it is final, void it and issue a new one', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithSent, { projectId: PROJECT_ID })
      .uponReceiving('a request to add a line to a sent invoice')
      .withRequest('POST', invoicePath('/items'), (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ description: 'Crating', type: 'handling', quantity: 3, rate: '0.10', amount: '0.30' }))
      .willRespondWith(409, (res) =>
        res.headers(JSON_HEADERS).jsonBody({ message: regex(/^Invoice INV-\d{4}-\d{6} has been sent and is final: .*Void it and issue a new invoice that replaces it\.$/.source, 'Invoice INV-2026-000001 has been sent and is final: its lines cannot change. Void it and issue a new invoice that replaces it.') }),
      )
      .executeTest(async (server) => {
        await expect(createBillingApi(server.url).addInvoiceItem(INVOICE_ID, { description: 'Crating', type: 'handling', quantity: 3, rate: '0.10', amount: '0.30' })).rejects.toThrow(/^409: .*Void it and issue a new invoice/);
      }));

  it('POST /api/create-payment-intent on a draft is 409 with the reason', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithDraft, { projectId: PROJECT_ID })
      .uponReceiving('a request to start paying a draft invoice')
      .withRequest('POST', '/api/create-payment-intent', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ invoiceId: fromProviderState('${invoiceId}', INVOICE_ID) }))
      .willRespondWith(409, (res) => res.headers(JSON_HEADERS).jsonBody({ message: regex(/^Invoice INV-\d{4}-\d{6} is a draft.* once it is sent\.$/.source, 'Invoice INV-2026-000001 is a draft and may still change; it can be paid once it is sent.') }))
      .executeTest(async (server) => {
        await expect(createBillingApi(server.url).createPaymentIntent(INVOICE_ID)).rejects.toThrow(/^409: .*draft/);
      }));

  it('GET /api/billing/anomalies lists the payments that paid no invoice, with what to do (admin)', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithAnomaly)
      .uponReceiving('a request for the payment anomalies')
      .withRequest('GET', '/api/billing/anomalies')
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody(
          // What the card shows of each: what to do, what happened, when.
          eachLike({
            id: uuid('5b6c7d8e-9f0a-4b1c-8d2e-000000000001'),
            message: string('A payment of $50.00 USD arrived for invoice INV-2026-000001, which is void.'),
            action: regex(/^(Refund|Look up payment) .+$/.source, 'Refund $50.00 USD in Stripe (payment pi_1).'),
            createdAt: iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z'),
            // Null while it still needs a person: the card lists it open.
            handledAt: nullValue(),
          }),
        ),
      )
      .executeTest(async (server) => {
        const [first] = await createBillingApi(server.url).listPaymentAnomalies();
        expect(first).toMatchObject({ action: expect.stringMatching(/^Refund \$50\.00/) });
      }));

  it('POST /api/billing/anomalies/{id}/handle marks a payment handled with what was done (admin)', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithAnomaly)
      .uponReceiving('a request to mark a payment anomaly handled')
      .withRequest('POST', fromProviderState('/api/billing/anomalies/${anomalyId}/handle', `/api/billing/anomalies/${ANOMALY_ID}/handle`), (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ note: 'Refunded in Stripe' }),
      )
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody({
          id: uuid(ANOMALY_ID),
          handledAt: iso8601DateTimeWithMillis('2026-03-02T16:04:05.000Z'),
          handledBy: string('admin@midway.test'),
          handledNote: string('Refunded in Stripe'),
        }),
      )
      .executeTest(async (server) => {
        expect(await createBillingApi(server.url).handlePaymentAnomaly(ANOMALY_ID, 'Refunded in Stripe')).toMatchObject({ handledNote: 'Refunded in Stripe' });
      }));

  it('POST /api/invoices/{id}/send sends a draft', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithDraft, { projectId: PROJECT_ID })
      .uponReceiving('a request to send a draft invoice')
      .withRequest('POST', invoicePath('/send'))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(detail('sent', '25.00')))
      .executeTest(async (server) => {
        expect(await createBillingApi(server.url).sendInvoice(INVOICE_ID)).toMatchObject({ status: 'sent' });
      }));

  it('POST /api/invoices/{id}/void voids an unpaid invoice', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithDraft, { projectId: PROJECT_ID })
      .uponReceiving('a request to void an unpaid invoice')
      .withRequest('POST', invoicePath('/void'))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(detail('void', '25.00')))
      .executeTest(async (server) => {
        expect(await createBillingApi(server.url).voidInvoice(INVOICE_ID)).toMatchObject({ status: 'void' });
      }));

  it('GET /api/billing/rates lists the rates with their dates', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithRates)
      .uponReceiving('a request for the billing rates')
      .withRequest('GET', '/api/billing/rates')
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody(
          eachLike({
            id: uuid('6f7a8b9c-0d1e-4f2a-8b3c-000000000001'),
            serviceType: regex(/^(receiving|enhanced_inspection|storage|delivery|install_assembly|special_handling)$/.source, 'receiving'),
            label: string('White-Glove Receiving'),
            rate: money('25.00'),
            unit: string('per item'),
            effectiveDate: plainDate('2024-01-01'),
            current: boolean(true),
          }),
        ),
      )
      .executeTest(async (server) => {
        expect((await createBillingApi(server.url).listRates())[0]).toMatchObject({ rate: '25.00', current: true });
      }));

  it('POST /api/billing/initialize answers what it did', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithRates)
      .uponReceiving('a request to initialize the billing rates')
      .withRequest('POST', '/api/billing/initialize')
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(message('Billing rates were already initialized; nothing changed')))
      .executeTest(async (server) => {
        expect((await createBillingApi(server.url).initializeRates()).message).toBe('Billing rates were already initialized; nothing changed');
      }));

  it("POST /api/billing/storage-fees/record answers what it recorded", () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithRates)
      .uponReceiving('a request to record the day’s storage fees')
      .withRequest('POST', '/api/billing/storage-fees/record')
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(message('Daily storage fees recorded through 2026-03-02: 2 item-days added')))
      .executeTest(async (server) => {
        expect((await createBillingApi(server.url).recordStorageFees()).message).toMatch(/storage fees/i);
      }));

  it('POST /api/billing/cycles/create and /invoices/generate take the month and year and answer what they did', async () => {
    for (const [route, run, example] of [
      ['/api/billing/cycles/create', 'createCycles', 'Billing cycles created for March 2026: 1 new cycle (1 in all)'],
      ['/api/billing/invoices/generate', 'generateInvoices', 'Created 1 invoice, INV-2026-000001, for March 2026.'],
    ] as const) {
      await pact
        .addInteraction()
        .given(BILLING_STATES.adminWithRates)
        .uponReceiving(`a request to run ${route} for March 2026`)
        .withRequest('POST', route, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ month: 3, year: 2026 }))
        .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(message(example)))
        .executeTest(async (server) => {
          expect((await createBillingApi(server.url)[run]({ month: 3, year: 2026 })).message).toBeTruthy();
        });
    }
  });

  it('GET /api/billing/unbilled answers what is recorded and not yet invoiced', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithRates)
      .uponReceiving('a request for the fees not yet invoiced')
      .withRequest('GET', '/api/billing/unbilled')
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ amount: regex(/^-?\d+\.\d{2}$/.source, '0.00'), fees: integer(0), projectCount: integer(0), months: like([]) }))
      .executeTest(async (server) => {
        expect(await createBillingApi(server.url).getUnbilled()).toMatchObject({ amount: '0.00', fees: 0, projectCount: 0 });
      }));

  const taxRate = {
    id: uuid('7f000000-0000-4000-8000-000000000001'),
    name: string('Pact tax'),
    percent: regex(/^\d+(\.\d+)?$/.source, '5'),
    feeTypes: eachLike('inspection'),
    effectiveFrom: plainDate('2100-12-31'),
  };

  it('GET /api/billing/tax-rates lists the tax rates', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithTaxRate)
      .uponReceiving('a request for the tax rates')
      .withRequest('GET', '/api/billing/tax-rates')
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike(taxRate)))
      .executeTest(async (server) => {
        expect((await createBillingApi(server.url).listTaxRates())[0]).toMatchObject({ name: 'Pact tax', percent: '5' });
      }));

  it('POST /api/billing/tax-rates adds a tax rate', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithRates)
      .uponReceiving('a request to add a tax rate')
      .withRequest('POST', '/api/billing/tax-rates', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ name: 'Pact tax', percent: '5', feeTypes: ['inspection'], effectiveFrom: '2100-12-31' }))
      .willRespondWith(201, (res) => res.headers(JSON_HEADERS).jsonBody(taxRate))
      .executeTest(async (server) => {
        expect(await createBillingApi(server.url).createTaxRate({ name: 'Pact tax', percent: '5', feeTypes: ['inspection'], effectiveFrom: '2100-12-31' })).toMatchObject({ name: 'Pact tax' });
      }));

  it('POST /api/billing/cycles/create refuses a month out of range (400 naming it)', () =>
    pact
      .addInteraction()
      .given(BILLING_STATES.adminWithRates)
      .uponReceiving('a request to create billing cycles for month 13')
      .withRequest('POST', '/api/billing/cycles/create', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ month: 13, year: 2026 }))
      .willRespondWith(400, (res) => res.headers(JSON_HEADERS).jsonBody(message('month must be a whole number from 1 to 12')))
      .executeTest(async (server) => {
        await expect(createBillingApi(server.url).createCycles({ month: 13, year: 2026 })).rejects.toThrow(/^400: .*month must be a whole number from 1 to 12/);
      }));
});

describe('mf-billing → catalog (Pact)', () => {
  it('GET /api/projects lists the projects Create Invoice offers', () =>
    catalogPact
      .addInteraction()
      .given('a designer with a project "Lakeview Residence" containing one item', { projectId: PROJECT_ID, itemId: ITEM_ID, userId: USER_ID })
      .uponReceiving('a request for the projects to invoice')
      .withRequest('GET', '/api/projects')
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody(eachLike({ id: uuid(PROJECT_ID), name: string('Lakeview Residence'), clientName: string('Jordan Ellis'), clientEmail: string('jordan@example.com') })),
      )
      .executeTest(async (server) => {
        expect((await createBillingApi(server.url).listProjects())[0]).toMatchObject({ name: 'Lakeview Residence', clientName: 'Jordan Ellis' });
      }));
});
