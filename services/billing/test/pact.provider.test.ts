import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Verifier } from '@pact-foundation/pact';
import Stripe from 'stripe';
import { IDENTITY_HEADER, signIdentityToken } from '@midway/service-kit';
import { testKeys } from '@midway/testing';
import { actor, eventually, useBilling, type Actor } from './billing-harness';

/**
 * Verifies the remotes' HTTP contracts with billing (pacts/<consumer>-billing.json, written by their consumer
 * tests; today mf-billing's) against the real billing service on a real database, offline card processor and SMTP
 * sink. Each provider state builds what it names through billing's own upstream events and API, and returns the
 * ids the interactions use (the consumer marks them fromProviderState).
 */
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
const PACTS = fs.readdirSync(PACTS_DIR).filter((f) => /^mf-.*-billing\.json$/.test(f)).map((f) => path.join(PACTS_DIR, f));
/** The project the consumer names in paths (mf-billing's fixtures). */
const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';

const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');
/** Who the verifier's requests come from: the state's caller, signed as the gateway forwards them. */
let caller: Actor = admin;

/** The consumer's project, owned by a designer billing has heard of (catalog's event, as in production). */
async function lakeview(owner: Actor, projectId = PROJECT_ID) {
  if (!(await read.project(projectId))) {
    await t.up.publish('catalog.project.created.v1', { projectId, designerId: owner.userId, name: 'Lakeview Residence', clientName: 'Jordan Ellis', clientEmail: 'jordan@example.com', location: '12 Harbour St, Toronto', status: 'active', createdAt: new Date().toISOString() });
    // A state the provider could not reach must fail here, not as a body mismatch later.
    if (!(await eventually(() => read.project(projectId), (x) => Boolean(x)))) throw new Error('billing did not learn the consumer’s project from catalog’s event in time');
  }
  return projectId;
}

/** An admin's draft on the project: client e-mail, due date, one 25.00 receiving line. */
async function draft(projectId: string): Promise<string> {
  const inv = (await api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Ellis', clientEmail: 'jordan@example.com', dueDate: '2026-04-01' })).body;
  await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Receiving: Walnut sideboard', type: 'receiving', quantity: 1, rate: '25.00' });
  return inv.id as string;
}

it('fulfils every consumer’s contract (mf-billing)', async () => {
  expect(PACTS.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['mf-billing-billing.json']));
  await new Verifier({
    provider: 'billing',
    providerBaseUrl: t.billing.url,
    pactUrls: PACTS,
    logLevel: 'warn',
    stateHandlers: {
      'a designer whose project "Lakeview Residence" has a sent invoice of 54.00': async () => {
        const designer = actor('designer');
        const projectId = await lakeview(designer, randomUUID());
        const inv = (await api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Ellis', clientEmail: 'jordan@example.com', dueDate: '2026-04-01' })).body;
        await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Receiving: Walnut sideboard', type: 'receiving', quantity: 2, rate: '25.00' });
        await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Storage', type: 'storage', quantity: 2, rate: '2.00' });
        expect((await api.post(`/api/invoices/${inv.id}/send`, admin)).status).toBe(200);
        const { clientSecret } = (await api.post('/api/create-payment-intent', designer, { invoiceId: inv.id })).body;
        caller = designer;
        return { invoiceId: inv.id, clientSecret };
      },
      'an admin, and a project "Lakeview Residence" billing knows': async () => {
        await lakeview(actor('designer'));
        caller = admin;
        return { projectId: PROJECT_ID };
      },
      'an admin, and a draft invoice with a client e-mail and one line on "Lakeview Residence"': async () => {
        const invoiceId = await draft(await lakeview(actor('designer')));
        caller = admin;
        return { invoiceId, lineId: (await api.get(`/api/invoices/${invoiceId}`, admin)).body.invoiceItems[0].id };
      },
      'an admin, and a sent invoice of 25.00 on "Lakeview Residence"': async () => {
        const invoiceId = await draft(await lakeview(actor('designer')));
        expect((await api.post(`/api/invoices/${invoiceId}/send`, admin)).status).toBe(200);
        caller = admin;
        return { invoiceId };
      },
      'an admin, and a payment of 50.00 that arrived for a void invoice': async () => {
        // Paid through the intent started before the invoice was voided: the event pays nothing and is listed.
        const owner = actor('designer');
        const projectId = await lakeview(owner, randomUUID());
        const inv = (await api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Ellis', clientEmail: 'jordan@example.com' })).body;
        await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Receiving: Walnut sideboard', type: 'receiving', quantity: 2, rate: '25.00' });
        await api.post(`/api/invoices/${inv.id}/send`, admin);
        const intentId = ((await api.post('/api/create-payment-intent', owner, { invoiceId: inv.id })).body.clientSecret as string).split('_secret_')[0]!;
        await api.post(`/api/invoices/${inv.id}/void`, admin);
        const payload = JSON.stringify({ id: `evt_${intentId}`, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intentId, object: 'payment_intent', amount: 5000, amount_received: 5000, currency: 'usd', status: 'succeeded', metadata: { invoiceId: inv.id } } } });
        const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret: t.billing.webhookSecret });
        const res = await fetch(`${t.billing.url}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
        expect(res.status).toBe(200);
        caller = admin;
        const listed = (await api.get('/api/billing/anomalies', admin)).body as { id: string; intentId: string }[];
        return { anomalyId: listed.find((a) => a.intentId === intentId)!.id };
      },
      'an admin, with the default billing rates initialized': async () => {
        await api.post('/api/billing/initialize', admin);
        caller = admin;
        return {};
      },
      // From 2100 on: a rate that taxes no invoice of the tests sharing the schema.
      'an admin, and a tax rate of 5% on inspection fees from 2100-12-31': async () => {
        expect((await api.post('/api/billing/tax-rates', admin, { name: 'Pact tax', percent: '5', feeTypes: ['inspection'], effectiveFrom: '2100-12-31' })).status).toBe(201);
        caller = admin;
        return {};
      },
    },
    // The gateway's job in production: forward the state's caller as a signed identity.
    requestFilter: (req, _res, next) => {
      req.headers[IDENTITY_HEADER] = signIdentityToken({ userId: caller.userId, email: caller.email, role: caller.role, sessionId: randomUUID() }, testKeys().internal.privateKey);
      next();
    },
  }).verifyProvider();
}, 180_000);
