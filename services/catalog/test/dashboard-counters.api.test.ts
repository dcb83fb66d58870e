import type { Caller } from '@midway/service-kit';
import { dashboardCountersSql, dashboardStatsAggregateSql } from '../src/data/stats.repository';
import { dashboardNumbers, EVERY_PROJECT } from '../src/domain/dashboard-reach';
import { actor, inviteAndAccept, useCatalog, type Actor } from './catalog-harness';

/**
 * The dashboard reads counters that triggers keep in the transaction of every change: per project (on items),
 * rolled up per owner and for every project (on those counters and on projects).
 * These tests make many random changes through every write path — single adds, status changes, edits that add
 * or clear tracking, deletes, bulk imports, project status changes, photo updates and raw SQL (a receipt
 * moved to another month, a deleted project) — many of them racing, then check the counters against the
 * plain aggregate over the items, for an owner, a member and an admin.
 */
const t = useCatalog();
const http = t.http;

/** Small seeded PRNG (mulberry32): a failure names its seed and replays exactly. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

const STATUSES = ['ordered', 'in-transit', 'shipped', 'received', 'stored', 'delivered'] as const;
const TRACKING = [undefined, null, '', '   ', '1Z999AA10123456784', 'TRK-1'] as const;

const callerOf = (a: Actor): Caller => ({ userId: a.userId, role: a.role } as Caller);

/**
 * Both reads in one snapshot: an admin sees every project, including those other suites write to at the same
 * moment, so two separate statements could straddle someone else's commit and differ by that commit.
 */
async function countersAndAggregate(a: Actor) {
  const now = new Date();
  const [rows, [aggregate]] = await t.catalog.db.$transaction(
    [t.catalog.db.$queryRaw<{ counter: string; n: number }[]>(dashboardCountersSql(callerOf(a), now)), t.catalog.db.$queryRaw<object[]>(dashboardStatsAggregateSql(callerOf(a)))],
    { isolationLevel: 'RepeatableRead' },
  );
  return { counters: dashboardNumbers(rows, now), aggregate };
}

/** Every counter row of these projects equals a fresh count of their items (zero rows may stay behind). */
async function counterRowsMismatches(projectIds: string[]) {
  return t.catalog.db.$queryRaw<{ project_id: string; counter: string; kept: number | null; actual: number | null }[]>`
    WITH actual AS (
      SELECT i.project_id, k AS counter, count(*)::int AS n
      FROM items i CROSS JOIN LATERAL unnest(item_counter_keys(i.status, i.tracking_number, i.received_at)) k
      WHERE i.project_id = ANY(${projectIds}::uuid[]) GROUP BY 1, 2),
    kept AS (SELECT project_id, counter, n FROM project_item_counts WHERE project_id = ANY(${projectIds}::uuid[]) AND n <> 0)
    SELECT coalesce(a.project_id, k.project_id)::text AS project_id, coalesce(a.counter, k.counter) AS counter, k.n AS kept, a.n AS actual
    FROM actual a FULL JOIN kept k ON k.project_id = a.project_id AND k.counter = a.counter
    WHERE a.n IS DISTINCT FROM k.n`;
}

/**
 * Every rolled-up counter of these owners and of every project equals a fresh roll-up of the per-project counters
 * and the projects' statuses, read in one snapshot (other suites write to the same tables meanwhile).
 */
async function rollUpMismatches(ownerIds: string[]) {
  const [rows] = await t.catalog.db.$transaction(
    [
      t.catalog.db.$queryRaw<{ scope: string; counter: string; kept: number | null; actual: number | null }[]>`
        WITH parts AS (
          SELECT p.created_by_id AS owner_id, c.counter::text AS counter, c.n FROM project_item_counts c JOIN projects p ON p.id = c.project_id
          UNION ALL
          SELECT p.created_by_id, 'active-projects', 1 FROM projects p WHERE p.status IN ('active', 'in-progress')),
        actual AS (
          SELECT s.scope, x.counter, sum(x.n)::int AS n FROM parts x CROSS JOIN LATERAL unnest(ARRAY[x.owner_id, ${EVERY_PROJECT}::uuid]) s(scope)
          WHERE s.scope = ANY(${[...ownerIds, EVERY_PROJECT]}::uuid[]) GROUP BY 1, 2 HAVING sum(x.n) <> 0),
        kept AS (SELECT scope, counter::text AS counter, sum(n)::int AS n FROM dashboard_counts WHERE scope = ANY(${[...ownerIds, EVERY_PROJECT]}::uuid[]) GROUP BY 1, 2 HAVING sum(n) <> 0)
        SELECT coalesce(a.scope, k.scope)::text AS scope, coalesce(a.counter, k.counter) AS counter, k.n AS kept, a.n AS actual
        FROM actual a FULL JOIN kept k ON k.scope = a.scope AND k.counter = a.counter
        WHERE a.n IS DISTINCT FROM k.n`,
    ],
    { isolationLevel: 'RepeatableRead' },
  );
  return rows;
}

function randomBody(r: ReturnType<typeof prng>, i: number) {
  const tracking = r.pick(TRACKING);
  return {
    name: `Piece ${i}`,
    ...(tracking !== undefined && tracking !== null ? { trackingNumber: tracking } : {}),
    ...(r.next() < 0.6 ? { status: r.pick(STATUSES) } : {}),
  };
}

describe('dashboard counters', () => {
  it('equal the aggregate over the items after random changes, imports, deletes and races (owner, member, admin)', async () => {
    const seed = Number(process.env.COUNTERS_SEED ?? Date.now() % 100_000);
    const r = prng(seed);
    const owner = actor();
    const member = actor();
    const other = actor();
    const admin = actor('midway_admin');
    await t.catalog.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, system_role, updated_at) VALUES (${member.userId}::uuid, ${member.email}, 'Robin', 'Ng', 'designer', now())`;

    const projects = [await http.project(owner), await http.project(owner, { status: 'planning' }), await http.project(owner, { status: 'in-progress' }), await http.project(other)];
    await inviteAndAccept(http, owner, projects[1]!.id, member);
    const whoEdits = (projectId: string) => (projectId === projects[3]!.id ? other : r.next() < 0.5 || projectId !== projects[1]!.id ? owner : member);
    const items: { id: string; projectId: string }[] = [];
    let n = 0;

    const ops: (() => Promise<void>)[] = [
      async () => {
        const p = r.pick(projects);
        const res = await http.post(`/api/projects/${p.id}/items`, whoEdits(p.id), randomBody(r, n++));
        expect(res.status).toBe(201);
        items.push({ id: res.body.id, projectId: p.id });
      },
      async () => {
        const p = r.pick(projects);
        const rows = Array.from({ length: 1 + r.int(40) }, () => (r.next() < 0.1 ? { quantity: -1 } : randomBody(r, n++)));
        const res = await http.post(`/api/projects/${p.id}/items/bulk`, whoEdits(p.id), { items: rows });
        expect(res.status).toBe(200);
        for (const it of res.body.items) items.push({ id: it.id, projectId: p.id });
      },
      async () => {
        const it = items.length ? r.pick(items) : undefined;
        if (!it) return;
        const res = await http.put(`/api/items/${it.id}/status`, whoEdits(it.projectId), { status: r.pick(STATUSES) });
        expect([200, 404]).toContain(res.status); // 404: deleted by a racing op
      },
      async () => {
        const it = items.length ? r.pick(items) : undefined;
        if (!it) return;
        const tracking = r.pick(TRACKING);
        const body = { trackingNumber: tracking ?? null, ...(r.next() < 0.3 ? { status: r.pick(STATUSES) } : {}), ...(r.next() < 0.3 ? { name: `Renamed ${n++}` } : {}) };
        const res = await http.put(`/api/items/${it.id}`, whoEdits(it.projectId), body);
        expect([200, 404]).toContain(res.status);
      },
      async () => {
        const it = items.length ? r.pick(items) : undefined;
        if (!it) return;
        const res = await http.del(`/api/items/${it.id}`, whoEdits(it.projectId));
        expect([200, 204, 404]).toContain(res.status);
      },
      async () => {
        const p = r.pick(projects);
        const res = await http.put(`/api/projects/${p.id}`, p.id === projects[3]!.id ? other : owner, { status: r.pick(['active', 'planning', 'in-progress', 'completed']) });
        expect(res.status).toBe(200);
      },
      async () => {
        // A photo (an update that changes no counter) and a receipt moved to last month or back, by raw SQL.
        const it = items.length ? r.pick(items) : undefined;
        if (!it) return;
        if (r.next() < 0.5) await t.catalog.db.$executeRaw`UPDATE items SET photo_url = '/api/photos/x' WHERE id = ${it.id}::uuid`;
        else await t.catalog.db.$executeRaw`UPDATE items SET received_at = now() - (${r.int(3)} * interval '40 days') WHERE id = ${it.id}::uuid AND received_at IS NOT NULL`;
      },
    ];

    for (let round = 0; round < 12; round++) {
      // A batch of random operations at once (they race), plus the same item changed by two requests at once.
      const batch = Array.from({ length: 8 }, () => r.pick(ops));
      const raced = items.length ? r.pick(items) : undefined;
      await Promise.all([
        ...batch.map((op) => op()),
        ...(raced ? [http.put(`/api/items/${raced.id}/status`, whoEdits(raced.projectId), { status: 'received' }), http.put(`/api/items/${raced.id}`, whoEdits(raced.projectId), { trackingNumber: null, status: 'in-transit' })] : []),
      ]);
      for (const who of [owner, member, admin]) {
        const { counters, aggregate } = await countersAndAggregate(who);
        expect({ seed, round, who: who === owner ? 'owner' : who === member ? 'member' : 'admin', ...counters }).toEqual({ seed, round, who: who === owner ? 'owner' : who === member ? 'member' : 'admin', ...aggregate });
      }
    }
    expect(await counterRowsMismatches(projects.map((p) => p.id))).toEqual([]);
    expect(await rollUpMismatches([owner.userId, other.userId])).toEqual([]);

    // What the endpoint answers is the counters' sum.
    const { aggregate } = await countersAndAggregate(owner);
    expect((await http.get('/api/dashboard/stats', owner)).body).toEqual(aggregate);
    // A deleted project takes its counters with it; nothing of it is counted any more.
    await t.catalog.db.$executeRaw`DELETE FROM projects WHERE id = ${projects[2]!.id}::uuid`;
    const after = await countersAndAggregate(owner);
    expect(after.counters).toEqual(after.aggregate);
    expect(await t.catalog.db.$queryRaw<unknown[]>`SELECT 1 FROM project_item_counts WHERE project_id = ${projects[2]!.id}::uuid`).toEqual([]);
    expect(await rollUpMismatches([owner.userId, other.userId])).toEqual([]);
    // A project given to another owner takes its counters along: the member now reaches it as a shared project.
    await t.catalog.db.$executeRaw`UPDATE projects SET created_by_id = ${other.userId}::uuid WHERE id = ${projects[1]!.id}::uuid`;
    expect(await rollUpMismatches([owner.userId, other.userId])).toEqual([]);
    for (const who of [owner, member, other]) {
      const moved = await countersAndAggregate(who);
      expect(moved.counters).toEqual(moved.aggregate);
    }
  }, 120_000);

  it('keep a delete that waited on the counter rows of an import still in flight (no lost decrement)', async () => {
    // The import holds both counter rows of the project (an in-transit item without tracking) until the delete
    // queues behind it; the delete must still subtract its item from both once the import commits.
    const owner = actor();
    const p = await http.project(owner);
    const doomed = await http.post(`/api/projects/${p.id}/items`, owner, { name: 'Doomed', status: 'in-transit' });
    expect(doomed.status).toBe(201);
    let deleting: Promise<{ status: number }> | undefined;
    await t.catalog.db.$transaction(async (tx) => {
      const [{ pid }] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      await tx.$executeRaw`INSERT INTO items (id, project_id, name, status, updated_at) VALUES (gen_random_uuid(), ${p.id}::uuid, 'Arriving', 'in-transit', now())`;
      deleting = http.del(`/api/items/${doomed.body.id}`, owner);
      for (let waited = 0; ; waited += 20) {
        // Asked outside the transaction: inside it, pg_stat_activity is one snapshot that never changes.
        const [{ n }] = await t.catalog.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${pid}::int = ANY(pg_blocking_pids(pid))`;
        if (n > 0) break;
        if (waited > 10_000) throw new Error('the delete never queued behind the import');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }, { timeout: 20_000 });
    expect((await deleting!).status).toBe(204);
    const { counters, aggregate } = await countersAndAggregate(owner);
    expect(aggregate).toMatchObject({ itemsInTransit: 1, itemsWithoutTracking: 1 });
    expect(counters).toEqual(aggregate);
  }, 60_000);

  it('keep every racing import and status change (no lost update on the shared counter row)', async () => {
    const owner = actor();
    const p = await http.project(owner);
    // 6 imports of 50 in-transit rows without tracking, and 20 single adds, all at once into one project.
    const rows = Array.from({ length: 50 }, (_, i) => ({ name: `Race ${i}`, status: 'in-transit' }));
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => http.post(`/api/projects/${p.id}/items/bulk`, owner, { items: rows })),
      ...Array.from({ length: 20 }, () => http.post(`/api/projects/${p.id}/items`, owner, { name: 'Single', status: 'in-transit' })),
    ]);
    expect(results.map((x) => x.status).sort()).toEqual([...Array(6).fill(200), ...Array(20).fill(201)].sort());
    let stats = (await http.get('/api/dashboard/stats', owner)).body;
    expect(stats).toMatchObject({ itemsInTransit: 320, itemsWithoutTracking: 320, receivedThisMonth: 0 });
    // Then every one of them received at once.
    const ids = (await http.get(`/api/items?projectId=${p.id}&limit=1000`, owner)).body.map((i: { id: string }) => i.id);
    // A loaded machine may answer some of 320 writes queued on one project's rows 503 (no connection in
    // time: nothing was done); a client sends those again, as the browser's would.
    const receive = async (id: string) => {
      for (let attempt = 1; ; attempt++) {
        const answer = await http.put(`/api/items/${id}/status`, owner, { status: 'received' });
        if (answer.status !== 503 || attempt === 10) return answer;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const changed = await Promise.all(ids.map(receive));
    const answers = changed.reduce<Record<string, number>>((n, x) => {
      const key = x.status === 200 ? '200' : `${x.status} ${JSON.stringify(x.body)}`;
      return { ...n, [key]: (n[key] ?? 0) + 1 };
    }, {});
    expect(answers).toEqual({ 200: 320 });
    stats = (await http.get('/api/dashboard/stats', owner)).body;
    expect(stats).toMatchObject({ itemsInTransit: 0, itemsWithoutTracking: 0, receivedThisMonth: 320 });
    const { counters, aggregate } = await countersAndAggregate(owner);
    expect(counters).toEqual(aggregate);
  }, 120_000);
});
