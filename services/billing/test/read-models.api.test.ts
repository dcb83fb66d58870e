import { randomUUID } from 'node:crypto';
import { actor, daysAgo, dayOf, eventually, useBilling } from './billing-harness';

/**
 * Billing's read models come from events only; what existed before billing ran arrives through catalog's
 * `npm run republish` (catalog.project.snapshot.v1 and catalog.items.imported.v1 batches), applied
 * idempotently: republishing twice changes nothing, a snapshot's member list replaces the one known.
 */
const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');

it('a republished project (snapshot) and its items (imported batch) give access, receiving fees and storage — once, however often republished', async () => {
  const [owner, member, viewer, gone] = [actor(), actor(), actor(), actor()];
  const projectId = randomUUID();
  const snapshot = (members: { userId: string; role: 'member' | 'viewer' }[], at: string) =>
    t.up.publish('catalog.project.snapshot.v1', { projectId, ownerId: owner.userId, changedAt: at, name: 'Republished Loft', clientName: 'Jordan Park', clientEmail: null, location: 'Vancouver, BC', status: 'active', installDate: null, shareToken: null, members });
  const items = [0, 1].map((n) => ({
    itemId: randomUUID(), projectId, designerId: owner.userId, name: `Imported chair ${n}`, quantity: 3, status: 'stored' as const,
    supplier: null, trackingNumber: null, carrierId: null, price: null, receivedAt: null, deliveredAt: null, createdAt: daysAgo(2),
  }));
  const batch = () => t.up.publish('catalog.items.imported.v1', { importId: randomUUID(), projectId, designerId: owner.userId, part: 1, parts: 1, items });

  await snapshot([{ userId: member.userId, role: 'member' }, { userId: viewer.userId, role: 'viewer' }, { userId: gone.userId, role: 'member' }], daysAgo(1));
  // Receiving is billed for items that have it selected (logistics republishes the selections too), from the
  // warehouse's arrivals, heard here before catalog's batch names the items.
  for (const i of items) await t.up.select(projectId, owner, i.itemId, 'receiving', daysAgo(3));
  for (const i of items) await t.up.arrive(projectId, owner, i.itemId, daysAgo(2));
  await batch();
  await eventually(() => read.events({ projectId }), (e) => e.length >= 2);
  // Republished (new event ids, same facts), and a later snapshot without `gone`.
  await snapshot([{ userId: member.userId, role: 'member' }, { userId: viewer.userId, role: 'viewer' }], daysAgo(0));
  await batch();
  await eventually(() => read.member(projectId, gone.userId), (m) => m?.active === false);
  await new Promise((r) => setTimeout(r, 500));
  await t.billing.auto.recordStorage();
  await t.billing.auto.recordStorage();

  const events = await read.events({ projectId });
  expect(events.filter((e) => e.eventType === 'receiving').map((e) => [e.eventDate, e.quantity, e.amount])).toEqual([[dayOf(daysAgo(2)), 3, '75.00'], [dayOf(daysAgo(2)), 3, '75.00']]);
  expect(events.filter((e) => e.eventType === 'storage')).toHaveLength(2 * 3);

  const inv = (await api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Park' })).body;
  const status = async (who: typeof owner) => (await api.get(`/api/invoices/${inv.id}`, who)).status;
  expect({ owner: await status(owner), member: await status(member), viewer: await status(viewer), gone: await status(gone), outsider: await status(actor()) }).toEqual({ owner: 200, member: 200, viewer: 200, gone: 404, outsider: 404 });
  expect((await api.get(`/api/invoices/${inv.id}`, owner)).body.project).toEqual({ id: projectId, name: 'Republished Loft' });
});

it('identity’s users name the owner on generated invoices; an older user fact does not overwrite a newer one', async () => {
  const u = actor();
  await t.up.publish('identity.user.updated.v1', { userId: u.userId, email: 'new@example.com', firstName: 'New', lastName: 'Name', systemRole: 'designer', updatedAt: daysAgo(0) });
  await t.up.publish('identity.user.created.v1', { userId: u.userId, email: 'old@example.com', firstName: 'Old', lastName: 'Name', systemRole: 'designer', createdAt: daysAgo(3) });
  await eventually(() => read.user(u.userId), (x) => Boolean(x));
  await new Promise((r) => setTimeout(r, 500));
  expect(await read.user(u.userId)).toEqual({ email: 'new@example.com' });
});
