import pg from 'pg';
import { testEnv } from '@midway/testing';
import { Prisma } from '../src/data/prisma-client';
import { DELIVERY } from '../src/domain/fees/delivery-fee';
import { INSPECTION } from '../src/domain/fees/inspection-fee';
import { INSTALLATION } from '../src/domain/fees/installation-fee';
import { RECEIVING, receivingEventsSql, receivingFee } from '../src/domain/fees/receiving-fee';
import { STORAGE, storageDays, storageEventsSql, storageFees } from '../src/domain/fees/storage-fee';
import { dayIn } from '../src/domain/calendar';
import { lineTax, lineTaxSql } from '../src/domain/tax';
import { startTestBilling, type Billing } from './billing-harness';

/**
 * Each fee rule and the invoice totals are stated twice: as a pure function (what the unit tests beside them
 * read) and as the SQL that applies them to a set. Here Postgres evaluates the SQL pieces and they must say
 * what the functions say: keys, descriptions (a day as the invoice shows it) and the tax's rounding.
 */
let c: pg.Client;
let billing: Billing | undefined;
beforeAll(async () => {
  // Started for its migrations: the storage rule below runs against copies of billing's tables.
  billing = await startTestBilling();
  c = new pg.Client({ connectionString: testEnv().databaseUrl });
  await c.connect();
}, 180_000);
afterAll(async () => {
  await c?.end();
  await billing?.stop();
});

const value = async (sql: Prisma.Sql): Promise<string> => (await c.query<{ v: string }>({ text: `SELECT (${sql.text})::text AS v`, values: sql.values })).rows[0]!.v;
const text = (v: string) => Prisma.sql`${v}::text`;
const day = (v: string) => Prisma.sql`${v}::date`;

const item = '7b0c1f2e-8d6a-4c33-9a71-2f1f3c1e0a11';
const project = '0e3e2b1c-5a4d-4f6e-8b7a-9c0d1e2f3a4b';
const DAYS = ['2026-01-05', '2026-02-28', '2026-05-01', '2026-09-30', '2026-12-31', '2027-03-09'];

it('the fee rules’ keys and descriptions in SQL are the ones their functions give', async () => {
  for (const d of DAYS) {
    expect(await value(STORAGE.keySql(Prisma.sql`${item}::uuid`, day(d)))).toBe(STORAGE.key(item, d));
    expect(await value(DELIVERY.keySql(Prisma.sql`${project}::uuid`, day(d)))).toBe(DELIVERY.key(project, d));
    expect(await value(DELIVERY.descriptionSql(day(d)))).toBe(DELIVERY.description(d));
  }
  expect(await value(RECEIVING.keySql(Prisma.sql`${item}::uuid`))).toBe(RECEIVING.key(item));
  expect(await value(INSPECTION.keySql(Prisma.sql`${item}::uuid`))).toBe(INSPECTION.key(item));
  expect(await value(INSTALLATION.keySql(Prisma.sql`${item}::uuid`))).toBe(INSTALLATION.key(item));
  const name = 'Sofa “Ünïcödé” — 3\'s';
  expect(await value(RECEIVING.descriptionSql(text(name)))).toBe(RECEIVING.description(name));
  expect(await value(STORAGE.descriptionSql(text(name)))).toBe(STORAGE.description(name));
  expect(await value(INSTALLATION.descriptionSql(text(name)))).toBe(INSTALLATION.description(name));
  expect(await value(INSPECTION.descriptionSql(text(name)))).toBe(INSPECTION.description(name));
  expect(await value(INSPECTION.descriptionSql(Prisma.sql`NULL::text`))).toBe(INSPECTION.description(null));
});

it('the tax Postgres computes for a line is the one lineTax gives, halves and all', async () => {
  const amounts = ['0.00', '0.01', '0.10', '10.10', '10.30', '19.99', '123.45', '999.95', '100000.05', '-10.10'];
  for (const percent of ['5', '7', '8.25', '13', '0.01', '100']) {
    for (const a of amounts) expect(`${a} × ${percent}% = ${await value(lineTaxSql(Prisma.sql`${a}::numeric`, Prisma.sql`${percent}::numeric`))}`).toBe(`${a} × ${percent}% = ${lineTax(a, percent)}`);
  }
});

/** Small seeded PRNG (mulberry32): a failure names its seed and replays exactly. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

it('the storage days Postgres records for every item at once are the ones storageDays gives each item (random custody intervals)', async () => {
  const seed = 20261207;
  const next = prng(seed);
  const tz = 'America/Vancouver';
  const upto = '2026-03-20';
  const items = Array.from({ length: 80 }, (_, n) => {
    const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    // Arrivals over two months (some after upto), at any hour (a UTC instant near midnight is another day in tz).
    const since = Date.parse('2026-02-01T00:00:00Z') + Math.floor(next() * 60 * 24) * 3_600_000;
    // Still held, or left: the same day sometimes, days later at others, some after upto.
    const ended = next() < 0.4 ? null : since + Math.floor(next() * 30 * 24) * 3_600_000;
    const lastRecorded = next() < 0.3 ? `2026-02-${String(1 + Math.floor(next() * 27)).padStart(2, '0')}` : null;
    return { id, projectId: project, name: `Item ${n}`, deleted: next() < 0.1, since: new Date(since).toISOString(), ended: ended === null ? null : new Date(ended).toISOString(), lastRecorded };
  });

  const scratch = `storage_rule_${process.pid}_${Date.now()}`;
  await c.query('BEGIN');
  try {
    await c.query(`CREATE SCHEMA ${scratch}`);
    await c.query(`SET LOCAL search_path TO ${scratch}`);
    for (const table of ['items', 'custody', 'billable_events', 'billing_rates']) await c.query(`CREATE TABLE ${table} (LIKE billing.${table} INCLUDING ALL)`);
    for (const i of items) {
      await c.query(`INSERT INTO items (id, project_id, name, quantity, status, status_at, deleted) VALUES ($1, $2, $3, 1, 'ordered', $4, $5)`, [i.id, i.projectId, i.name, i.since, i.deleted]);
      await c.query(`INSERT INTO custody (item_id, project_id, since, ended_at, ended_by) VALUES ($1, $2, $3, $4, $5)`, [i.id, i.projectId, i.since, i.ended, i.ended ? 'delivered' : null]);
      if (i.lastRecorded) {
        await c.query(`INSERT INTO billable_events (key, project_id, item_id, event_type, event_date, quantity, rate, amount) VALUES ($1, $2, $3, 'storage', $4, 1, 2, 2)`, [STORAGE.key(i.id, i.lastRecorded), i.projectId, i.id, i.lastRecorded]);
      }
    }
    const { before, rows } = storageEventsSql(upto, tz);
    const query = Prisma.sql`WITH ${before} src AS (${rows}) SELECT key, event_date::text AS day, rate::text AS rate FROM src`;
    const recorded = (await c.query<{ key: string; day: string; rate: string }>(query.text, query.values)).rows;

    const expected = items.flatMap((i) => {
      const custody = { sinceDay: dayIn(tz, new Date(i.since)), endDay: i.ended ? dayIn(tz, new Date(i.ended)) : null };
      return storageFees(i, storageDays(custody, i.lastRecorded, upto), () => '2.00').map((f) => ({ key: f.key, day: f.date, rate: f.rate }));
    });
    const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : 1);
    expect({ seed, events: recorded.sort(byKey) }).toEqual({ seed, events: expected.sort(byKey) });
    expect(expected.length).toBeGreaterThan(50);
  } finally {
    await c.query('ROLLBACK');
  }
});

it('the receiving fees Postgres records for a set of items are the ones receivingFee gives each (random arrivals, selections, quantities)', async () => {
  const seed = 20261208;
  const next = prng(seed);
  const tz = 'America/Vancouver';
  const items = Array.from({ length: 60 }, (_, n) => {
    const id = `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
    // Some never arrived (a designer's status is no arrival); arrivals at any hour, so the day in tz varies.
    const since = next() < 0.2 ? null : new Date(Date.parse('2026-02-01T00:00:00Z') + Math.floor(next() * 40 * 24) * 3_600_000).toISOString();
    return { id, projectId: project, name: `Item ${n}`, quantity: 1 + Math.floor(next() * 5), selected: next() < 0.7, deleted: next() < 0.1, since };
  });
  const scratch = `receiving_rule_${process.pid}_${Date.now()}`;
  await c.query('BEGIN');
  try {
    await c.query(`CREATE SCHEMA ${scratch}`);
    await c.query(`SET LOCAL search_path TO ${scratch}`);
    for (const table of ['items', 'custody', 'selected_services', 'billing_rates']) await c.query(`CREATE TABLE ${table} (LIKE billing.${table} INCLUDING ALL)`);
    for (const i of items) {
      await c.query(`INSERT INTO items (id, project_id, name, quantity, status, status_at, deleted) VALUES ($1, $2, $3, $4, 'stored', now(), $5)`, [i.id, i.projectId, i.name, i.quantity, i.deleted]);
      if (i.since) await c.query('INSERT INTO custody (item_id, project_id, since) VALUES ($1, $2, $3)', [i.id, i.projectId, i.since]);
      await c.query(`INSERT INTO selected_services (item_id, type, selected, changed_at) VALUES ($1, 'receiving', $2, now())`, [i.id, i.selected]);
    }
    const query = receivingEventsSql(items.map((i) => i.id), tz);
    const recorded = (await c.query<{ key: string; event_date: string; quantity: number }>(`SELECT key, event_date::text, quantity FROM (${query.text}) x ORDER BY key`, query.values)).rows;
    const expected = items
      .filter((i) => !i.deleted)
      .map((i) => receivingFee(i, i.since ? { sinceDay: dayIn(tz, new Date(i.since)), endDay: null } : null, () => '25.00'))
      .filter((f) => f !== null)
      .map((f) => ({ key: f.key, event_date: f.date, quantity: f.quantity }))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
    expect({ seed, recorded }).toEqual({ seed, recorded: expected });
    expect(expected.length).toBeGreaterThan(20);
  } finally {
    await c.query('ROLLBACK');
  }
});
