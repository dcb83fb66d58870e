import Stripe from 'stripe';
import { actor, eventually, useBilling } from './billing-harness';

/**
 * Money that payment events may and may not move, probed with signed events as Stripe sends them: an event pays
 * only through an intent billing created for that invoice, in its currency, for that intent's positive whole
 * amount, once; draft and void invoices are never paid. Anything else is acknowledged (2xx), changes no invoice
 * and is listed for an admin with what to refund. Malformed events are 400, never 5xx, and so are signatures
 * stamped more than 300 s from now either way.
 */
const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');
const signer = new Stripe('sk_test_signer');

interface Inv {
  owner: ReturnType<typeof actor>;
  projectId: string;
  id: string;
  number: string;
}

async function invoice(send = true, rate = 25): Promise<Inv> {
  const owner = actor();
  const projectId = await t.up.project(owner);
  await eventually(() => read.project(projectId), (x) => Boolean(x));
  const inv = (await api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com' })).body;
  expect((await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Receiving', type: 'receiving', quantity: 2, rate })).status).toBe(201);
  if (send) expect((await api.post(`/api/invoices/${inv.id}/send`, admin)).status).toBe(200);
  return { owner, projectId, id: inv.id, number: inv.invoiceNumber };
}

/** The intent billing creates for the invoice (what the Pay button starts). */
async function intentOf(inv: Inv): Promise<string> {
  const res = await api.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id });
  expect(res.status).toBe(200);
  return (res.body.clientSecret as string).split('_secret_')[0]!;
}

let n = 0;
const eventFor = (intentId: string, o: { invoiceId?: string; amount?: unknown; currency?: unknown } = {}) => ({
  id: `evt_rules_${Date.now()}_${n++}`,
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: { id: intentId, object: 'payment_intent', amount: o.amount ?? 5000, amount_received: o.amount ?? 5000, currency: o.currency ?? 'usd', status: 'succeeded', metadata: o.invoiceId ? { invoiceId: o.invoiceId } : {} } },
});
const send = async (event: unknown, timestamp?: number) => {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: t.billing.webhookSecret, ...(timestamp === undefined ? {} : { timestamp }) });
  const res = await fetch(`${t.billing.url}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  return { status: res.status, body: await res.json() };
};
const state = async (inv: Inv) => {
  const status = (await api.get(`/api/invoices/${inv.id}`, admin)).body.status as string;
  const payments = await t.billing.db.$queryRaw<{ amount: string }[]>`SELECT amount::text FROM payments WHERE invoice_id = ${inv.id}::uuid`;
  return { status, payments: payments.map((p) => p.amount) };
};
const anomaliesOf = async (intentId: string) =>
  ((await api.get('/api/billing/anomalies', admin)).body as { intentId: string; kind: string; invoiceNumber: string | null; action: string; message: string }[]).filter((a) => a.intentId === intentId);

describe('an event moves money', () => {
  it('for the intent billing created for a sent invoice, in its currency and amount, once however often it is told', async () => {
    const inv = await invoice();
    const pi = await intentOf(inv);
    const event = eventFor(pi, { invoiceId: inv.id });
    const answers = await Promise.all([1, 2, 3].map(() => send(event)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await send({ ...event, id: 'evt_another_delivery' })).toMatchObject({ status: 200 });
    expect(await state(inv)).toEqual({ status: 'paid', payments: ['50.00'] });
    expect(await anomaliesOf(pi)).toEqual([]);
  });

  it('for an overdue invoice too', async () => {
    const inv = await invoice();
    const pi = await intentOf(inv);
    await t.billing.db.$executeRaw`UPDATE invoices SET status = 'overdue' WHERE id = ${inv.id}::uuid`;
    expect((await send(eventFor(pi, { invoiceId: inv.id }))).status).toBe(200);
    expect(await state(inv)).toEqual({ status: 'paid', payments: ['50.00'] });
  });
});

describe('an event that may not move money is acknowledged, changes nothing, and is listed for an admin to refund', () => {
  it('a second intent on a paid invoice', async () => {
    const inv = await invoice();
    const first = await intentOf(inv);
    // An intent created for the invoice earlier (an older tab, a canceled retry): still this platform's.
    const second = `pi_second_${inv.id.slice(0, 8)}`;
    await t.billing.db.$executeRaw`INSERT INTO payment_intents (id, invoice_id, amount, currency) VALUES (${second}, ${inv.id}::uuid, 50.00, 'usd')`;
    expect((await send(eventFor(first, { invoiceId: inv.id }))).status).toBe(200);
    expect((await send(eventFor(second, { invoiceId: inv.id }))).status).toBe(200);
    expect(await state(inv)).toEqual({ status: 'paid', payments: ['50.00'] });
    expect(await anomaliesOf(second)).toEqual([expect.objectContaining({ kind: 'paid_invoice', invoiceNumber: inv.number, action: `Refund $50.00 USD in Stripe (payment ${second}).` })]);
  });

  it('a payment for a draft (never paid by an event)', async () => {
    const inv = await invoice(false);
    const pi = `pi_draft_${inv.id.slice(0, 8)}`;
    expect((await send(eventFor(pi, { invoiceId: inv.id }))).status).toBe(200);
    expect(await state(inv)).toEqual({ status: 'draft', payments: [] });
    expect(await anomaliesOf(pi)).toEqual([expect.objectContaining({ kind: 'draft_invoice', invoiceNumber: inv.number })]);
    expect((await api.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id })).status).toBe(409);
  });

  it('a payment for a void invoice, through the intent started before it was voided', async () => {
    const inv = await invoice();
    const pi = await intentOf(inv);
    expect((await api.post(`/api/invoices/${inv.id}/void`, admin)).status).toBe(200);
    expect((await send(eventFor(pi, { invoiceId: inv.id }))).status).toBe(200);
    expect(await state(inv)).toEqual({ status: 'void', payments: [] });
    const [a] = await anomaliesOf(pi);
    expect(a).toMatchObject({ kind: 'void_invoice', message: expect.stringContaining('void'), action: expect.stringMatching(/^Refund \$50\.00 USD in Stripe/) });
  });

  it.each([
    ['5000 JPY for a 50.00 USD invoice', { currency: 'jpy' }, 'currency_mismatch'],
    ['a negative amount', { amount: -10 }, 'amount_mismatch'],
    ['zero', { amount: 0 }, 'amount_mismatch'],
    ['less than the intent', { amount: 4999 }, 'amount_mismatch'],
    ['more than the intent', { amount: 5001 }, 'amount_mismatch'],
    ['a fraction of a cent', { amount: 5000.5 }, 'amount_mismatch'],
  ] as const)('%s', async (_name, change, kind) => {
    const inv = await invoice();
    const pi = await intentOf(inv);
    expect((await send(eventFor(pi, { invoiceId: inv.id, ...change }))).status).toBe(200);
    expect(await state(inv)).toEqual({ status: 'sent', payments: [] });
    expect(await anomaliesOf(pi)).toEqual([expect.objectContaining({ kind, invoiceNumber: inv.number })]);
    // What is owed did not change, and the right payment still pays it.
    expect((await api.get(`/api/invoices/${inv.id}`, admin)).body.total).toBe('50.00');
    expect((await send(eventFor(pi, { invoiceId: inv.id }))).status).toBe(200);
    expect(await state(inv)).toEqual({ status: 'paid', payments: ['50.00'] });
  });

  it('an intent billing never created, whether it names an invoice or not', async () => {
    const inv = await invoice();
    const named = `pi_foreign_${inv.id.slice(0, 8)}`;
    expect((await send(eventFor(named, { invoiceId: inv.id }))).status).toBe(200);
    expect(await state(inv)).toEqual({ status: 'sent', payments: [] });
    expect(await anomaliesOf(named)).toEqual([expect.objectContaining({ kind: 'unknown_intent', invoiceNumber: inv.number })]);
    const nowhere = `pi_nowhere_${inv.id.slice(0, 8)}`;
    expect((await send(eventFor(nowhere, { invoiceId: '6f9619ff-8b86-4d11-b42d-00c04fc964ff' }))).status).toBe(200);
    expect((await send(eventFor(`${nowhere}_x`))).status).toBe(200);
    expect(await anomaliesOf(nowhere)).toEqual([expect.objectContaining({ kind: 'unknown_intent', invoiceNumber: null, message: expect.stringContaining('names no invoice') })]);
  });

  it('is listed once however often the processor delivers it', async () => {
    const inv = await invoice();
    const pi = await intentOf(inv);
    await api.post(`/api/invoices/${inv.id}/void`, admin);
    const event = eventFor(pi, { invoiceId: inv.id });
    await Promise.all([send(event), send(event), send({ ...event, id: 'evt_redelivered' })]);
    expect(await anomaliesOf(pi)).toHaveLength(1);
  });

  it('the list is an admin’s: anyone else gets 403', async () => {
    const inv = await invoice();
    expect((await api.get('/api/billing/anomalies', inv.owner)).status).toBe(403);
    expect((await api.get('/api/billing/anomalies', admin)).status).toBe(200);
  });
});

describe('malformed events answer 400 (never 5xx) and change nothing', () => {
  const LONG = 'x'.repeat(10_000);
  it.each([
    ['no amount', (pi: string, id: string) => { const e = eventFor(pi, { invoiceId: id }); delete (e.data.object as Record<string, unknown>).amount; delete (e.data.object as Record<string, unknown>).amount_received; return e; }],
    ['an amount as text', (pi: string, id: string) => eventFor(pi, { invoiceId: id, amount: '5000' })],
    ['no intent id', (pi: string, id: string) => { const e = eventFor(pi, { invoiceId: id }); delete (e.data.object as Record<string, unknown>).id; return e; }],
    ['no event id', (pi: string, id: string) => { const e = eventFor(pi, { invoiceId: id }) as Record<string, unknown>; delete e.id; return e; }],
    ['no currency', (pi: string, id: string) => { const e = eventFor(pi, { invoiceId: id }); delete (e.data.object as Record<string, unknown>).currency; return e; }],
    ['a currency that is not a code', (pi: string, id: string) => eventFor(pi, { invoiceId: id, currency: 'dollars' })],
    ['no data', (pi: string, id: string) => { const e = eventFor(pi, { invoiceId: id }) as Record<string, unknown>; delete e.data; return e; }],
    ['data.object null', (pi: string, id: string) => ({ ...eventFor(pi, { invoiceId: id }), data: { object: null } })],
    ['data null', (pi: string, id: string) => ({ ...eventFor(pi, { invoiceId: id }), data: null })],
    ['an intent id of 10,000 characters', (_pi: string, id: string) => eventFor(`pi_${LONG}`, { invoiceId: id })],
    ['an event id of 10,000 characters', (pi: string, id: string) => ({ ...eventFor(pi, { invoiceId: id }), id: `evt_${LONG}` })],
    ['an intent id with NUL', (pi: string, id: string) => eventFor(`${pi}\u0000`, { invoiceId: id })],
    ['an event id with NUL', (pi: string, id: string) => ({ ...eventFor(pi, { invoiceId: id }), id: 'evt_\u0000' })],
    ['an invoice id with NUL', (pi: string, id: string) => eventFor(pi, { invoiceId: `${id}\u0000` })],
    ['a body that is not JSON', () => '{"id": "evt_1", "type": "payment_intent.succeeded", '],
    ['a JSON array', () => '[]'],
  ] as [string, (pi: string, invoiceId: string) => unknown][])('%s', async (_name, make) => {
    const inv = await invoice();
    const pi = await intentOf(inv);
    const res = await send(make(pi, inv.id));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
    expect(await state(inv)).toEqual({ status: 'sent', payments: [] });
    expect(await anomaliesOf(pi)).toEqual([]);
  });
});

describe('signature timestamps more than 300 s from now are refused, in the past or the future', () => {
  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    ['30 days ahead', () => now() + 30 * 86400],
    ['301 s ahead', () => now() + 301],
    ['301 s old', () => now() - 301],
    ['in milliseconds', () => Date.now()],
  ])('%s → 400, nothing paid', async (_name, at) => {
    const inv = await invoice();
    const pi = await intentOf(inv);
    const res = await send(eventFor(pi, { invoiceId: inv.id }), at());
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Stripe-Signature/);
    expect(await state(inv)).toEqual({ status: 'sent', payments: [] });
  });

  it('within 300 s either way the event is taken', async () => {
    for (const skew of [-290, 290]) {
      const inv = await invoice();
      const pi = await intentOf(inv);
      expect((await send(eventFor(pi, { invoiceId: inv.id }), now() + skew)).status).toBe(200);
      expect(await state(inv)).toEqual({ status: 'paid', payments: ['50.00'] });
    }
  });
});
