import { randomUUID } from 'node:crypto';
import { catalogService, type Catalog } from '@midway/catalog';
import { eventually, invitationLinkFor, serviceClient, startService } from '@midway/testing';
import { actor, client, startTestBilling, type Billing } from './billing-harness';

/**
 * People join a project by accepting an invitation in catalog; billing learns the membership from the event
 * accepting publishes (catalog.project.member-added.v1), so the new member reaches the project's invoices
 * at once, and no one reaches them on an invitation alone.
 */
let catalog: Catalog | undefined;
let billing: Billing | undefined;
beforeAll(async () => {
  [catalog, billing] = await Promise.all([startService(catalogService), startTestBilling()]);
}, 60_000);
afterAll(async () => {
  await billing?.stop();
  await catalog?.stop();
});
const cat = serviceClient(() => catalog!.url);
const api = client(() => billing!.url);

it('an invited designer reaches the project’s invoices once they accept, not before', async () => {
  const owner = actor();
  const invitee = actor();
  const admin = actor('midway_admin');
  const p = (await cat.post('/api/projects', owner, { name: `Lakeview ${randomUUID().slice(0, 6)}`, clientName: 'Jordan Park', location: 'Vancouver, BC' })).body;
  // Waits for billing to know the project: what is under test is the membership, not how a project arrives.
  const invoice = await eventually(() => api.post(`/api/projects/${p.id}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com' }), (r) => r.status === 201, 5000);
  expect(invoice.status).toBe(201);

  expect((await cat.post(`/api/projects/${p.id}/members`, owner, { email: invitee.email })).status).toBe(202);
  expect((await api.get(`/api/invoices/${invoice.body.id}`, invitee)).status).toBe(404);

  // The invitee joins through the invitation e-mail's link (their address is not verified).
  const { id, token } = await invitationLinkFor(cat, invitee.email, p.id);
  expect((await cat.post(`/api/invitations/${id}/accept`, invitee, { token })).status).toBe(200);
  const accepted = Date.now();
  const seen = await eventually(() => api.get(`/api/invoices/${invoice.body.id}`, invitee), (r) => r.status === 200, 5000);
  expect({ status: seen.status, id: seen.body.id }).toEqual({ status: 200, id: invoice.body.id });
  expect(Date.now() - accepted).toBeLessThanOrEqual(1000);
});

