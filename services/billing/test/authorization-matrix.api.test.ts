import Stripe from 'stripe';
import { automaticBillingRoutes } from '../src/routes/automatic-billing.routes';
import { invoiceRoutes } from '../src/routes/invoice.routes';
import { paymentRoutes, webhookRoutes } from '../src/routes/payment.routes';
import { rateRoutes } from '../src/routes/rate.routes';
import { taxRateRoutes } from '../src/routes/tax-rate.routes';
import { testProcessorRoutes } from '../src/test-processor/test-processor.routes';
import { PAY_LINK_KEY_NAME, payLinkToken } from '../src/domain/pay-link';
import { payLinkRoutes } from '../src/routes/pay-link.routes';
import { ADMIN, ANY_SIGNED_IN, by, describeAuthorizationMatrix, EDIT, expectEveryRouteHasARow, PUBLIC, READ, SEEN_BY_THOSE_WHO_REACH, whoSees, type MatrixRow, type Who } from '@midway/testing';
import { ANONYMOUS, actor, eventually, type Actor, useBilling } from './billing-harness';

/**
 * Every billing route against every kind of caller, from one table. Administration (rates, the automatic
 * runs, issuing, sending, voiding and adding lines) is Midway's admins' alone: designers get 403 whatever the
 * project. Reading and paying an invoice follow the project (canOnProject 'read': owner, member, viewer,
 * admin; paying leaves out viewers); a removed member and another designer get 404 as for a missing invoice. Anonymous callers get 401,
 * except the processor's webhook, which is public and answered by its signature, and the pay link's calls and the
 * test processor's confirmation, whose token or client secret is the credential. A refused call changes
 * nothing and leaks nothing.
 */
const t = useBilling();
const { api, read } = t;
const signer = new Stripe('sk_test_signer');

interface Fixture {
  callers: Record<Who, Actor>;
  projectId: string;
  /** Sent, 50.00, with a payment intent. */
  sentId: string;
  clientSecret: string;
  /** A draft with one line. */
  draftId: string;
  /** The sent invoice's pay link token (its e-mail carries it). */
  payToken: string;
  /** A payment anomaly waiting for a person. */
  anomalyId: string;
  /** The draft's one line. */
  draftLineId: string;
}

async function fixture(): Promise<Fixture> {
  const callers: Record<Who, Actor> = { anonymous: ANONYMOUS, owner: actor(), member: actor(), viewer: actor(), removed: actor(), outsider: actor(), admin: actor('midway_admin') };
  const projectId = await t.up.project(callers.owner, { name: 'Matrix Manor' });
  await t.up.member(projectId, callers.owner, callers.member, 'member');
  await t.up.member(projectId, callers.owner, callers.viewer, 'viewer');
  await t.up.member(projectId, callers.owner, callers.removed, 'member');
  await t.up.member(projectId, callers.owner, callers.removed, 'member', false);
  expect(await eventually(() => read.member(projectId, callers.removed.userId), (m) => m?.active === false)).toEqual({ active: false });
  const admin = callers.admin;
  const invoice = async (send: boolean) => {
    const inv = (await api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Zebrawood Client', clientEmail: 'zebrawood@example.com' })).body;
    await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Zebrawood receiving', type: 'receiving', quantity: 2, rate: 25 });
    if (send) await api.post(`/api/invoices/${inv.id}/send`, admin);
    return inv.id as string;
  };
  const [sentId, draftId] = [await invoice(true), await invoice(false)];
  const clientSecret = (await api.post('/api/create-payment-intent', callers.owner, { invoiceId: sentId })).body.clientSecret;
  const [key] = await t.billing.db.$queryRaw<{ secret: Uint8Array }[]>`SELECT secret FROM signing_keys WHERE name = ${PAY_LINK_KEY_NAME}`;
  const anomalyId = (await t.billing.db.paymentAnomaly.create({ data: { kind: 'void_invoice', intentId: `pi_matrix${Date.now()}${Math.random().toString(36).slice(2, 6)}`, eventId: `evt_matrix${Date.now()}`, amount: '5000', currency: 'usd' } })).id;
  const draftLineId = (await api.get(`/api/invoices/${draftId}`, admin)).body.invoiceItems[0].id as string;
  return { callers, projectId, sentId, clientSecret, draftId, payToken: payLinkToken(Buffer.from(key!.secret), sentId), anomalyId, draftLineId };
}

/** What a refused call must leave as it was: the project's invoices and their payments, as an admin sees them. */
const snapshot = async (f: Fixture) => {
  const list = ((await api.get(`/api/invoices?projectId=${f.projectId}`, f.callers.admin)).body as { id: string; projectId: string; status: string; total: string }[]).filter((i) => i.projectId === f.projectId);
  const paid = await t.billing.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM payments WHERE invoice_id = ${f.sentId}::uuid`;
  const lines = await t.billing.db.$queryRaw`SELECT id::text, description, amount::text FROM invoice_items WHERE invoice_id = ${f.draftId}::uuid ORDER BY 1`;
  const handled = await t.billing.db.$queryRaw`SELECT handled_note FROM payment_anomalies WHERE id = ${f.anomalyId}::uuid`;
  return { invoices: list.map((i) => [i.id, i.status, i.total]).sort(), payments: paid[0]!.n, lines, handled };
};

const today = () => new Date().toISOString().slice(0, 10);
/** A tax rate that applies to no invoice of any test (from 2100 on): the shared schema's invoices keep their totals. */
const inertTax = { name: 'Matrix tax', percent: '5', feeTypes: ['inspection'], effectiveFrom: '2100-12-31' };
const adminCaller = actor('midway_admin');
const newTaxRate = async () => (await api.post('/api/billing/tax-rates', adminCaller, inertTax)).body.id as string;

const ROUTES: MatrixRow<Fixture>[] = [
  ['POST /api/billing/initialize', (w) => api.post('/api/billing/initialize', w), ADMIN(200)],
  ['GET /api/billing/rates', (w) => api.get('/api/billing/rates', w), ADMIN(200)],
  ['PUT /api/billing/rates/{serviceType}', (w) => api.put('/api/billing/rates/special_handling', w, { rate: '10.00', effectiveDate: today() }), ADMIN(200)],
  ['POST /api/billing/storage-fees/record', (w) => api.post('/api/billing/storage-fees/record', w), ADMIN(200)],
  ['POST /api/billing/cycles/create', (w) => api.post('/api/billing/cycles/create', w, { month: 12, year: 2030 }), ADMIN(200)],
  ['POST /api/billing/invoices/generate', (w) => api.post('/api/billing/invoices/generate', w, { month: 12, year: 2030 }), ADMIN(200)],
  ['GET /api/billing/unbilled', (w) => api.get('/api/billing/unbilled', w), ADMIN(200)],
  ['GET /api/billing/tax-rates', (w) => api.get('/api/billing/tax-rates', w), ADMIN(200)],
  ['POST /api/billing/tax-rates', async (w) => {
    const res = await api.post('/api/billing/tax-rates', w, inertTax);
    if (res.status === 201) await api.del(`/api/billing/tax-rates/${res.body.id}`, adminCaller);
    return res;
  }, ADMIN(201)],
  ['PUT /api/billing/tax-rates/{id}', async (w) => {
    const id = await newTaxRate();
    const res = await api.put(`/api/billing/tax-rates/${id}`, w, { ...inertTax, percent: '7' });
    await api.del(`/api/billing/tax-rates/${id}`, adminCaller);
    return res;
  }, ADMIN(200)],
  ['DELETE /api/billing/tax-rates/{id}', async (w) => {
    const id = await newTaxRate();
    const res = await api.del(`/api/billing/tax-rates/${id}`, w);
    await api.del(`/api/billing/tax-rates/${id}`, adminCaller);
    return res;
  }, ADMIN(204)],
  ['GET /api/invoices', (w) => api.get('/api/invoices', w), ANY_SIGNED_IN(200)],
  ['GET /api/invoices/summary', (w) => api.get('/api/invoices/summary', w), ANY_SIGNED_IN(200)],
  ['GET /api/invoices/{id}', (w, f) => api.get(`/api/invoices/${f.sentId}`, w), by(200, READ)],
  ['GET /api/invoices/{id}/pdf', (w, f) => api.get(`/api/invoices/${f.sentId}/pdf`, w), by(200, READ)],
  ['POST /api/projects/{projectId}/invoices', (w, f) => api.post(`/api/projects/${f.projectId}/invoices`, w, { clientName: 'Zebrawood Client' }), ADMIN(201)],
  ['POST /api/invoices/{id}/items', (w, f) => api.post(`/api/invoices/${f.draftId}/items`, w, { description: 'Handling', type: 'handling', rate: 10 }), ADMIN(201)],
  ['PUT /api/invoices/{id}/items/{lineId}', (w, f) => api.put(`/api/invoices/${f.draftId}/items/${f.draftLineId}`, w, { description: 'Zebrawood crate', type: 'handling', quantity: 3, rate: 10 }), ADMIN(200)],
  ['DELETE /api/invoices/{id}/items/{lineId}', (w, f) => api.del(`/api/invoices/${f.draftId}/items/${f.draftLineId}`, w), ADMIN(204)],
  ['POST /api/invoices/{id}/send', (w, f) => api.post(`/api/invoices/${f.draftId}/send`, w), ADMIN(200)],
  ['POST /api/invoices/{id}/void', (w, f) => api.post(`/api/invoices/${f.sentId}/void`, w), ADMIN(200)],
  // Paying follows the project too, but its viewers only read (403).
  ['POST /api/create-payment-intent', (w, f) => api.post('/api/create-payment-intent', w, { invoiceId: f.sentId }), by(200, EDIT)],
  ['GET /api/billing/anomalies', (w) => api.get('/api/billing/anomalies', w), ADMIN(200)],
  ['POST /api/billing/anomalies/{id}/handle', (w, f) => api.post(`/api/billing/anomalies/${f.anomalyId}/handle`, w, { note: 'Refunded in Stripe' }), ADMIN(200)],
  // The client secret is the capability, as with Stripe.js: whoever holds it may confirm the payment, signed in
  // or not (the pay link's page confirms without an account).
  ['POST /api/billing/test-processor/confirm', (w, f) => api.post('/api/billing/test-processor/confirm', w, { clientSecret: f.clientSecret }), PUBLIC(200)],
  // The e-mailed pay link: its signed token is the credential, whoever holds it.
  ['GET /api/pay/{token}', (w, f) => api.get(`/api/pay/${f.payToken}`, w), PUBLIC(200)],
  ['POST /api/pay/{token}/payment-intent', (w, f) => api.post(`/api/pay/${f.payToken}/payment-intent`, w), PUBLIC(200)],
  // Public, and answered by its signature alone: unsigned is 400 for everyone, however they are signed in.
  ['POST /api/billing/webhook', async (w, f) => {
    const payload = JSON.stringify({ id: 'evt_m', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_matrix', amount: 5000, currency: 'usd', status: 'succeeded', metadata: { invoiceId: f.sentId } } } });
    const res = await fetch(`${t.billing.url}/api/billing/webhook`, { method: 'POST', headers: { ...w.headers, 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' }) }, body: payload });
    return { status: res.status, body: await res.json() };
  }, PUBLIC(400)],
];

it('covers every route billing serves (a new route fails here until it has a row)', () => {
  const none = {} as never;
  const routers = [rateRoutes(none), taxRateRoutes(none), automaticBillingRoutes(none), invoiceRoutes(none), paymentRoutes(none), webhookRoutes(none), testProcessorRoutes(none), payLinkRoutes(none, none)];
  expectEveryRouteHasARow(ROUTES, routers);
});

describeAuthorizationMatrix(ROUTES, { fixture, snapshot, secret: 'Zebrawood' });

describe('GET /api/invoices shows the project’s invoices only to those who reach it', () => {
  it('owner, admin, member and viewer see them; a removed member and another designer do not', async () => {
    const f = await fixture();
    const sees = async (w: Actor) => ((await api.get(`/api/invoices?projectId=${f.projectId}`, w)).body as { projectId: string }[]).some((i) => i.projectId === f.projectId);
    expect(await whoSees(f, sees)).toEqual(SEEN_BY_THOSE_WHO_REACH);
  });

  it('and its summary counts them for the same people only', async () => {
    const f = await fixture();
    const sees = async (w: Actor) => ((await api.get(`/api/invoices/summary?projectId=${f.projectId}`, w)).body as { total: number }).total > 0;
    expect(await whoSees(f, sees)).toEqual(SEEN_BY_THOSE_WHO_REACH);
  });
});
