import { randomUUID } from 'node:crypto';
import { republishCatalog } from '@midway/catalog';
import { quietLogger, testEnv } from '@midway/testing';
import { actor, eventually, usePlatform } from './logistics-harness';

/**
 * Data that exists before logistics heard of it — written to catalog's tables without any event, as if it
 * predated logistics or its events had expired from the stream — reaches logistics through catalog's
 * republish command: project snapshots (owner, members) and every item as import batches.
 */
const t = usePlatform();

async function silentProject(owner: ReturnType<typeof actor>, member: ReturnType<typeof actor>, viewer: ReturnType<typeof actor>, items: number) {
  const db = t.catalogService.db;
  const projectId = randomUUID();
  await t.known(member, viewer);
  await db.$executeRaw`INSERT INTO projects (id, name, client_name, location, created_by_id, share_token, updated_at) VALUES (${projectId}::uuid, 'Older Estate', 'Pat Lee', 'Victoria, BC', ${owner.userId}::uuid, ${randomUUID().replaceAll('-', '')}, now())`;
  await db.$executeRaw`INSERT INTO project_memberships (id, project_id, user_id, role, invited_by) VALUES (gen_random_uuid(), ${projectId}::uuid, ${member.userId}::uuid, 'member', ${owner.userId}::uuid), (gen_random_uuid(), ${projectId}::uuid, ${viewer.userId}::uuid, 'viewer', ${owner.userId}::uuid)`;
  await db.$executeRaw`INSERT INTO items (id, project_id, name, updated_at) SELECT gen_random_uuid(), ${projectId}::uuid, 'Heirloom ' || g, now() FROM generate_series(1, ${items}) g`;
  return projectId;
}

it('1,000 items that logistics never heard of get all their services after republish; the members see them; a second republish changes nothing', async () => {
  const [owner, member, viewer] = [actor(), actor(), actor()];
  const projectId = await silentProject(owner, member, viewer, 1000);
  await new Promise((r) => setTimeout(r, 500));
  expect((await t.logistics.get(`/api/services/summary?projectId=${projectId}`, actor('midway_admin'))).body.total).toBe(0);

  const result = await republishCatalog(testEnv().databaseUrl, quietLogger('republish'), { projectIds: [projectId] });
  expect(result).toEqual({ projects: 1, items: 1000, events: 1 + 5 });
  const services = await t.servicesOf(owner, projectId, 5000, 10_000);
  expect(new Set(services.map((s) => `${s.itemId}:${s.type}`)).size).toBe(5000);
  expect(services[0]!.projectName).toBe('Older Estate');
  expect(await eventually(() => t.services(member, `projectId=${projectId}`), (s) => s.length === 5000)).toHaveLength(5000);
  const view = await eventually(() => t.services(viewer, `projectId=${projectId}`), (s) => s.length === 5000);
  expect((await t.logistics.put(`/api/services/${view[0]!.id}`, viewer, { selected: true })).status).toBe(403);

  await republishCatalog(testEnv().databaseUrl, quietLogger('republish'), { projectIds: [projectId] });
  await new Promise((r) => setTimeout(r, 2500));
  const [{ n }] = await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM services WHERE project_id = ${projectId}::uuid`;
  expect(n).toBe(5000);
}, 60_000);

it('a snapshot drops a member that catalog no longer has and keeps the others', async () => {
  const [owner, member, viewer] = [actor(), actor(), actor()];
  const projectId = await silentProject(owner, member, viewer, 2);
  await republishCatalog(testEnv().databaseUrl, quietLogger('republish'), { projectIds: [projectId] });
  await eventually(() => t.services(member, `projectId=${projectId}`), (s) => s.length === 10);
  await t.catalogService.db.$executeRaw`DELETE FROM project_memberships WHERE project_id = ${projectId}::uuid AND user_id = ${member.userId}::uuid`;
  await republishCatalog(testEnv().databaseUrl, quietLogger('republish'), { projectIds: [projectId] });
  expect(await eventually(() => t.services(member, `projectId=${projectId}`), (s) => s.length === 0)).toHaveLength(0);
  expect(await t.services(viewer, `projectId=${projectId}`)).toHaveLength(10);
});
