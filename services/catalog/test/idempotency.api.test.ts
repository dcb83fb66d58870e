import { randomUUID } from 'node:crypto';
import { expectIdempotentPost, type Actor } from '@midway/testing';
import { actor, inviteAndAccept, useCatalog } from './catalog-harness';

/**
 * Retries never double anything: catalog's creating POSTs with an Idempotency-Key, sent four at once, have
 * one effect and four identical answers (the kit's middleware; the rules are proved in expectIdempotentPost).
 */
const t = useCatalog();
const http = t.http;
const count = async (sql: string, ...values: unknown[]) => (await t.catalog.db.$queryRawUnsafe<{ n: number }[]>(sql, ...values))[0]!.n;
const keyed = (method: string, path: string, who: Actor, body: unknown, key: string) => http.call(method, path, who, body, { 'idempotency-key': key });

describe('Idempotency-Key on catalog', () => {
  const owner = actor();
  const admin = actor('midway_admin');

  it('POST /api/projects: one project per key and caller', async () => {
    await expectIdempotentPost({
      caller: owner,
      other: admin,
      db: t.catalog.db,
      send: (key, who, variant) => keyed('POST', '/api/projects', who, { name: variant ? 'Harbour Loft' : 'Lakeview', clientName: 'Jordan Park', location: 'Vancouver, BC' }, key),
      effects: () => count(`SELECT count(*)::int AS n FROM projects WHERE created_by_id = ANY($1::uuid[])`, [owner.userId, admin.userId]),
    });
  });

  it('POST /api/projects/{id}/items: one item per key and caller', async () => {
    const p = await http.project(owner);
    await expectIdempotentPost({
      caller: owner,
      other: admin,
      db: t.catalog.db,
      send: (key, who, variant) => keyed('POST', `/api/projects/${p.id}/items`, who, { name: variant ? 'Oak bench' : 'Walnut table', quantity: 2 }, key),
      effects: () => count(`SELECT count(*)::int AS n FROM items WHERE project_id = $1::uuid`, p.id),
    });
  });

  it('POST /api/projects/{id}/items/bulk: one import per key and caller, eight at once', async () => {
    const p = await http.project(owner);
    await expectIdempotentPost({
      caller: owner,
      other: admin,
      db: t.catalog.db,
      atOnce: 8,
      send: (key, who, variant) => keyed('POST', `/api/projects/${p.id}/items/bulk`, who, { items: [{ name: variant ? 'Rug' : 'Lamp' }, { name: 'Sofa' }] }, key),
      effects: async () => (await count(`SELECT count(*)::int AS n FROM items WHERE project_id = $1::uuid`, p.id)) / 2,
    });
  });

  it('POST /api/projects/{id}/share {rotate: true}: one new link per key and caller, and every answer names the link that works', async () => {
    const p = await http.project(owner);
    await http.post(`/api/projects/${p.id}/share`, owner);
    await expectIdempotentPost({
      caller: owner,
      other: admin,
      db: t.catalog.db,
      // The variant asks for the link without rotating: another request under the same key.
      send: (key, who, variant) => keyed('POST', `/api/projects/${p.id}/share`, who, variant ? {} : { rotate: true }, key),
      effects: () => count(`SELECT count(*)::int AS n FROM activities WHERE project_id = $1::uuid AND description LIKE 'Client dashboard link reset%'`, p.id),
    });
    const { shareToken } = (await http.get(`/api/projects/${p.id}`, owner)).body;
    const key = 'rotate-once';
    const answers = await Promise.all([1, 2, 3, 4].map(() => keyed('POST', `/api/projects/${p.id}/share`, owner, { rotate: true }, key)));
    expect(new Set(answers.map((a) => a.body.shareToken)).size).toBe(1);
    expect(answers[0]!.body.shareToken).not.toBe(shareToken);
    expect((await http.get(`/api/projects/${p.id}`, owner)).body.shareToken).toBe(answers[0]!.body.shareToken);
  });

  it('a member removed from the project no longer gets their stored answer replayed: 404, as a fresh request', async () => {
    const mia = actor();
    const p = await http.project(owner);
    await inviteAndAccept(http, owner, p.id, mia);
    const key = `key-${randomUUID()}`;
    const send = () => keyed('POST', `/api/projects/${p.id}/items`, mia, { name: 'Walnut table', notes: 'Hold for Mia' }, key);
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect([again.status, again.headers.get('idempotent-replayed'), again.body]).toEqual([201, 'true', first.body]);

    expect((await http.del(`/api/projects/${p.id}/members/${mia.userId}`, owner)).status).toBe(204);
    const removed = await send();
    expect([removed.status, removed.headers.get('idempotent-replayed'), removed.body]).toEqual([404, null, expect.objectContaining({ error: 'not_found', message: 'Project not found' })]);
    expect(JSON.stringify(removed.body)).not.toContain('Hold for Mia');
    expect(await count(`SELECT count(*)::int AS n FROM items WHERE project_id = $1::uuid`, p.id)).toBe(1);
  });

  it('POST /api/projects/{id}/members: one invitation per key and caller', async () => {
    const p = await http.project(owner);
    await expectIdempotentPost({
      caller: owner,
      other: admin,
      db: t.catalog.db,
      // One address per key and caller, so each real effect is a new pending invitation (inviting an address
      // already invited changes nothing, by design: a day later the key is tried on the variant's address).
      dayLater: 'variant',
      send: (key, who, variant) => keyed('POST', `/api/projects/${p.id}/members`, who, { email: `${variant ? 'v.' : ''}${key}.${who.userId.slice(0, 8)}@studio.test`.toLowerCase() }, key),
      effects: () => count(`SELECT count(*)::int AS n FROM project_invitations WHERE project_id = $1::uuid`, p.id),
    });
  });
});
