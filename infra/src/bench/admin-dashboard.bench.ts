import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { Platform } from '../platform';
import { seedCatalog } from '../seed';
import { percentile, signInAdmin, table } from './bench-support';

const ms = (t0: number) => performance.now() - t0;

/**
 * Every project's dashboard numbers as one bare aggregate over all items: what GET /api/dashboard/stats ran for
 * an admin before the rolled-up counters (about 4 s at 212 projects on the machine), and what they must equal.
 */
const ADMIN_AGGREGATE = `
  SELECT
    (SELECT count(*) FROM projects p WHERE p.status IN ('active', 'in-progress'))::int AS "activeProjects",
    count(*) FILTER (WHERE i.status = 'in-transit')::int AS "itemsInTransit",
    count(*) FILTER (WHERE i.received_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
                       AND i.received_at < (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC')::int AS "receivedThisMonth",
    count(*) FILTER (WHERE coalesce(btrim(i.tracking_number), '') = '' AND i.status IN ('ordered', 'in-transit'))::int AS "itemsWithoutTracking"
  FROM items i`;

async function times(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(3, n); i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(ms(t0));
  }
  return out.sort((a, b) => a - b);
}

/**
 * The admin's dashboard at `projects` projects (100 designers, `itemsPerProject` items each): the stats (goal
 * < 1 s) beside the bare aggregate they replaced, the first page of projects beside the whole list the
 * dashboard used to draw.
 */
export async function benchAdminDashboard(platform: Platform, opts: { projects: number; itemsPerProject: number; calls: number }) {
  const pool = new Pool({ connectionString: platform.databaseUrl, max: 2, options: '-c search_path=catalog' });
  pool.on('error', () => undefined);
  try {
    const t0 = performance.now();
    const owners = 100;
    for (let d = 0; d < owners; d++) await seedCatalog(pool, { ownerId: randomUUID(), projects: Math.ceil(opts.projects / owners), itemsPerProject: opts.itemsPerProject });
    await pool.query('VACUUM ANALYZE catalog.items');
    await pool.query('VACUUM ANALYZE catalog.projects');
    const [{ n: projectCount }] = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM projects')).rows as [{ n: number }];
    console.log(`\nseeded ${projectCount} projects (${opts.itemsPerProject} items each, ${owners} designers) in ${(ms(t0) / 1000).toFixed(1)}s`);

    const headers = { cookie: await signInAdmin(platform) };
    const get = async (path: string) => {
      const r = await fetch(`${platform.baseUrl}${path}`, { headers });
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return r.json() as Promise<unknown>;
    };
    const [bare] = (await pool.query(ADMIN_AGGREGATE)).rows;
    const api = await get('/api/dashboard/stats');
    if (JSON.stringify(bare) !== JSON.stringify(api)) throw new Error(`the admin's counters no longer give the aggregate's numbers (aggregate ${JSON.stringify(bare)}, endpoint ${JSON.stringify(api)})`);
    const page = (await get('/api/dashboard/projects?limit=10&offset=0')) as { total: number; projects: unknown[] };
    if (page.total !== projectCount || page.projects.length !== 10) throw new Error(`the admin's first page says ${page.total} projects, ${page.projects.length} rows`);

    // The plans of what the two endpoints run for an admin (catalog's SQL, written out as in dashboard-sql.ts).
    for (const [what, sql] of [
      ['stats (the roll-up of every project)', `SELECT counter, sum(n)::int FROM dashboard_counts WHERE scope = '00000000-0000-0000-0000-000000000000'::uuid AND counter = ANY(ARRAY['active-projects','in-transit','without-tracking','received:' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')]) GROUP BY counter`],
      ['first page of projects', `WITH page AS (SELECT p.* FROM projects p ORDER BY p.created_at DESC, p.id DESC LIMIT 10 OFFSET 0)
        SELECT p.id, coalesce(c.item_count, 0)::int, coalesce(c.done_count, 0)::int FROM page p
        LEFT JOIN LATERAL (SELECT count(*) AS item_count, count(*) FILTER (WHERE i.status IN ('received', 'delivered')) AS done_count FROM items i WHERE i.project_id = p.id) c ON TRUE
        ORDER BY p.created_at DESC, p.id DESC`],
      ['total of projects', 'SELECT count(*)::int FROM projects p'],
    ] as const) {
      const plan = (await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`)).rows.map((r) => r['QUERY PLAN']);
      console.log(`\nEXPLAIN ANALYZE, admin's ${what}:\n  ${plan.join('\n  ')}`);
    }

    const stats = await times(opts.calls, () => get('/api/dashboard/stats'));
    const aggregate = await times(Math.min(opts.calls, 10), () => pool.query(ADMIN_AGGREGATE));
    const firstPage = await times(opts.calls, () => get('/api/dashboard/projects?limit=10&offset=0'));
    const lastPage = await times(Math.min(opts.calls, 20), () => get(`/api/dashboard/projects?limit=10&offset=${projectCount - 10}`));
    const wholeList = await times(Math.min(opts.calls, 5), () => get('/api/projects'));
    const row = (path: string, t: number[]) => ({ path, calls: t.length, 'p50 ms': percentile(t, 50), 'p99 ms': percentile(t, 99) });
    console.log(`\nAdmin dashboard at ${projectCount} projects (sequential calls through the gateway)\n${table([
      row('GET /api/dashboard/stats (rolled-up counters)', stats),
      row('  before: bare aggregate over every item (SQL only)', aggregate),
      row('GET /api/dashboard/projects, first page of 10', firstPage),
      row('GET /api/dashboard/projects, last page of 10', lastPage),
      row('  before: GET /api/projects, every project', wholeList),
    ])}`);
    console.log(
      `admin dashboard stats at ${projectCount} projects: p50 ${percentile(stats, 50).toFixed(1)} ms, p99 ${percentile(stats, 99).toFixed(1)} ms (goal < 1 s; ` +
        `the aggregate it replaced: p50 ${percentile(aggregate, 50).toFixed(0)} ms); first page of projects p50 ${percentile(firstPage, 50).toFixed(1)} ms, p99 ${percentile(firstPage, 99).toFixed(1)} ms ` +
        `(the whole list: p50 ${percentile(wholeList, 50).toFixed(0)} ms)`,
    );
    return { statsP50: percentile(stats, 50), statsP99: percentile(stats, 99), firstPageP99: percentile(firstPage, 99) };
  } finally {
    await pool.end();
  }
}
