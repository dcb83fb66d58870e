import { Pool } from 'pg';
import type { Platform } from '../platform';
import { percentile, signInAdmin, table } from './bench-support';

const ms = (t0: number) => performance.now() - t0;
/** A Monday far enough ahead that nothing else books it. */
const DATE = '2031-03-03';

/**
 * The staff's run proposal for a day of `deliveries` requested deliveries (two items each, over a fifth as many
 * projects, some sharing an address): GET /api/delivery-runs?date= through the gateway as the admin (the day's
 * requests read, grouped by project and address, ordered by window) against the bare SQL read it runs, one
 * request at a time as the Deliveries page asks. The first tenth of each run warms up and is not counted.
 */
export async function benchDeliveries(platform: Platform, opts: { deliveries: number; requests: number }) {
  const pool = new Pool({ connectionString: platform.databaseUrl, max: 2, options: '-c search_path=logistics' });
  pool.on('error', () => undefined);
  try {
    const t0 = performance.now();
    const projects = Math.max(1, Math.ceil(opts.deliveries / 5));
    await pool.query(
      `WITH p AS (INSERT INTO projects (id, name, owner_id, client_name, facts_at)
                  SELECT gen_random_uuid(), 'Bench deliveries ' || g, gen_random_uuid(), 'Bench client', now() FROM generate_series(1, $1::int) g RETURNING id),
            d AS (INSERT INTO deliveries (id, project_id, date, "window", address, status, requested_by, photo_keys, created_at, updated_at)
                  SELECT gen_random_uuid(), p.id, $2::date, (ARRAY['morning', 'afternoon', 'any'])[1 + (g % 3)], (g % 2) || ' Harbour St', 'requested', p.id, '{}', now(), now()
                  FROM p, generate_series(1, 5) g LIMIT $3 RETURNING id, project_id),
            x AS MATERIALIZED (SELECT d.id AS delivery_id, d.project_id, gen_random_uuid() AS item_id, g FROM d, generate_series(1, 2) g),
            i AS (INSERT INTO items (id, project_id, name, created_at, status) SELECT item_id, project_id, 'Bench sofa ' || g, now(), 'stored' FROM x)
       INSERT INTO delivery_items (delivery_id, item_id, open) SELECT delivery_id, item_id, true FROM x`,
      [projects, DATE, opts.deliveries],
    );
    await pool.query('VACUUM ANALYZE deliveries');
    await pool.query('VACUUM ANALYZE delivery_items');
    const seeded = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM deliveries WHERE date = $1 AND status = 'requested'`, [DATE])).rows[0]!.n;
    console.log(`\ndeliveries: seeded ${seeded.toLocaleString('en-US')} requested deliveries for ${DATE} in ${(ms(t0) / 1000).toFixed(1)}s`);

    const warmUp = opts.requests / 10;
    const bare: number[] = [];
    for (let i = 0; i < opts.requests; i++) {
      const t = performance.now();
      await pool.query(
        `SELECT d.id, d.project_id, coalesce(p.name, ''), d.address, d."window", (SELECT count(*)::int FROM delivery_items di WHERE di.delivery_id = d.id)
         FROM deliveries d LEFT JOIN projects p ON p.id = d.project_id WHERE d.date = $1::date AND d.status = 'requested'`,
        [DATE],
      );
      if (i >= warmUp) bare.push(ms(t));
    }

    const cookie = await signInAdmin(platform);
    const desk: number[] = [];
    for (let i = 0; i < opts.requests; i++) {
      const t = performance.now();
      const res = await fetch(`${platform.baseUrl}/api/delivery-runs?date=${DATE}`, { headers: { cookie } });
      const body = (await res.json()) as { stops?: { deliveryIds: string[] }[] };
      if (i >= warmUp) desk.push(ms(t));
      if (!res.ok) throw new Error(`run proposal answered ${res.status}: ${JSON.stringify(body)}`);
      const proposed = body.stops!.reduce((n, s) => n + s.deliveryIds.length, 0);
      if (proposed < seeded) throw new Error(`the proposal has ${proposed} of ${seeded} deliveries`);
    }

    const row = (run: string, xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return { run, requests: xs.length, 'p50 ms': percentile(sorted, 50), 'p99 ms': percentile(sorted, 99) };
    };
    console.log(`\ndeliveries: the run proposal for a day of ${seeded.toLocaleString('en-US')} deliveries, one request at a time (goal: under 200 ms)`);
    console.log(table([row('GET /api/delivery-runs (gateway → logistics)', desk), row('bare SQL read of the day’s requests', bare)]));
  } finally {
    await pool.end();
  }
}

