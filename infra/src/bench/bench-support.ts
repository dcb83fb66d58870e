import http from 'node:http';
import autocannon from 'autocannon';
import { Pool } from 'pg';
import { connectBus } from '@midway/service-kit';

export interface LoadResult {
  label: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Every 2xx answer's latency in ms, as autocannon timed it: for percentiles over several runs together. */
  latencies: number[];
}

/** One autocannon run; a run with errors or non-2xx answers is reported, not hidden. */
export async function load(label: string, url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url, headers, connections, duration: seconds, pipelining: 1 }, (err, result) => (err ? reject(err) : resolve(result)));
    run.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
  return { label, requestsPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, latencies };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function table(rows: Record<string, string | number>[]): string {
  if (!rows.length) return '';
  const cols = Object.keys(rows[0]!);
  const cell = (v: string | number) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(2)) : v);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c] ?? '').length)));
  const line = (vals: string[]) => vals.map((v, i) => v.padEnd(widths[i]!)).join('  ');
  return [line(cols), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(cols.map((c) => cell(r[c] ?? ''))))].join('\n');
}

/** A new designer for a benchmark: their id and session cookie (name=value). */
/** The platform's admin (staff) signed in: the session cookie. */
export async function signInAdmin(platform: { baseUrl: string; admin: { email: string; password: string } }): Promise<string> {
  const res = await fetch(`${platform.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(platform.admin) });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

export async function signUp(baseUrl: string): Promise<{ userId: string; cookie: string }> {
  const res = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@midway.test`, password: 'bench-password-1', firstName: 'Bench', lastName: 'User' }),
  });
  if (res.status !== 201) throw new Error(`could not register a bench user: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as { id: string };
  return { userId: user.id, cookie: res.headers.getSetCookie()[0]!.split(';')[0]! };
}

/** The answer's size as it travels (fetch would decode it) and its Content-Encoding. */
export function rawSize(url: string, headers: Record<string, string>): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ encoding: String(res.headers['content-encoding'] ?? 'identity'), bytes }));
      })
      .on('error', reject);
  });
}

/** The first of these services' outboxes with events still to publish (a dead event never will be), or null. */
export async function unpublishedOutbox(pool: Pool, schemas: string[]): Promise<string | null> {
  for (const schema of schemas) {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}".outbox_events WHERE published_at IS NULL AND dead_at IS NULL`);
    if (rows[0]!.n > 0) return `${rows[0]!.n} events in ${schema}'s outbox`;
  }
  return null;
}

/**
 * Waits until the platform has nothing left to do from an earlier part of the bench: every service's outbox
 * published, every JetStream consumer caught up (no pending, no unacknowledged message), then VACUUM ANALYZE
 * so autovacuum does not start on the fresh rows during the next measurement. Lighthouse's 10,000-item
 * import and the items part's 50,000 services keep logistics and billing busy for a while; measured on top
 * of that, the items page's p99 was 1.65 s instead of 0.4 s.
 */
export async function settle(databaseUrl: string, natsUrl: string, log: (line: string) => void = console.log): Promise<void> {
  const t0 = performance.now();
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  const bus = await connectBus(natsUrl, 'bench-settle');
  try {
    const { rows } = await pool.query<{ schema: string }>("SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox_events'");
    const schemas = rows.map((r) => r.schema);
    const busy = async (): Promise<string | null> => {
      const outbox = await unpublishedOutbox(pool, schemas);
      if (outbox) return outbox;
      for await (const stream of bus.jsm.streams.list()) {
        for await (const c of bus.jsm.consumers.list(stream.config.name)) {
          if (c.num_pending + c.num_ack_pending > 0) return `${c.num_pending + c.num_ack_pending} messages for ${c.name}`;
        }
      }
      return null;
    };
    let waiting: string | null = null;
    for (let i = 0; i < 1200 && (waiting = await busy()); i++) await new Promise((r) => setTimeout(r, 250));
    await pool.query('VACUUM ANALYZE');
    log(`\nplatform settled in ${((performance.now() - t0) / 1000).toFixed(1)} s${waiting ? ` (gave up waiting: ${waiting})` : ''}`);
  } finally {
    await bus.close();
    await pool.end();
  }
}
