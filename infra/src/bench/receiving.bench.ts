import { Pool } from 'pg';
import type { Platform } from '../platform';
import { percentile, table } from './bench-support';

const ms = (t0: number) => performance.now() - t0;
const DIGITS = '0123456789';
const randomDigits = (n: number) => Array.from({ length: n }, () => DIGITS[Math.floor(Math.random() * 10)]).join('');

/**
 * The receiving desk's scan with `items` items across every designer: POST /api/receiving/scan through the
 * gateway as the admin (parse, normalise, the exact and suffix lookups, the names) against the bare SQL lookup
 * it runs, one request at a time as a scanner sends them. Half the codes are a full number in print form
 * (spaces, lower case: an exact match), half its last 10 characters (a suffix match). The first tenth of each
 * run warms up and is not counted.
 */
export async function benchReceiving(platform: Platform, opts: { items: number; requests: number }) {
  const pool = new Pool({ connectionString: platform.databaseUrl, max: 2, options: '-c search_path=logistics' });
  pool.on('error', () => undefined);
  try {
    const t0 = performance.now();
    const projects = Math.max(1, Math.ceil(opts.items / 100));
    await pool.query(
      `WITH u AS (INSERT INTO users (id, email, first_name, last_name, facts_at)
                  SELECT gen_random_uuid(), 'bench.designer.' || g || '@midway.test', 'Bench', 'Designer ' || g, now() FROM generate_series(1, $1::int) g RETURNING id),
            p AS (INSERT INTO projects (id, name, owner_id, client_name, facts_at)
                  SELECT gen_random_uuid(), 'Bench receiving ' || row_number() OVER (), u.id, 'Bench client', now() FROM u RETURNING id)
       INSERT INTO items (id, project_id, name, created_at, tracking_number, status)
       SELECT gen_random_uuid(), p.id, 'Bench crate ' || g, now(), '1Z' || upper(substr(md5(random()::text), 1, 16)), 'in-transit'
       FROM p, generate_series(1, 100) g`,
      [projects],
    );
    await pool.query('VACUUM ANALYZE items');
    await pool.query('VACUUM ANALYZE projects');
    await pool.query('VACUUM ANALYZE users');
    const numbers = (await pool.query<{ n: string }>(`SELECT tracking_number AS n FROM items WHERE name LIKE 'Bench crate %' ORDER BY random() LIMIT $1`, [opts.requests])).rows.map((r) => r.n);
    console.log(`\nreceiving: seeded ${(projects * 100).toLocaleString('en-US')} items in ${(ms(t0) / 1000).toFixed(1)}s`);
    const codes = numbers.map((n, i) => (i % 2 === 0 ? `${n.slice(0, 6).toLowerCase()} ${n.slice(6)}` : n.slice(-10)));

    const bare: number[] = [];
    // The first lookups of a fresh platform plan their queries and warm the caches: measured after a warm-up.
    const warmUp = opts.requests / 10;
    for (const [i, n] of numbers.entries()) {
      const number = i % 2 === 0 ? n : n.slice(-10);
      const reversed = [...number].reverse().join('');
      const after = reversed.slice(0, -1) + String.fromCharCode(reversed.charCodeAt(reversed.length - 1) + 1);
      const t = performance.now();
      await pool.query(
        `WITH found AS (
           (SELECT i.id, 0 AS rank, i.created_at FROM items i WHERE i.tracking_number = $1 LIMIT 50)
           UNION ALL
           (SELECT i.id, 1, i.created_at FROM items i WHERE reverse(i.tracking_number) ~>=~ $2 AND reverse(i.tracking_number) ~<~ $3 AND i.tracking_number <> $1 LIMIT 10))
         SELECT i.id, i.name, i.project_id, p.name, p.client_name, u.first_name, u.last_name, i.status
         FROM found f JOIN items i ON i.id = f.id LEFT JOIN projects p ON p.id = i.project_id LEFT JOIN users u ON u.id = p.owner_id
         ORDER BY f.rank, f.created_at DESC, i.id`,
        [number, reversed, after],
      );
      if (i >= warmUp) bare.push(ms(t));
    }

    const cookie = await signIn(platform);
    const desk: number[] = [];
    let matched = 0;
    for (const [i, code] of codes.entries()) {
      const t = performance.now();
      const res = await fetch(`${platform.baseUrl}/api/receiving/scan`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
      const body = (await res.json()) as { matches?: unknown[] };
      if (i >= warmUp) desk.push(ms(t));
      if (!res.ok) throw new Error(`scan answered ${res.status}: ${JSON.stringify(body)}`);
      if (body.matches?.length) matched++;
    }
    if (matched !== codes.length) throw new Error(`only ${matched} of ${codes.length} scans found their item`);

    const row = (run: string, xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return { run, requests: xs.length, 'p50 ms': percentile(sorted, 50), 'p99 ms': percentile(sorted, 99) };
    };
    console.log(`\nreceiving: scan to matches with ${(projects * 100).toLocaleString('en-US')} items, one request at a time (goal: p99 under 50 ms)`);
    console.log(table([row('POST /api/receiving/scan (gateway → logistics)', desk), row('bare SQL lookup (exact, then suffix)', bare)]));
  } finally {
    await pool.end();
  }
}

async function signIn(platform: Platform): Promise<string> {
  const res = await fetch(`${platform.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(platform.admin) });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}
