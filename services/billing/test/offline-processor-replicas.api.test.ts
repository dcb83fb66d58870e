import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { freePort } from '@midway/infra';
import { ANONYMOUS, actor, client, db, eventually, startTestBilling, upstream, watchEvents, type Billing, type Upstream } from './billing-harness';

/**
 * Two billing instances on one database, as `MIDWAY_REPLICAS=2` runs them behind the gateway, both without a Stripe
 * key: the offline processor keeps its intents, charges and webhook events in billing's schema, so the gateway may
 * send the payment's start to one and its confirmation to the other, and confirms racing on both pay once.
 */
let a: Billing;
let b: Billing;
let up: Upstream;
const admin = actor('midway_admin');
const apiA = client(() => a.url);
const apiB = client(() => b.url);

beforeAll(async () => {
  [a, b] = await Promise.all([startTestBilling(), startTestBilling()]);
  up = await upstream();
  await up.caughtUp();
}, 180_000);
afterAll(async () => {
  await up?.close();
  await Promise.all([a?.stop(), b?.stop()]);
});

/** A sent invoice of 50.00 on a new project, made through instance A. */
async function sentInvoice() {
  const owner = actor();
  const projectId = await up.project(owner);
  await eventually(() => db(() => a).project(projectId), (x) => Boolean(x));
  const inv = (await apiA.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com' })).body;
  await apiA.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Receiving', type: 'receiving', quantity: 2, rate: 25 });
  expect((await apiA.post(`/api/invoices/${inv.id}/send`, admin)).status).toBe(200);
  return { owner, id: inv.id as string };
}

/** The real SDK against an instance's offline processor, as that instance's payments talk to it. */
const sdkOf = (x: Billing) => new Stripe('sk_test_offline', { ...x.offline!.host, maxNetworkRetries: 0 });
const confirm = (x: Billing, clientSecret: string) => client(() => x.url).post('/api/billing/test-processor/confirm', ANONYMOUS, { clientSecret });
const payments = (invoiceId: string) => a.db.$queryRaw<{ amount: string }[]>`SELECT amount::text FROM payments WHERE invoice_id = ${invoiceId}::uuid`;
const charges = (intentId: string) => a.db.$queryRaw<{ id: string }[]>`SELECT id FROM test_processor_charges WHERE intent_id = ${intentId}`;
const webhookEvents = (intentId: string) =>
  a.db.$queryRaw<{ type: string; attempts: number; delivered: boolean; lastStatus: number | null }[]>`
    SELECT type, delivery_attempts AS attempts, delivered_at IS NOT NULL AS delivered, last_status AS "lastStatus" FROM test_processor_events WHERE intent_id = ${intentId}`;
const status = async (invoiceId: string) => (await apiA.get(`/api/invoices/${invoiceId}`, admin)).body.status as string;

it('an intent started through A is confirmed through B; confirms racing on both make one charge, one delivered webhook and one payment', async () => {
  const inv = await sentInvoice();
  const watch = await watchEvents();
  const started = await apiA.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id });
  expect(started.status).toBe(200);
  const clientSecret = started.body.clientSecret as string;
  const intentId = clientSecret.split('_secret_')[0]!;

  // B's processor knows A's intent, so B's payments reuse it instead of starting a second one.
  expect(await sdkOf(b).paymentIntents.retrieve(intentId)).toMatchObject({ id: intentId, amount: 5000, currency: 'usd', status: 'requires_payment_method', metadata: { invoiceId: inv.id } });
  expect((await apiB.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id })).body.clientSecret).toBe(clientSecret);

  const confirms = await Promise.all([b, b, b, a, b, a].map((x) => confirm(x, clientSecret)));
  expect(confirms.map((c) => [c.status, c.body.status])).toEqual(Array(6).fill([200, 'succeeded']));

  expect(await eventually(() => status(inv.id), (s) => s === 'paid')).toBe('paid');
  expect(await payments(inv.id)).toEqual([{ amount: '50.00' }]);
  const [charge, ...more] = await charges(intentId);
  expect(more).toEqual([]);
  expect(await webhookEvents(intentId)).toEqual([{ type: 'payment_intent.succeeded', attempts: 1, delivered: true, lastStatus: 200 }]);
  const paid = await sdkOf(a).paymentIntents.retrieve(intentId);
  expect(paid).toMatchObject({ status: 'succeeded', amount_received: 5000, latest_charge: { id: charge!.id } });
  const paidEvents = (await watch.settle()).filter((e) => e.type === 'billing.invoice.paid.v1' && (e.data as { invoiceId: string }).invoiceId === inv.id);
  await watch.close();
  expect(paidEvents).toHaveLength(1);

  // Confirming the paid intent again, on either instance, changes nothing.
  expect((await confirm(a, clientSecret)).body.status).toBe('succeeded');
  expect(await charges(intentId)).toHaveLength(1);
  expect(await webhookEvents(intentId)).toEqual([{ type: 'payment_intent.succeeded', attempts: 1, delivered: true, lastStatus: 200 }]);
  expect(await payments(inv.id)).toEqual([{ amount: '50.00' }]);
});

it('an unknown client secret is "Payment not found" (404) on both instances', async () => {
  for (const x of [a, b]) {
    const res = await confirm(x, `pi_${'0'.repeat(24)}_secret_${'0'.repeat(24)}`);
    expect([res.status, res.body.message]).toEqual([404, expect.stringMatching(/Payment not found/)]);
  }
});

it('the SDK creating an intent under one Idempotency-Key through both instances at once gets one intent', async () => {
  const idempotencyKey = `replicas-${randomUUID()}`;
  const create = (x: Billing) => sdkOf(x).paymentIntents.create({ amount: 1234, currency: 'usd', metadata: { case: idempotencyKey } }, { idempotencyKey });
  const made = await Promise.all([create(a), create(b), create(a), create(b)]);
  expect(new Set(made.map((i) => i.id)).size).toBe(1);
  expect(made[0]).toMatchObject({ amount: 1234, status: 'requires_payment_method', metadata: { case: idempotencyKey } });
  const [{ n }] = await a.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM test_processor_intents WHERE idempotency_key = ${idempotencyKey}`;
  expect(n).toBe(1);
});

it('a webhook that reaches another instance than the confirming one is verified there (one signing secret for all instances)', async () => {
  // As when the processor's webhook goes through the gateway, which may pick either replica.
  const c = await startTestBilling({ BILLING_WEBHOOK_URL: `${a.url}/api/billing/webhook` });
  try {
    expect(c.webhookSecret).toBe(a.webhookSecret);
    const inv = await sentInvoice();
    const { clientSecret } = (await apiA.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id })).body;
    expect((await confirm(c, clientSecret)).status).toBe(200);
    expect(await webhookEvents(clientSecret.split('_secret_')[0]!)).toEqual([{ type: 'payment_intent.succeeded', attempts: 1, delivered: true, lastStatus: 200 }]);
    expect(await eventually(() => status(inv.id), (s) => s === 'paid')).toBe('paid');
  } finally {
    await c.stop();
  }
});

it('a webhook the endpoint did not take is delivered by the next confirm, on another instance, and pays once', async () => {
  const unreachable = `http://127.0.0.1:${await freePort()}/api/billing/webhook`;
  const c = await startTestBilling({ BILLING_WEBHOOK_URL: unreachable });
  try {
    const inv = await sentInvoice();
    const { clientSecret } = (await apiA.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id })).body;
    const intentId = clientSecret.split('_secret_')[0]!;
    expect((await confirm(c, clientSecret)).body.status).toBe('succeeded');
    expect(await webhookEvents(intentId)).toEqual([{ type: 'payment_intent.succeeded', attempts: 1, delivered: false, lastStatus: null }]);
    expect(await status(inv.id)).toBe('sent');

    expect((await Promise.all([confirm(b, clientSecret), confirm(b, clientSecret)])).map((r) => r.status)).toEqual([200, 200]);
    expect(await eventually(() => status(inv.id), (s) => s === 'paid')).toBe('paid');
    expect(await webhookEvents(intentId)).toEqual([{ type: 'payment_intent.succeeded', attempts: 2, delivered: true, lastStatus: 200 }]);
    expect(await charges(intentId)).toHaveLength(1);
    expect(await payments(inv.id)).toEqual([{ amount: '50.00' }]);
  } finally {
    await c.stop();
  }
});
