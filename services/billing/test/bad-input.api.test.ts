import { actor, eventually, useBilling } from './billing-harness';

/**
 * Whatever a caller sends — a body of the wrong shape or types, NUL bytes, megabyte strings, ids that are not
 * ids — billing answers 4xx with { error, message } and changes nothing; never a 5xx. The calls are an admin's
 * (and the project owner's for paying), so each reaches the parsing and the domain, not only the role check.
 */
const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');
const owner = actor();
let projectId: string;
let draftId: string;
let sentId: string;
/** The draft's one line, and a payment anomaly waiting for a person. */
let draftLineId: string;
let anomalyId: string;
/** A tax rate that taxes nothing (from 2100 on), for the tax-rate calls' bad input. */
let taxRateId: string;

beforeAll(async () => {
  projectId = await t.up.project(owner, { name: 'Bad Input Manor' });
  expect(await eventually(() => read.project(projectId), (p) => Boolean(p))).toBeTruthy();
  const invoice = async () => {
    const inv = (await api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com' })).body;
    expect((await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Receiving', type: 'receiving', quantity: 1, rate: 25 })).status).toBe(201);
    return inv.id as string;
  };
  [draftId, sentId] = [await invoice(), await invoice()];
  draftLineId = (await api.get(`/api/invoices/${draftId}`, admin)).body.invoiceItems[0].id;
  anomalyId = (await t.billing.db.paymentAnomaly.create({ data: { kind: 'void_invoice', intentId: `pi_badinput${Date.now()}`, eventId: `evt_badinput${Date.now()}`, amount: '5000', currency: 'usd' } })).id;
  expect((await api.post(`/api/invoices/${sentId}/send`, admin)).status).toBe(200);
  taxRateId = (await api.post('/api/billing/tax-rates', admin, { name: 'Bad input tax', percent: '5', feeTypes: ['inspection'], effectiveFrom: '2100-12-31' })).body.id;
});

const MB = 'x'.repeat(1024 * 1024);
const NUL = 'a\u0000b';
const BODIES: [string, string][] = [
  ['malformed JSON', '{"clientName": '],
  ['a JSON array', '[1,2]'],
  ['a JSON string', '"hello"'],
  ['null', 'null'],
  ['wrong types', JSON.stringify({ clientName: 42, clientEmail: [], dueDate: {}, notes: 7, description: 5, type: 9, quantity: 'many', rate: 'free', amount: {}, month: '3', year: [2030], effectiveDate: 1, invoiceId: 12, clientSecret: 3 })],
  ['NUL bytes', JSON.stringify({ clientName: NUL, clientEmail: `${NUL}@example.com`, notes: NUL, description: NUL, type: NUL, rate: `1${NUL}`, effectiveDate: `2030-01-01${NUL}`, invoiceId: NUL, clientSecret: NUL })],
  ['1 MB strings', JSON.stringify({ clientName: MB, clientEmail: `${MB}@x.com`, notes: MB, description: MB, type: MB, rate: MB, quantity: MB, effectiveDate: MB, invoiceId: MB, clientSecret: MB })],
  ['bad uuids and numbers', JSON.stringify({ clientName: 'Jordan', projectId: 'not-a-uuid', description: 'x', type: 'receiving', quantity: -1, rate: '1e400', month: 13, year: 1e21, effectiveDate: '2030-02-30', invoiceId: '00000000-0000-0000-0000-00000000000g' })],
];

const WRITES = () => [
  ['PUT', '/api/billing/rates/receiving'],
  ['POST', '/api/billing/cycles/create'],
  ['POST', '/api/billing/invoices/generate'],
  ['POST', '/api/billing/tax-rates'],
  ['PUT', `/api/billing/tax-rates/${taxRateId}`],
  ['POST', `/api/projects/${projectId}/invoices`],
  ['POST', `/api/invoices/${draftId}/items`],
  ['PUT', `/api/invoices/${draftId}/items/${draftLineId}`],
  ['POST', `/api/billing/anomalies/${anomalyId}/handle`],
  ['POST', '/api/create-payment-intent'],
  ['POST', '/api/billing/test-processor/confirm'],
  ['POST', '/api/billing/webhook'],
];

const expect4xx = (what: unknown[], res: { status: number; body: unknown }) => {
  expect([...what, res.status]).toEqual([...what, expect.any(Number)]);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
};

/** What bad input must leave as it was: the project's invoices, their lines and payments, and the rates. */
async function snapshot() {
  const invoices = ((await api.get(`/api/invoices?projectId=${projectId}`, admin)).body as { id: string; projectId: string; status: string; total: string }[]).filter((i) => i.projectId === projectId);
  const lines = await t.billing.db.$queryRaw`SELECT invoice_id::text, description, amount::text FROM invoice_items WHERE invoice_id = ANY(${invoices.map((i) => i.id)}::uuid[]) ORDER BY 1, 2`;
  const payments = await t.billing.db.$queryRaw`SELECT count(*)::int AS n FROM payments WHERE invoice_id = ANY(${invoices.map((i) => i.id)}::uuid[])`;
  const rates = (await api.get('/api/billing/rates', admin)).body;
  const taxRates = (await api.get('/api/billing/tax-rates', admin)).body;
  const handled = await t.billing.db.$queryRaw`SELECT count(*)::int AS n FROM payment_anomalies WHERE handled_at IS NOT NULL`;
  return { invoices: invoices.map((i) => [i.id, i.status, i.total]).sort(), lines, payments, rates, taxRates, handled };
}

describe('bad input never yields a 5xx and never changes data', () => {
  // Runs before the file's own afterAll stops billing.
  afterAll(async () => {
    await api.del(`/api/billing/tax-rates/${taxRateId}`, admin);
  });

  it.each(BODIES)('%s → 4xx JSON on every write', async (_name, body) => {
    const before = await snapshot();
    for (const [method, path] of WRITES()) {
      const who = path === '/api/create-payment-intent' || path.includes('test-processor') ? owner : admin;
      expect4xx([method, path], await api.call(method, path, who, body, path.endsWith('/webhook') ? { 'stripe-signature': 't=1,v1=deadbeef' } : {}));
    }
    expect(await snapshot()).toEqual(before);
  });

  // {long} is 5,000 characters; {draft} and {sent} the fixture's invoices.
  it.each([
    ['GET', '/api/invoices/not-a-uuid'],
    ['GET', '/api/invoices/%00'],
    ['GET', '/api/invoices/{long}'],
    ['GET', '/api/invoices/{sent}%00'],
    ['GET', '/api/invoices/not-a-uuid/pdf'],
    ['GET', '/api/invoices/%00/pdf'],
    ['POST', '/api/invoices/not-a-uuid/items'],
    ['PUT', '/api/invoices/{draft}/items/not-a-uuid'],
    ['PUT', '/api/invoices/not-a-uuid/items/{long}'],
    ['DELETE', '/api/invoices/{draft}/items/%00'],
    ['DELETE', '/api/invoices/{long}/items/not-a-uuid'],
    ['POST', '/api/billing/anomalies/not-a-uuid/handle'],
    ['POST', '/api/billing/anomalies/%00/handle'],
    ['POST', '/api/billing/anomalies/{long}/handle'],
    ['POST', '/api/invoices/%00/send'],
    ['POST', '/api/invoices/{long}/void'],
    ['POST', '/api/invoices/{draft}%00/send'],
    ['POST', '/api/projects/not-a-uuid/invoices'],
    ['POST', '/api/projects/%00/invoices'],
    ['POST', '/api/projects/{long}/invoices'],
    ['PUT', '/api/billing/rates/teleport'],
    ['PUT', '/api/billing/rates/%00'],
    ['PUT', '/api/billing/rates/{long}'],
    ['PUT', '/api/billing/tax-rates/not-a-uuid'],
    ['PUT', '/api/billing/tax-rates/%00'],
    ['DELETE', '/api/billing/tax-rates/{long}'],
    ['DELETE', '/api/billing/tax-rates/%00'],
  ] as [string, string][])('%s %s (bad ids) → 4xx JSON', async (method, template) => {
    const before = await snapshot();
    const path = template.replace('{long}', 'x'.repeat(5000)).replace('{draft}', draftId).replace('{sent}', sentId);
    const body = method === 'GET' ? undefined : { clientName: 'Jordan', description: 'Handling', type: 'handling', rate: 10, effectiveDate: '2030-01-01', note: 'Refunded in Stripe' };
    expect4xx([method, path], await api.call(method, path, admin, body));
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['no signature', {}],
    ['a malformed signature', { 'stripe-signature': 'garbage' }],
    ['a signature of 8 KB', { 'stripe-signature': `t=1,v1=${'a'.repeat(8000)}` }],
  ] as [string, Record<string, string>][])('the webhook with %s → 400 JSON', async (_name, headers) => {
    expect4xx(['webhook'], await api.call('POST', '/api/billing/webhook', actor(), { id: 'evt_x', type: 'payment_intent.succeeded' }, headers));
  });
});

describe('invoice input is checked to the letter: 400 with a message, nothing changes', () => {
  const create = (body: Record<string, unknown>) => api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Park', ...body });
  const addLine = (body: Record<string, unknown>) => api.post(`/api/invoices/${draftId}/items`, admin, { description: 'Handling', type: 'handling', quantity: 1, rate: 10, ...body });

  it.each([
    ['status teleported', { status: 'teleported' }, /status must be one of/],
    ['status empty', { status: '' }, /status must be one of/],
    ['dueDate 0000-01-01', { dueDate: '0000-01-01' }, /dueDate must be a date/],
    ['dueDate 2026-02-30', { dueDate: '2026-02-30' }, /dueDate must be a date/],
    ['dueDate 9999-12-31', { dueDate: '9999-12-31' }, /in the years 2000 to 2100/],
    ['a NUL in the client name', { clientName: 'Jordan\u0000Park' }, /NUL/],
    ['a NUL in the notes', { notes: 'see\u0000attached' }, /NUL/],
    ['a NUL in the client e-mail', { clientEmail: 'jordan\u0000@example.com' }, /e-mail/],
    ['replacesInvoiceId not an id', { replacesInvoiceId: 'INV-1' }, /replacesInvoiceId/],
  ] as [string, Record<string, unknown>, RegExp][])('create: %s', async (_name, body, message) => {
    const before = await snapshot();
    const res = await create(body);
    expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(message)]);
    expect(await snapshot()).toEqual(before);
  });

  it('create: a known status (the form sends draft) and a due date in range are taken, and the invoice is a draft', async () => {
    for (const status of ['draft', 'paid']) {
      const res = await create({ status, dueDate: '2026-12-31' });
      expect([res.status, res.body.status]).toEqual([201, 'draft']);
    }
  });

  it.each([
    ['quantity true', { quantity: true }, /quantity must be a whole number/],
    ['quantity "0x10"', { quantity: '0x10' }, /quantity must be a whole number/],
    ['quantity "1e3"', { quantity: '1e3' }, /quantity must be a whole number/],
    ['quantity "2" (a string)', { quantity: '2' }, /sent as a number/],
    ['quantity 1.5', { quantity: 1.5 }, /quantity must be a whole number/],
    ['quantity 0', { quantity: 0 }, /quantity must be a whole number/],
    ['quantity 1e21', { quantity: 1e21 }, /quantity must be/],
    ['rate 9999999999', { rate: 9999999999 }, /rate must be at most 99,999,999\.99/],
    ['rate "100000000.00"', { rate: '100000000.00' }, /rate must be at most 99,999,999\.99/],
    ['rate with 3 decimals', { rate: '1.005' }, /at most 2 decimals/],
    ['rate negative', { rate: -1 }, /at least 0/],
    ['rate × quantity over a line’s limit', { rate: '99999999.99', quantity: 2 }, /99999999\.99/],
    ['amount over the limit', { amount: '9999999999' }, /amount must be at most/],
    ['a NUL in the description', { description: 'Hand\u0000ling' }, /NUL/],
    ['itemId not an id', { itemId: 'walnut-table' }, /itemId/],
  ] as [string, Record<string, unknown>, RegExp][])('add a line: %s', async (_name, body, message) => {
    const before = await snapshot();
    const res = await addLine(body);
    expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(message)]);
    expect(await snapshot()).toEqual(before);
  });
});
