import { Pool } from 'pg';
import { fromCents, toCents } from '@midway/contracts/money';
import { durableConsumers, SERVICE_NAMES } from './fault-injector';
import type { Acknowledged, PlannedItem, ServiceType } from './write-stream';

/** The fee table billing is initialised with, in cents. */
const RATE_CENTS = { receiving: 2500n, storage: 200n } as const;

export interface ItemAsStored {
  id: string;
  name: string;
  projectId: string;
  status: string;
  quantity: number;
  price: string | null;
  receivedAt: string | null;
  deliveredAt: string | null;
}

export interface Fee {
  type: string;
  projectId: string;
  cents: bigint;
  /** The fee's date (billing's event_date), which decides its month's invoice. */
  day: string;
}

const dayOf = (iso: string) => iso.slice(0, 10);
const nextDay = (day: string, n = 1) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The billable events billing must hold for what was acknowledged (the fee rules of billing's README section,
 * billing's time zone UTC): receiving per unit when selected at the arrival, storage per day in custody from the
 * arrival's day up to the day before the item left (released to whoever picked it up; or today, recorded at the
 * end). A release is no delivery: installation and delivery are charged only on a delivery's proof, which the
 * stream does not record, so none is expected (billing's and logistics' tests cover them).
 */
export function expectedFees(planned: PlannedItem[], acked: Acknowledged, stored: Map<string, ItemAsStored>, today: string): Map<string, Fee> {
  const fees = new Map<string, Fee>();
  for (const p of planned) {
    const item = stored.get(p.id);
    if (!item || acked.uncertain.has(p.id) || !item.receivedAt) continue;
    const selected = (type: ServiceType) => acked.selected.get(p.services[type]) === true;
    const firstDay = dayOf(item.receivedAt);
    if (selected('receiving')) fees.set(`receiving:${p.id}`, { type: 'receiving', projectId: p.projectId, cents: RATE_CENTS.receiving * BigInt(p.quantity), day: firstDay });
    const lastDay = item.deliveredAt ? nextDay(dayOf(item.deliveredAt), -1) : today;
    for (let d = firstDay; d <= lastDay; d = nextDay(d)) fees.set(`storage:${p.id}:${d}`, { type: 'storage', projectId: p.projectId, cents: RATE_CENTS.storage, day: d });
  }
  return fees;
}

/** Billing's billable events of these projects, by key, with how many rows each key has. */
export async function billableEvents(databaseUrl: string, projectIds: string[]): Promise<Map<string, Omit<Fee, 'day'> & { rows: number }>> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query<{ key: string; event_type: string; project_id: string; amount: string }>(
      'SELECT key, event_type, project_id, amount::text AS amount FROM billing.billable_events WHERE project_id = ANY($1::uuid[])',
      [projectIds],
    );
    const out = new Map<string, Omit<Fee, 'day'> & { rows: number }>();
    for (const r of rows) {
      const seen = out.get(r.key);
      if (seen) seen.rows++;
      else out.set(r.key, { type: r.event_type, projectId: r.project_id, cents: toCents(r.amount), rows: 1 });
    }
    return out;
  } finally {
    await pool.end();
  }
}

/** Differences between the fees expected and billed: missing, extra, billed twice, wrong amount. Empty when exact. */
export function feeDifferences(expected: Map<string, Fee>, billed: Map<string, Omit<Fee, 'day'> & { rows: number }>): string[] {
  const out: string[] = [];
  for (const [key, fee] of expected) {
    const got = billed.get(key);
    if (!got) out.push(`missing ${key} (${fromCents(fee.cents)})`);
    else if (got.rows !== 1) out.push(`${key} billed ${got.rows} times`);
    else if (got.cents !== fee.cents) out.push(`${key} billed ${fromCents(got.cents)}, expected ${fromCents(fee.cents)}`);
  }
  for (const key of billed.keys()) if (!expected.has(key)) out.push(`unexpected ${key}`);
  return out;
}

/** Outbox rows not yet published, and dead-lettered ones, in every service's schema. */
export async function outboxBacklog(databaseUrl: string): Promise<{ unpublished: number; dead: number }> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    let unpublished = 0;
    let dead = 0;
    for (const schema of SERVICE_NAMES) {
      const { rows } = await pool.query<{ u: number; d: number }>(
        `SELECT count(*) FILTER (WHERE published_at IS NULL AND dead_at IS NULL)::int AS u, count(*) FILTER (WHERE dead_at IS NOT NULL)::int AS d FROM "${schema}".outbox_events`,
      );
      unpublished += rows[0]!.u;
      dead += rows[0]!.d;
    }
    return { unpublished, dead };
  } finally {
    await pool.end();
  }
}

/** Inbox ids per service schema: which events each service has processed. */
export async function inboxIds(databaseUrl: string): Promise<Record<string, Set<string>>> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const out: Record<string, Set<string>> = {};
    for (const schema of SERVICE_NAMES) out[schema] = new Set((await pool.query<{ id: string }>(`SELECT id::text FROM "${schema}".inbox_events`)).rows.map((r) => r.id));
    return out;
  } finally {
    await pool.end();
  }
}

/**
 * Waits until nothing is left in flight: every outbox published and every durable consumer of the domain streams
 * caught up. With `eachOnce`, a consumer counts as caught up once it was seen with nothing pending (while the
 * stream still writes, they are rarely all idle at the same moment). Answers the seconds it took.
 */
export async function settle(databaseUrl: string, natsUrl: string, opts: { eachOnce?: boolean; limitMs?: number } = {}): Promise<number> {
  const t0 = Date.now();
  const caughtUp = new Set<string>();
  let waiting = '';
  while (Date.now() - t0 < (opts.limitMs ?? 90_000)) {
    const backlog = opts.eachOnce ? { unpublished: 0 } : await outboxBacklog(databaseUrl).catch(() => ({ unpublished: -1 }));
    const consumers = await durableConsumers(natsUrl).catch(() => null);
    for (const c of consumers ?? []) if (c.pending === 0) caughtUp.add(c.durable);
    const behind = consumers?.find((c) => (opts.eachOnce ? !caughtUp.has(c.durable) : c.pending > 0));
    waiting = backlog.unpublished !== 0 ? `${backlog.unpublished} outbox rows` : !consumers ? 'NATS' : behind ? `consumer ${behind.durable} (${behind.pending} pending)` : '';
    if (!waiting) return (Date.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the platform did not settle within ${(opts.limitMs ?? 90_000) / 1000} s: waiting for ${waiting}`);
}
