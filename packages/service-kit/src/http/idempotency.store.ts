import type { Pool } from 'pg';
import { assertIdentifier } from '../db/database-config';
import type { RawTx } from '../nats/outbox';
import type { HeldIdempotencyKey } from '../request-context';
import {
  IDEMPOTENCY_ABANDONED_MS,
  IDEMPOTENCY_KEY_TTL_MS,
  type IdempotencyClaim,
  type IdempotencyRecord,
  type IdempotencyStore,
  type StoredAnswer,
} from './idempotency.middleware';

const PRUNE_BATCH = 5000;

interface KeyRow {
  fingerprint: string;
  created_at: Date;
  lease: string;
  heartbeat_at: Date | null;
  committed_at: Date | null;
  status: number | null;
  headers: Record<string, string | string[]> | null;
  body: Buffer | null;
  projects: string[] | null;
}

/**
 * The kit's `idempotency_keys` table (packages/service-kit/migrations/0004_idempotency_keys.sql) in a
 * service's schema. Every statement autocommits: the claim must be visible to a racing request before
 * the handler's own transaction begins.
 */
export class PgIdempotencyStore implements IdempotencyStore {
  private readonly table: string;

  constructor(
    private readonly pool: Pick<Pool, 'query'>,
    schema: string,
    private readonly ttlMs = IDEMPOTENCY_KEY_TTL_MS,
    private readonly abandonedMs = IDEMPOTENCY_ABANDONED_MS,
  ) {
    this.table = `"${assertIdentifier(schema)}"."idempotency_keys"`;
  }

  async claim({ caller, key, fingerprint, lease, now }: IdempotencyClaim): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO ${this.table} AS k (caller, key, fingerprint, lease, created_at, heartbeat_at) VALUES ($1, $2, $3, $4::uuid, $5, $5)
       ON CONFLICT (caller, key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, lease = EXCLUDED.lease, created_at = EXCLUDED.created_at, heartbeat_at = EXCLUDED.heartbeat_at,
             status = NULL, headers = NULL, body = NULL, projects = NULL, completed_at = NULL, committed_at = NULL
       WHERE k.created_at <= $5::timestamptz - make_interval(secs => $6::double precision / 1000)
          OR (k.completed_at IS NULL AND k.committed_at IS NULL
              AND coalesce(k.heartbeat_at, k.created_at) <= $5::timestamptz - make_interval(secs => $7::double precision / 1000))`,
      [caller, key, fingerprint, lease, now, this.ttlMs, this.abandonedMs],
    );
    return rowCount === 1;
  }

  async find(caller: string, key: string): Promise<IdempotencyRecord | null> {
    const { rows } = await this.pool.query<KeyRow>(
      `SELECT fingerprint, created_at, lease, heartbeat_at, committed_at, status, headers, body, projects::text[] AS projects FROM ${this.table} WHERE caller = $1 AND key = $2`,
      [caller, key],
    );
    const row = rows[0];
    if (!row) return null;
    const answer: StoredAnswer | null = row.status === null ? null : { status: row.status, headers: row.headers ?? {}, body: row.body ?? Buffer.alloc(0) };
    return {
      fingerprint: row.fingerprint,
      createdAt: row.created_at,
      lease: row.lease,
      heartbeatAt: row.heartbeat_at ?? row.created_at,
      committed: row.committed_at !== null,
      answer,
      projects: row.projects ?? [],
    };
  }

  async refine(caller: string, key: string, lease: string, fingerprint: string): Promise<void> {
    await this.pool.query(`UPDATE ${this.table} SET fingerprint = $4 WHERE caller = $1 AND key = $2 AND lease = $3::uuid AND completed_at IS NULL`, [caller, key, lease, fingerprint]);
  }

  async heartbeat(caller: string, key: string, lease: string, now: Date): Promise<void> {
    await this.pool.query(`UPDATE ${this.table} SET heartbeat_at = $4 WHERE caller = $1 AND key = $2 AND lease = $3::uuid AND completed_at IS NULL`, [caller, key, lease, now]);
  }

  async complete(caller: string, key: string, lease: string, answer: StoredAnswer, projects: readonly string[] = []): Promise<void> {
    await this.pool.query(
      `UPDATE ${this.table} SET status = $4, headers = $5::jsonb, body = $6, projects = $7::uuid[], completed_at = now() WHERE caller = $1 AND key = $2 AND lease = $3::uuid`,
      [caller, key, lease, answer.status, JSON.stringify(answer.headers), answer.body, projects],
    );
  }

  async release(caller: string, key: string, lease: string): Promise<void> {
    await this.pool.query(`DELETE FROM ${this.table} WHERE caller = $1 AND key = $2 AND lease = $3::uuid`, [caller, key, lease]);
  }

  /**
   * In the handler's own transaction: the request holding this key committed its change. Runs with the commit or
   * not at all, so a key whose row says committed had its effect.
   */
  static async markCommitted(tx: RawTx, schema: string, held: HeldIdempotencyKey): Promise<void> {
    await tx.$executeRawUnsafe(
      `UPDATE "${assertIdentifier(schema)}"."idempotency_keys" SET committed_at = now() WHERE caller = $1 AND key = $2 AND lease = $3::uuid AND committed_at IS NULL`,
      held.caller,
      held.key,
      held.lease,
    );
  }

  /** Housekeeping: deletes keys older than the window, a bounded batch at a time. Returns how many. */
  async prune(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const { rowCount } = await this.pool.query(
        `DELETE FROM ${this.table} WHERE ctid IN (SELECT ctid FROM ${this.table} WHERE created_at <= $1::timestamptz - make_interval(secs => $2::double precision / 1000) LIMIT ${PRUNE_BATCH})`,
        [now, this.ttlMs],
      );
      total += rowCount ?? 0;
      if ((rowCount ?? 0) < PRUNE_BATCH) return total;
    }
  }
}
