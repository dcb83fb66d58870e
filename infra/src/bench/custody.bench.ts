import { Pool } from 'pg';
import type { Platform } from '../platform';
import { percentile, signInAdmin, table } from './bench-support';

const ms = (t0: number) => performance.now() - t0;
/** A Monday far enough ahead that nothing else books it. */
const DATE = '2031-03-10';
const summary = (run: string, xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { run, requests: xs.length, 'p50 ms': percentile(sorted, 50), 'p99 ms': percentile(sorted, 99) };
};

/**
 * Custody (#40) with `items` items in the warehouse's custody over 200 locations, through the gateway as the admin,
 * one request at a time as a scanner sends them:
 * - a put-away scan (POST /api/warehouse/moves: an item to another location, its timeline line and event) beside the
 *   bare SQL update of the item's place (goal p99 ≤ 50 ms);
 * - a run's pick list of 100 items, as JSON and as the PDF (goal ≤ 100 ms);
 * - closing a cycle count of a location holding 500 items, 490 scanned there and 10 found that were recorded
 *   elsewhere, moved there on confirmation (goal ≤ 1 s).
 * The first tenth of each run of requests warms up and is not counted.
 */
export async function benchCustody(platform: Platform, opts: { items: number; scans: number; pickLists: number; counts: number }) {
  const pool = new Pool({ connectionString: platform.databaseUrl, max: 2, options: '-c search_path=logistics' });
  pool.on('error', () => undefined);
  try {
    const t0 = performance.now();
    const projects = Math.max(1, Math.ceil(opts.items / 100));
    await pool.query(
      `INSERT INTO locations (id, code, name, kind, created_at, created_by)
       SELECT gen_random_uuid(), 'BENCH-' || lpad(g::text, 3, '0'), 'Bench bay ' || g, 'bin', now(), gen_random_uuid() FROM generate_series(1, 200) g`,
    );
    await pool.query(
      `WITH p AS (INSERT INTO projects (id, name, owner_id, client_name, facts_at)
                  SELECT gen_random_uuid(), 'Bench custody ' || g, gen_random_uuid(), 'Bench client', now() FROM generate_series(1, $1::int) g RETURNING id),
            l AS (SELECT array_agg(id ORDER BY code) AS ids FROM locations WHERE code LIKE 'BENCH-%')
       INSERT INTO items (id, project_id, name, created_at, status, pieces, pieces_received, custody_state, custody_since, location_id)
       SELECT gen_random_uuid(), p.id, 'Bench armoire ' || g, now(), 'stored', 1, 1, 'stored', now(), l.ids[1 + (abs(hashtext(p.id::text || g)) % 200)]
       FROM p, l, generate_series(1, 100) g`,
      [projects],
    );
    await pool.query('VACUUM ANALYZE items');
    await pool.query('VACUUM ANALYZE locations');
    const held = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM items WHERE custody_state IS NOT NULL`)).rows[0]!.n;
    console.log(`\ncustody: seeded ${held.toLocaleString('en-US')} items in custody over 200 locations in ${(ms(t0) / 1000).toFixed(1)}s`);
    const cookie = await signInAdmin(platform);
    const post = (path: string, body: unknown) => fetch(`${platform.baseUrl}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });

    // Put-away scans: each moves an item to a location it is not at.
    const moves = (
      await pool.query<{ id: string; code: string; locationId: string }>(
        `SELECT i.id, l.code, l.id AS "locationId" FROM (SELECT id, location_id FROM items WHERE name LIKE 'Bench armoire %' ORDER BY random() LIMIT $1) i
         JOIN LATERAL (SELECT id, code FROM locations WHERE code LIKE 'BENCH-%' AND id <> i.location_id ORDER BY random() LIMIT 1) l ON true`,
        [opts.scans * 2],
      )
    ).rows;
    const warmUp = opts.scans / 10;
    const bare: number[] = [];
    for (const [i, m] of moves.slice(opts.scans).entries()) {
      const t = performance.now();
      await pool.query(`UPDATE items SET location_id = $1, custody_state = 'stored' WHERE id = $2`, [m.locationId, m.id]);
      if (i >= warmUp) bare.push(ms(t));
    }
    const scans: number[] = [];
    for (const [i, m] of moves.slice(0, opts.scans).entries()) {
      const t = performance.now();
      const res = await post('/api/warehouse/moves', { itemId: m.id, locationCode: m.code });
      const body = await res.json();
      if (i >= warmUp) scans.push(ms(t));
      if (!res.ok) throw new Error(`put-away scan answered ${res.status}: ${JSON.stringify(body)}`);
    }
    console.log(`\ncustody: put-away scan with ${held.toLocaleString('en-US')} items in custody, one request at a time (goal: p99 ≤ 50 ms)`);
    console.log(table([summary('POST /api/warehouse/moves (gateway → logistics)', scans), summary('bare SQL update of the item’s place', bare)]));

    // A run of one delivery of 100 items spread over the locations.
    const runId = (
      await pool.query<{ runId: string }>(
        `WITH p AS (SELECT project_id FROM items WHERE name LIKE 'Bench armoire %' LIMIT 1),
              d AS (INSERT INTO deliveries (id, project_id, date, "window", address, status, requested_by, photo_keys, created_at, updated_at, run_id, run_stop)
                    SELECT gen_random_uuid(), p.project_id, $1::date, 'any', '1 Bench St', 'scheduled', p.project_id, '{}', now(), now(), gen_random_uuid(), 1 FROM p RETURNING id, run_id, project_id)
         INSERT INTO delivery_items (delivery_id, item_id, open) SELECT d.id, i.id, true FROM d JOIN items i ON i.project_id = d.project_id
         RETURNING (SELECT run_id FROM d) AS "runId"`,
        [DATE],
      )
    ).rows[0]!.runId;
    const pick = async (path: string) => {
      const xs: number[] = [];
      for (let i = 0; i < opts.pickLists; i++) {
        const t = performance.now();
        const res = await fetch(`${platform.baseUrl}${path}`, { headers: { cookie } });
        const bytes = await res.arrayBuffer();
        if (i >= opts.pickLists / 10) xs.push(ms(t));
        if (!res.ok) throw new Error(`${path} answered ${res.status}: ${Buffer.from(bytes).toString()}`);
        if (path.endsWith('pick-list') && (JSON.parse(Buffer.from(bytes).toString()) as { items: unknown[] }).items.length !== 100) throw new Error('the pick list does not have 100 items');
      }
      return xs;
    };
    const json = await pick(`/api/delivery-runs/${runId}/pick-list`);
    const pdf = await pick(`/api/delivery-runs/${runId}/pick-list.pdf`);
    console.log(`\ncustody: a run's pick list of 100 items, one request at a time (goal: ≤ 100 ms)`);
    console.log(table([summary('GET /api/delivery-runs/{id}/pick-list (JSON)', json), summary('GET /api/delivery-runs/{id}/pick-list.pdf (worker thread)', pdf)]));

    // Cycle counts of locations holding 500 items each.
    const closes: number[] = [];
    for (let c = 0; c < opts.counts; c++) {
      const code = `BENCH-COUNT-${c + 1}`;
      const location = (await pool.query<{ id: string }>(`INSERT INTO locations (id, code, name, kind, created_at, created_by) VALUES (gen_random_uuid(), $1, $1, 'bin', now(), gen_random_uuid()) RETURNING id`, [code])).rows[0]!.id;
      await pool.query(
        `UPDATE items SET location_id = $1 WHERE id IN (SELECT id FROM items WHERE name LIKE 'Bench armoire %' AND location_id IN (SELECT id FROM locations WHERE code LIKE 'BENCH-0%') ORDER BY random() LIMIT 500)`,
        [location],
      );
      const started = await post('/api/warehouse/counts', { locationCode: code });
      const count = (await started.json()) as { id: string };
      if (started.status !== 201) throw new Error(`count start answered ${started.status}: ${JSON.stringify(count)}`);
      // 490 of its 500 scanned there, and 10 recorded elsewhere found there.
      await pool.query(
        `INSERT INTO count_scans (count_id, item_id, scanned_at, by_user_id)
         SELECT $1::uuid, id, now(), gen_random_uuid() FROM (SELECT id FROM items WHERE location_id = $2 ORDER BY id LIMIT 490) h
         UNION ALL SELECT $1::uuid, id, now(), gen_random_uuid() FROM (SELECT id FROM items WHERE name LIKE 'Bench armoire %' AND location_id IN (SELECT id FROM locations WHERE code LIKE 'BENCH-0%') LIMIT 10) e`,
        [count.id, location],
      );
      const t = performance.now();
      const res = await post(`/api/warehouse/counts/${count.id}/close`, { confirmMoves: true });
      const report = (await res.json()) as { expected: number; found: number; foundElsewhere: unknown[]; accuracy: number };
      closes.push(ms(t));
      if (!res.ok) throw new Error(`count close answered ${res.status}: ${JSON.stringify(report)}`);
      if (report.expected !== 500 || report.found !== 490 || report.foundElsewhere.length !== 10) throw new Error(`unexpected count report: ${JSON.stringify({ ...report, missing: undefined, foundElsewhere: report.foundElsewhere.length })}`);
    }
    console.log(`\ncustody: closing a cycle count of 500 items (490 found, 10 missing, 10 found elsewhere and moved), ${closes.length} counts (goal: ≤ 1 s)`);
    console.log(table([{ ...summary('POST /api/warehouse/counts/{id}/close {confirmMoves: true}', closes), 'max ms': Math.max(...closes).toFixed(1) }]));
  } finally {
    await pool.end();
  }
}
