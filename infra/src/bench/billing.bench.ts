import { Pool } from 'pg';
import type { Platform } from '../platform';
import { signInAdmin, table } from './bench-support';

const ms = (t0: number) => performance.now() - t0;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Billing's two bulk runs, each through the admin's button (gateway → billing: the job with its rules, running
 * costs, invoice numbers and outbox events) against the bare set-based SQL that writes the same rows:
 * - a day's storage fees for `items` stored items (in `items / 100` projects);
 * - the monthly cycles and invoices of `projects` projects (20 billable events each).
 * Each round writes a fresh set (a day's storage can be recorded once per item; a month invoiced once), bare
 * and job alternating round by round so whatever else the machine does weighs on both; the median round counts.
 */
export async function benchBilling(platform: Platform, opts: { items: number; projects: number; rounds: number }) {
  const pool = new Pool({ connectionString: platform.databaseUrl, max: 2, options: '-c search_path=billing' });
  pool.on('error', () => undefined);
  const cookie = await signInAdmin(platform);
  const post = async (path: string, body?: unknown) => {
    const res = await fetch(`${platform.baseUrl}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
    return JSON.parse(text) as { message: string };
  };
  try {
    await post('/api/billing/initialize');
    const storage = await benchStorage(pool, () => post('/api/billing/storage-fees/record'), opts);
    const invoices = await benchInvoices(pool, (p) => post('/api/billing/cycles/create', p).then(() => post('/api/billing/invoices/generate', p)), opts);
    console.log(`\nbilling (median of ${opts.rounds} rounds; goal: the job within 2× of the bare SQL)`);
    console.log(table([storage, invoices]));
  } finally {
    await pool.end();
  }
}


/**
 * Round r: a set of stored items (hidden — deleted — until its round), in storage for 5 days. The bare SQL writes
 * yesterday's row for each (which is also what the job finds already recorded, as every day after the first);
 * then the job records today for the set: one row per item, the running cost, its event.
 */
async function benchStorage(pool: Pool, record: () => Promise<{ message: string }>, opts: { items: number; rounds: number }) {
  const perProject = 100;
  const t0 = performance.now();
  for (let r = 0; r < opts.rounds; r++) {
    await pool.query(
      `WITH p AS (INSERT INTO projects (id, name, owner_id, client_name, facts_at)
                  SELECT gen_random_uuid(), 'Bench storage ${r}-' || g, gen_random_uuid(), 'Bench client', now() FROM generate_series(1, $1::int) g RETURNING id)
       INSERT INTO items (id, project_id, name, quantity, status, status_at, deleted)
       SELECT gen_random_uuid(), p.id, 'Crate ' || g, 1, 'stored', now() - interval '5 days', true FROM p, generate_series(1, $2::int) g`,
      [Math.ceil(opts.items / perProject), perProject],
    );
  }
  // In the warehouse's custody since five days ago (storage is read from custody, not from a status).
  await pool.query(`INSERT INTO custody (item_id, project_id, since) SELECT id, project_id, status_at FROM items WHERE name LIKE 'Crate %' AND deleted ON CONFLICT DO NOTHING`);
  for (const t of ['items', 'custody', 'billable_events']) await pool.query(`VACUUM ANALYZE ${t}`);
  const sets = (await pool.query<{ ids: string[] }>(`SELECT array_agg(id) AS ids FROM projects WHERE name LIKE 'Bench storage %' GROUP BY split_part(name, '-', 1) ORDER BY split_part(name, '-', 1)`)).rows.map((r) => r.ids);
  console.log(`\nbilling: seeded ${opts.rounds} × ${opts.items.toLocaleString('en-US')} stored items in ${(ms(t0) / 1000).toFixed(1)}s`);

  const bare: number[] = [];
  const job: number[] = [];
  let message = '';
  for (const projects of sets) {
    let t = performance.now();
    const inserted = await pool.query(
      `INSERT INTO billable_events (key, project_id, item_id, event_type, event_date, quantity, rate, amount, description)
       SELECT 'storage:' || i.id || ':' || (current_date - 1), i.project_id, i.id, 'storage', current_date - 1, 1, 2.00, 2.00, 'Storage & Warehousing — ' || i.name
       FROM items i WHERE i.project_id = ANY($1::uuid[]) AND i.status IN ('received', 'stored')`,
      [projects],
    );
    bare.push(ms(t));
    await pool.query('UPDATE items SET deleted = false WHERE project_id = ANY($1::uuid[])', [projects]);
    // Statistics as a real day has them (100,000 items in storage), not as the hidden sets left them.
    await pool.query('ANALYZE items');
    t = performance.now();
    message = (await record()).message;
    job.push(ms(t));
    await pool.query('UPDATE items SET deleted = true WHERE project_id = ANY($1::uuid[])', [projects]);
    const [today] = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM billable_events WHERE project_id = ANY($1::uuid[]) AND event_date = current_date`, [projects])).rows;
    if (today!.n !== inserted.rowCount) throw new Error(`the storage job recorded ${today!.n} item-days for ${inserted.rowCount} stored items (${message})`);
  }
  const [b, j] = [median(bare), median(job)];
  return { run: `a day's storage, ${opts.items.toLocaleString('en-US')} items`, 'bare SQL ms': Math.round(b), 'job ms': Math.round(j), ratio: j / b, rounds: job.map((x, k) => (x / bare[k]!).toFixed(2)).join(' ') };
}

/**
 * Round r: `projects` projects with 20 billable events each in two months of 2024 of their own: the bare SQL
 * invoices the first month (cycles, numbered invoices, events processed, lines grouped by type/item/rate, totals),
 * the buttons (Create cycles, Generate invoices) the second.
 */
async function benchInvoices(pool: Pool, run: (p: { month: number; year: number }) => Promise<{ message: string }>, opts: { projects: number; rounds: number }) {
  const t0 = performance.now();
  const months = Array.from({ length: opts.rounds * 2 }, (_, k) => k + 1);
  await pool.query(
    `WITH p AS (INSERT INTO projects (id, name, owner_id, client_name, client_email, facts_at)
                SELECT gen_random_uuid(), 'Bench invoices ' || g, gen_random_uuid(), 'Bench client', 'client@bench.test', now() FROM generate_series(1, $1::int) g RETURNING id)
     INSERT INTO billable_events (key, project_id, item_id, event_type, event_date, quantity, rate, amount, description)
     SELECT 'bench:' || p.id || ':' || m || ':' || e, p.id, p.id, CASE WHEN e % 4 = 0 THEN 'receiving' ELSE 'storage' END, make_date(2024, m, 1 + e), 1,
            CASE WHEN e % 4 = 0 THEN 25.00 ELSE 2.00 END, CASE WHEN e % 4 = 0 THEN 25.00 ELSE 2.00 END, 'Bench fee'
     FROM p, unnest($2::int[]) AS m, generate_series(1, 20) e`,
    [opts.projects, months],
  );
  for (const t of ['billable_events', 'projects']) await pool.query(`VACUUM ANALYZE ${t}`);
  console.log(`billing: seeded ${opts.projects.toLocaleString('en-US')} projects × 20 events × ${months.length} months in ${(ms(t0) / 1000).toFixed(1)}s`);

  const bare: number[] = [];
  const job: number[] = [];
  for (let r = 0; r < opts.rounds; r++) {
    const [bareMonth, jobMonth] = [2 * r + 1, 2 * r + 2];
    let t = performance.now();
    await bareInvoices(pool, bareMonth);
    bare.push(ms(t));
    t = performance.now();
    const { message } = await run({ month: jobMonth, year: 2024 });
    job.push(ms(t));
    const [n] = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices WHERE billing_period_start = make_date(2024, $1::int, 1) AND total = 2 * 15 + 25 * 5`, [jobMonth])).rows;
    if (n!.n !== opts.projects) throw new Error(`generation made ${n!.n} invoices of 155.00 for ${opts.projects} projects (${message})`);
  }
  const [b, j] = [median(bare), median(job)];
  return { run: `a month's invoices, ${opts.projects.toLocaleString('en-US')} projects`, 'bare SQL ms': Math.round(b), 'job ms': Math.round(j), ratio: j / b, rounds: job.map((x, k) => (x / bare[k]!).toFixed(2)).join(' ') };
}

/** The same rows generation writes, in the fewest plain statements: no locks, no checks, no events. */
async function bareInvoices(pool: Pool, month: number) {
  const c = await pool.connect();
  const start = `make_date(2024, ${month}, 1)`;
  try {
    await c.query('BEGIN');
    await c.query(`INSERT INTO billing_cycles (project_id, billing_month, billing_year, start_date, end_date)
      SELECT DISTINCT project_id, ${month}, 2024, ${start}, (${start} + interval '1 month' - interval '1 day')::date FROM billable_events
      WHERE event_date >= ${start} AND event_date < ${start} + interval '1 month'`);
    await c.query(`INSERT INTO invoices (project_id, billing_cycle_id, seq, invoice_number, client_name, client_email, status, billing_period_start, billing_period_end, due_date, is_auto_generated)
      SELECT x.project_id, x.id, x.seq, 'INV-2024-' || lpad(x.seq::text, 6, '0'), p.client_name, p.client_email, 'sent', x.start_date, x.end_date, current_date + 30, true
      FROM (SELECT c.*, nextval(pg_get_serial_sequence('invoices', 'seq')) AS seq FROM billing_cycles c WHERE c.billing_year = 2024 AND c.billing_month = ${month} OFFSET 0) x
      JOIN projects p ON p.id = x.project_id`);
    await c.query(`UPDATE billable_events e SET processed = true, invoice_id = i.id, billing_cycle_id = i.billing_cycle_id FROM invoices i
      WHERE i.billing_period_start = ${start} AND e.project_id = i.project_id AND e.event_date BETWEEN i.billing_period_start AND i.billing_period_end`);
    await c.query(`INSERT INTO invoice_items (invoice_id, item_id, description, quantity, rate, amount, type)
      SELECT invoice_id, item_id, min(description), sum(quantity), rate, sum(amount), event_type FROM billable_events
      WHERE event_date >= ${start} AND event_date < ${start} + interval '1 month' GROUP BY invoice_id, event_type, item_id, rate`);
    await c.query(`UPDATE invoices i SET subtotal = s.sub, total = s.sub
      FROM (SELECT l.invoice_id, sum(l.amount) AS sub FROM invoice_items l JOIN invoices v ON v.id = l.invoice_id WHERE v.billing_period_start = ${start} GROUP BY 1) s
      WHERE s.invoice_id = i.id`);
    await c.query(`UPDATE billing_cycles c SET invoice_id = i.id, status = 'invoiced' FROM invoices i WHERE i.billing_cycle_id = c.id AND i.billing_period_start = ${start}`);
    await c.query('COMMIT');
  } finally {
    c.release();
  }
}
