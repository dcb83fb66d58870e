import Stripe from 'stripe';
import { actor, client, eventually, startTestBilling, watchEvents, useBilling } from './billing-harness';

/**
 * Card payments in offline mode: the real stripe SDK against billing's offline processor (Stripe's HTTP API
 * for payment intents), webhooks signed with the webhook secret and verified by the SDK (300 s tolerance).
 */
const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');
const signer = new Stripe('sk_test_signer');

async function sentInvoice(owner = actor(), amount = 25) {
  const p = await t.up.project(owner);
  await eventually(() => read.project(p), (x) => Boolean(x));
  const inv = (await api.post(`/api/projects/${p}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com' })).body;
  await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Receiving', type: 'receiving', quantity: 2, rate: amount });
  await api.post(`/api/invoices/${inv.id}/send`, admin);
  return { owner, projectId: p, id: inv.id as string, number: inv.invoiceNumber as string };
}

const webhook = (payload: string, signature?: string) =>
  fetch(`${t.billing.url}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body: payload });
const succeeded = (invoiceId: string, intentId: string, amount: number) =>
  JSON.stringify({ id: `evt_${intentId}`, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intentId, object: 'payment_intent', amount, amount_received: amount, currency: 'usd', status: 'succeeded', metadata: { invoiceId } } } }, null, 2);
/** The intent billing creates for the invoice (what the Pay button starts): the only kind whose events pay. */
const intentOf = async (inv: { id: string; owner: ReturnType<typeof actor> }) =>
  ((await api.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id })).body.clientSecret as string).split('_secret_')[0]!;
const payments = (invoiceId: string) => t.billing.db.$queryRaw<{ amount: string }[]>`SELECT amount::text FROM payments WHERE invoice_id = ${invoiceId}::uuid`;

describe('payment intents', () => {
  it('are for the unpaid total (never the client’s figure), one per invoice and amount however often asked', async () => {
    const inv = await sentInvoice();
    const asks = await Promise.all([1, 2, 3].map(() => api.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id, amount: 1 })));
    expect(asks.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(asks.map((a) => a.body.clientSecret)).size).toBe(1);
    expect(asks[0]!.body.testMode).toBe(true);
    const intentId = (asks[0]!.body.clientSecret as string).split('_secret_')[0]!;
    const intent = await fetch(`http://${t.billing.offline!.host.host}:${t.billing.offline!.host.port}/v1/payment_intents/${intentId}`).then((r) => r.json());
    expect(intent).toMatchObject({ amount: 5000, currency: 'usd', metadata: { invoiceId: inv.id } });
    // Asked again later (another tab, a retry after the idempotency window): the invoice's open intent, recorded once.
    expect((await api.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id })).body.clientSecret).toBe(asks[0]!.body.clientSecret);
    const recorded = await t.billing.db.$queryRaw<{ id: string; amount: string; currency: string; status: string }[]>`SELECT id, amount::text, currency, status FROM payment_intents WHERE invoice_id = ${inv.id}::uuid`;
    expect(recorded).toEqual([{ id: intentId, amount: '50.00', currency: 'usd', status: 'open' }]);
  });

  it('are refused to a project’s viewer (403), and allowed to its members', async () => {
    const inv = await sentInvoice();
    const viewer = actor();
    const member = actor();
    await t.up.member(inv.projectId, inv.owner, viewer, 'viewer');
    await t.up.member(inv.projectId, inv.owner, member, 'member');
    await eventually(() => read.member(inv.projectId, member.userId), (m) => m?.active === true);
    await eventually(() => read.member(inv.projectId, viewer.userId), (m) => m?.active === true);
    const refused = await api.post('/api/create-payment-intent', viewer, { invoiceId: inv.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Viewers .* not pay/);
    expect((await api.get(`/api/invoices/${inv.id}`, viewer)).status).toBe(200);
    expect((await api.post('/api/create-payment-intent', member, { invoiceId: inv.id })).status).toBe(200);
  });

  it('refuse drafts, paid and void invoices (409, saying why) and invoices the caller cannot see (404)', async () => {
    const inv = await sentInvoice();
    expect((await api.post('/api/create-payment-intent', actor(), { invoiceId: inv.id })).status).toBe(404);
    expect((await api.post('/api/create-payment-intent', inv.owner, { invoiceId: 'nope' })).status).toBe(400);
    const draft = (await api.post(`/api/projects/${inv.projectId}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com' })).body;
    await api.post(`/api/invoices/${draft.id}/items`, admin, { description: 'Receiving', type: 'receiving', quantity: 1, rate: 25 });
    const onDraft = await api.post('/api/create-payment-intent', inv.owner, { invoiceId: draft.id });
    expect([onDraft.status, onDraft.body.message]).toEqual([409, expect.stringMatching(/is a draft.*once it is sent/)]);
    const paid = await sentInvoice();
    const pi = await intentOf(paid);
    const payload = succeeded(paid.id, pi, 5000);
    expect((await webhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: t.billing.webhookSecret }))).status).toBe(200);
    const onPaid = await api.post('/api/create-payment-intent', paid.owner, { invoiceId: paid.id });
    expect([onPaid.status, onPaid.body.message]).toEqual([409, expect.stringMatching(/already paid/)]);
    await api.post(`/api/invoices/${inv.id}/void`, admin);
    const onVoid = await api.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id });
    expect([onVoid.status, onVoid.body.message]).toEqual([409, expect.stringMatching(/void and cannot be paid/)]);
  });
});

describe('webhook', () => {
  it('the browser confirms through the test processor; the signed webhook marks the invoice paid and records one payment', async () => {
    const inv = await sentInvoice();
    const watch = await watchEvents();
    const { clientSecret } = (await api.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id })).body;
    const confirm = await Promise.all([api.post('/api/billing/test-processor/confirm', inv.owner, { clientSecret }), api.post('/api/billing/test-processor/confirm', inv.owner, { clientSecret })]);
    expect(confirm.map((c) => c.status)).toEqual([200, 200]);
    const paid = await eventually(() => api.get(`/api/invoices/${inv.id}`, inv.owner), (r) => r.body.status === 'paid');
    expect(paid.body).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    expect(await payments(inv.id)).toEqual([{ amount: '50.00' }]);
    const events = (await watch.settle()).filter((e) => e.type === 'billing.invoice.paid.v1' && (e.data as { invoiceId: string }).invoiceId === inv.id);
    expect(events).toHaveLength(1);
    await watch.close();
    expect((await api.post('/api/billing/test-processor/confirm', inv.owner, { clientSecret: 'pi_unknown_secret_x' })).status).toBe(404);
  });

  it('replays (also in parallel) record the payment once; unknown invoices and other events are acknowledged without effect', async () => {
    // (What events may not pay, and the anomalies they leave, is webhook-rules.api.test.ts.)
    const inv = await sentInvoice();
    const payload = succeeded(inv.id, await intentOf(inv), 5000);
    const header = () => signer.webhooks.generateTestHeaderString({ payload, secret: t.billing.webhookSecret });
    const res = await Promise.all([1, 2, 3, 4].map(() => webhook(payload, header())));
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await payments(inv.id)).toEqual([{ amount: '50.00' }]);
    expect((await api.get(`/api/invoices/${inv.id}`, admin)).body.status).toBe('paid');

    const unknown = succeeded('6f9619ff-8b86-4d11-b42d-00c04fc964ff', 'pi_unknown_1', 100);
    expect((await webhook(unknown, signer.webhooks.generateTestHeaderString({ payload: unknown, secret: t.billing.webhookSecret }))).status).toBe(200);
    const other = JSON.stringify({ id: 'evt_x', object: 'event', type: 'charge.refunded', data: { object: {} } });
    expect((await webhook(other, signer.webhooks.generateTestHeaderString({ payload: other, secret: t.billing.webhookSecret }))).status).toBe(200);
  });

  it('refuses a missing, wrong, foreign or stale (over 300 s) signature, and a changed body, with 400 and no effect', async () => {
    const inv = await sentInvoice();
    const payload = succeeded(inv.id, await intentOf(inv), 5000);
    const stale = signer.webhooks.generateTestHeaderString({ payload, secret: t.billing.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 301 });
    const fresh = signer.webhooks.generateTestHeaderString({ payload, secret: t.billing.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 290 });
    for (const [name, body, sig] of [
      ['missing', payload, undefined],
      ['garbage', payload, 't=1,v1=deadbeef'],
      ['other secret', payload, signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })],
      ['stale', payload, stale],
      ['changed body', payload.replace('5000', '1'), fresh],
    ] as const) {
      const res = await webhook(body, sig);
      expect([name, res.status]).toEqual([name, 400]);
      expect(await res.json()).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/Stripe-Signature/) });
    }
    expect(await payments(inv.id)).toEqual([]);
    expect((await webhook(payload, fresh)).status).toBe(200);
    expect(await payments(inv.id)).toEqual([{ amount: '50.00' }]);
  });
});

describe('the test processor', () => {
  it('does not exist when a Stripe key is configured: its confirm route is 404, as for any unknown path, and no offline server runs', async () => {
    const live = await startTestBilling({ STRIPE_SECRET_KEY: 'sk_test_configured', STRIPE_WEBHOOK_SECRET: 'whsec_configured' });
    try {
      const liveApi = client(() => live.url);
      const inv = await sentInvoice();
      const { clientSecret } = (await api.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id })).body;
      const res = await liveApi.post('/api/billing/test-processor/confirm', inv.owner, { clientSecret });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
      expect(live.offline).toBeNull();
      // The same call in test mode confirms, so the 404 above is the key's doing.
      expect((await api.post('/api/billing/test-processor/confirm', inv.owner, { clientSecret })).status).toBe(200);
    } finally {
      await live.stop();
    }
  });

  it('does not exist in production either, even without a key (a forgotten key turns card payments off, not on in test mode)', async () => {
    const prod = await startTestBilling({ NODE_ENV: 'production' });
    try {
      const inv = await sentInvoice();
      const res = await client(() => prod.url).post('/api/billing/test-processor/confirm', inv.owner, { clientSecret: 'pi_x_secret_y' });
      expect(res.status).toBe(404);
      expect(prod.offline).toBeNull();
    } finally {
      await prod.stop();
    }
  });
});
