/** What the kit's outbox/relay/consumer tests share: a schema with the kit's tables, transactions over pg, an event. */
import { randomUUID } from 'node:crypto';
import { Pool, type PoolClient } from 'pg';
import { testEnv } from '@midway/testing';
import type { RawTx } from '../src/nats/outbox';
import { makeEvent } from '../src/nats/envelope';
import { applyKitMigrations } from '../src/db/kit-migrations';

export const asTx = (c: PoolClient): RawTx => ({ $executeRawUnsafe: async (q, ...v) => (await c.query(q, v)).rowCount ?? 0 });

/** A pool on a fresh schema holding the kit's own outbox and inbox tables, as every service gets them. */
export async function kitSchema(prefix: string, max = 5): Promise<{ schema: string; pool: Pool; drop(): Promise<void> }> {
  const schema = `${prefix}_${randomUUID().slice(0, 8)}`;
  const pool = new Pool({ connectionString: testEnv().databaseUrl, max });
  const c = await pool.connect();
  await applyKitMigrations(c, schema).finally(() => c.release());
  return {
    schema,
    pool,
    drop: async () => {
      await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
      await pool.end();
    },
  };
}

export async function inTx<T>(pool: Pool, fn: (tx: RawTx, c: PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const out = await fn(asTx(c), c);
    await c.query('COMMIT');
    return out;
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  } finally {
    c.release();
  }
}

export function revokedEvent() {
  const now = new Date();
  return makeEvent('identity.session.revoked.v1', {
    sessionId: randomUUID(),
    userId: randomUUID(),
    expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
    revokedAt: now.toISOString(),
  });
}
