import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { IMPORT_EVENT_MAX_ITEMS } from '@midway/contracts';
import type { Platform } from '../platform';
import { seedCatalog } from '../seed';
import { load, percentile, rawSize, signUp, table, unpublishedOutbox } from './bench-support';
import { dashboardStatsSqlText } from './dashboard-sql';

const ms = (t0: number) => performance.now() - t0;

/**
 * Times `n` calls of each function, alternating them call by call (after a warm-up of each), so whatever else
 * the machine does meanwhile (autovacuum, a service's GC after the previous load test) weighs on both alike.
 */
async function timeAlternating(n: number, fns: (() => Promise<unknown>)[]): Promise<number[][]> {
  for (let i = 0; i < Math.min(20, n); i++) for (const fn of fns) await fn();
  const out = fns.map(() => [] as number[]);
  for (let i = 0; i < n; i++) {
    for (const [k, fn] of fns.entries()) {
      const t0 = performance.now();
      await fn();
      out[k]!.push(ms(t0));
    }
  }
  return out.map((times) => times.sort((a, b) => a - b));
}

/**
 * Over a seeded database (one designer with `items` items in items/100 projects, plus 10 designers with
 * 1,000 items each): dashboard stats vs its bare SQL, one page of items under load, bulk import vs raw INSERT.
 */
export async function benchCatalog(platform: Platform, opts: { items: number; connections: number; seconds: number; bulkRows: number }) {
  // search_path as the catalog service has it, so its statements run unchanged here.
  const pool = new Pool({ connectionString: platform.databaseUrl, max: 4, options: '-c search_path=catalog' });
  pool.on('error', () => undefined); // the platform may stop first after a failure; its report matters more
  const designer = await signUp(platform.baseUrl);
  const t0 = performance.now();
  const seeded = await seedCatalog(pool, { ownerId: designer.userId, projects: Math.max(1, Math.round(opts.items / 100)), itemsPerProject: 100 });
  for (let d = 0; d < 10; d++) await seedCatalog(pool, { ownerId: randomUUID(), projects: 10, itemsPerProject: 100 });
  // VACUUM too: 110k fresh rows would otherwise set off autovacuum in the middle of the measurements.
  await pool.query('VACUUM ANALYZE catalog.items');
  await pool.query('VACUUM ANALYZE catalog.projects');
  console.log(`\nseeded ${seeded.items} items in ${seeded.projects} projects (+10 designers × 1,000 items) in ${(ms(t0) / 1000).toFixed(1)}s`);
  const headers = { cookie: designer.cookie };

  // 1. Dashboard stats: the endpoint through the gateway (per-project counters) vs the aggregate over every
  // item as bare SQL (what the endpoint ran per request before the counters, and what they must equal).
  const statsSql = dashboardStatsSqlText(designer.userId);
  const statsRes = await fetch(`${platform.baseUrl}/api/dashboard/stats`, { headers });
  const [bareStats] = (await pool.query(statsSql.text, statsSql.values)).rows;
  const apiStats = statsRes.ok ? await statsRes.json() : { status: statsRes.status };
  if (JSON.stringify(bareStats) !== JSON.stringify(apiStats)) {
    throw new Error(`the dashboard's counters no longer give the aggregate's numbers (aggregate ${JSON.stringify(bareStats)}, endpoint ${JSON.stringify(apiStats)})`);
  }
  const [bare, viaApi] = (await timeAlternating(50, [
    () => pool.query(statsSql.text, statsSql.values),
    async () => {
      const r = await fetch(`${platform.baseUrl}/api/dashboard/stats`, { headers });
      if (!r.ok) throw new Error(`stats ${r.status}`);
      await r.json();
    },
  ])) as [number[], number[]];
  const statsRows = [
    { path: 'bare SQL aggregate over the items', 'p50 ms': percentile(bare, 50), 'p99 ms': percentile(bare, 99) },
    { path: 'GET /api/dashboard/stats via gateway (counters)', 'p50 ms': percentile(viaApi, 50), 'p99 ms': percentile(viaApi, 99) },
  ];
  console.log(`\nDashboard stats over ${seeded.items} items (50 sequential calls each, alternating)\n${table(statsRows)}`);
  const statsP50 = percentile(viaApi, 50);
  console.log(`dashboard stats p50: ${statsP50.toFixed(1)} ms (goal ≤ 10 ms; the bare aggregate's p50 ${percentile(bare, 50).toFixed(1)} ms)`);

  // 2. One page (200) of GET /api/items through the gateway at N connections: as a client that accepts no
  // encoding, then as a browser does (the gateway compresses /api JSON on the fly), one after the other.
  const pageUrl = `${platform.baseUrl}/api/items?limit=200`;
  const page = await load('GET /api/items?limit=200 (identity)', pageUrl, headers, opts.connections, opts.seconds);
  const pageBr = await load('same, Accept-Encoding: gzip, deflate, br', pageUrl, { ...headers, 'accept-encoding': 'gzip, deflate, br' }, opts.connections, opts.seconds);
  const plainWire = await rawSize(pageUrl, headers);
  const brWire = await rawSize(pageUrl, { ...headers, 'accept-encoding': 'gzip, deflate, br' });
  console.log(`\nGET /api/items (page of 200) via gateway, ${opts.connections} connections, ${opts.seconds}s each\n${table([
    { path: page.label, 'KB on the wire': plainWire.bytes / 1024, 'req/s': page.requestsPerSec, 'p50 ms': page.p50, 'p99 ms': page.p99, errors: page.errors + page.non2xx },
    { path: pageBr.label, 'KB on the wire': brWire.bytes / 1024, 'req/s': pageBr.requestsPerSec, 'p50 ms': pageBr.p50, 'p99 ms': pageBr.p99, errors: pageBr.errors + pageBr.non2xx },
  ])}`);
  console.log(`items page p99: ${page.p99.toFixed(0)} ms without compression, ${pageBr.p99.toFixed(0)} ms with ${brWire.encoding} (goal ≤ 500 ms; with/without ${(pageBr.p99 / page.p99).toFixed(2)}×)`);

  // 3. Bulk import of N rows vs one raw multi-row INSERT of the same rows: five alternating rounds (this
  // 2-core machine's figures wander by ±30% from one import to the next), each
  // started once the relay has published the previous import's events (they compete for the same CPU).
  const rows = Array.from({ length: opts.bulkRows }, (_, i) => ({ name: `Imported chair ${i}`, supplier: 'Bench Supply Co', quantity: 1 + (i % 3), price: ((i % 500) + 0.99).toFixed(2), scheduleNumber: `S-${i}`, trackingNumber: `1Z${String(i).padStart(16, '0')}` }));
  const newProject = async () => {
    const res = await fetch(`${platform.baseUrl}/api/projects`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bulk bench', clientName: 'Bench', location: 'Vancouver' }) });
    return ((await res.json()) as { id: string }).id;
  };
  // Between rounds only catalog's outbox is waited for (settle's VACUUM is not wanted inside the measurement).
  const quiet = async () => {
    for (let i = 0; i < 600 && (await unpublishedOutbox(pool, ['catalog'])); i++) await new Promise((res) => setTimeout(res, 100));
  };
  // One statement with literal rows: bind parameters would overflow the protocol's 65,535 limit at 10k rows.
  // Like the import, it pays for the items table's indexes, foreign key and counter triggers.
  const lit = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`);
  const ROUNDS = 5;
  const bulkTimes: number[] = [];
  const rawTimes: number[] = [];
  const parseTimes: number[] = [];
  // The request body is serialized before the clock starts, as the INSERT's text is: both clocks time the
  // server's work from the first byte sent to the last byte of its answer. Decoding the 6.8 MB answer is the
  // bench client's own work (40–60 ms here), timed apart and printed beside.
  const body = JSON.stringify({ items: rows });
  for (let round = 0; round < ROUNDS; round++) {
    const bulkProject = await newProject();
    await quiet();
    const tBulk = performance.now();
    const bulk = await fetch(`${platform.baseUrl}/api/projects/${bulkProject}/items/bulk`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
    const answer = await bulk.text();
    bulkTimes.push(ms(tBulk));
    const tParse = performance.now();
    const bulkBody = JSON.parse(answer) as { items?: unknown[] };
    parseTimes.push(ms(tParse));
    if (bulk.status !== 200 || bulkBody.items?.length !== opts.bulkRows) throw new Error(`bulk import failed: ${bulk.status} ${bulkBody.items?.length}`);

    const rawProject = await newProject();
    const tuples = rows.map((r) => `(gen_random_uuid(), '${rawProject}'::uuid, ${lit(r.name)}, ${lit(r.supplier)}, ${r.quantity}, ${r.price}, ${lit(r.scheduleNumber)}, ${lit(r.trackingNumber)}, 'ordered', now(), now())`);
    await quiet();
    const tRaw = performance.now();
    await pool.query(`INSERT INTO items (id, project_id, name, supplier, quantity, price, schedule_number, tracking_number, status, created_at, updated_at) VALUES ${tuples.join(', ')}`);
    rawTimes.push(ms(tRaw));
  }
  const bulkMs = percentile([...bulkTimes].sort((a, b) => a - b), 50);
  const rawMs = percentile([...rawTimes].sort((a, b) => a - b), 50);
  const bulkRatio = rawMs / bulkMs;
  console.log(
    `\nImport of ${opts.bulkRows} rows, to the answer's last byte (median of ${ROUNDS} alternating rounds; each round: ${bulkTimes.map((b, i) => `${b.toFixed(0)}/${rawTimes[i]!.toFixed(0)} ms`).join(', ')}; decoding the answer in the client took another ${percentile([...parseTimes].sort((a, b) => a - b), 50).toFixed(0)} ms, not counted)\n${table([
      { path: 'POST /api/projects/{id}/items/bulk via gateway', ms: bulkMs, 'rows/s': opts.bulkRows / (bulkMs / 1000) },
      { path: 'one raw multi-row INSERT', ms: rawMs, 'rows/s': opts.bulkRows / (rawMs / 1000) },
    ])}`,
  );
  console.log(`bulk import speed relative to raw INSERT: ${bulkRatio.toFixed(2)}× (goal ≥ 1.0×; the import also validates every row, returns every item, writes the activity and announces every item in catalog.items.imported.v1 events of ${IMPORT_EVENT_MAX_ITEMS})`);
  await pool.end();
  return { statsP50, itemsPageP99: page.p99, itemsPageP99Compressed: pageBr.p99, bulkRatio };
}
