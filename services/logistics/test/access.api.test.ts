import { actor, eventually, usePlatform } from './logistics-harness';

/**
 * Logistics keeps who may reach a project from catalog's facts (project created, member added/removed with
 * role, shared), and the roles mean what they mean in catalog: a member sees and selects, a viewer only sees.
 */
const t = usePlatform();

const sees = async (who: ReturnType<typeof actor>, projectId: string) => (await t.services(who, `projectId=${projectId}`)).length;

it('a member added sees the project’s services within 1 s; removed, loses them within 1 s', async () => {
  const owner = actor();
  const designer = actor();
  const p = await t.project(owner);
  await t.item(owner, p.id);
  await t.servicesOf(owner, p.id, 5);
  expect(await sees(designer, p.id)).toBe(0);

  await t.inviteAndAccept(owner, p.id, designer);
  const added = Date.now();
  expect(await eventually(() => sees(designer, p.id), (n) => n === 5, 1000)).toBe(5);
  const seenAfter = Date.now() - added;

  await t.removeMember(owner, p.id, designer);
  const removed = Date.now();
  expect(await eventually(() => sees(designer, p.id), (n) => n === 0, 1000)).toBe(0);
  const goneAfter = Date.now() - removed;
  expect(seenAfter).toBeLessThanOrEqual(1000);
  expect(goneAfter).toBeLessThanOrEqual(1000);
});

it('a viewer sees but cannot select (403, unchanged); a member selects; a viewer’s bulk action changes nothing', async () => {
  const owner = actor();
  const viewer = actor();
  const member = actor();
  const p = await t.project(owner);
  await t.item(owner, p.id);
  await t.inviteAndAccept(owner, p.id, viewer, 'viewer');
  await t.inviteAndAccept(owner, p.id, member, 'member');
  const [svc] = await eventually(() => t.services(viewer, `projectId=${p.id}`), (s) => s.length === 5);
  await eventually(() => sees(member, p.id), (n) => n === 5);

  const refused = await t.logistics.put(`/api/services/${svc!.id}`, viewer, { selected: true });
  expect(refused.status).toBe(403);
  expect(refused.body.message).toMatch(/Ask the project owner/);
  expect((await t.logistics.post('/api/services/bulk', viewer, { filter: {}, selected: true })).body).toEqual({ updated: 0 });
  expect((await t.logistics.post('/api/services/bulk', viewer, { filter: { projectId: p.id }, selected: true })).status).toBe(403);
  expect(await t.services(owner, `projectId=${p.id}&selected=true`)).toHaveLength(0);

  expect((await t.logistics.put(`/api/services/${svc!.id}`, member, { selected: true })).status).toBe(200);
  expect(await t.services(owner, `projectId=${p.id}&selected=true`)).toHaveLength(1);
});

it('another designer neither sees nor changes the services (404, like a missing one); an admin sees and changes all', async () => {
  const owner = actor();
  const outsider = actor();
  const admin = actor('midway_admin');
  const p = await t.project(owner);
  await t.item(owner, p.id);
  const [svc] = await t.servicesOf(owner, p.id, 5);
  expect(await sees(outsider, p.id)).toBe(0);
  expect((await t.logistics.put(`/api/services/${svc!.id}`, outsider, { selected: true })).status).toBe(404);
  expect((await t.logistics.get(`/api/services/summary?projectId=${p.id}`, outsider)).body.total).toBe(0);
  expect(await sees(admin, p.id)).toBe(5);
  expect((await t.logistics.put(`/api/services/${svc!.id}`, admin, { selected: true })).status).toBe(200);
});
