import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { testEnv } from '@midway/testing';
import { createCopyablePool, joinTransaction, type QueryableTx } from '../src/db/copy-transaction';

const asTx = (c: pg.PoolClient): QueryableTx => ({ $queryRawUnsafe: async (q: string, ...v: unknown[]) => (await c.query(q, v)).rows as never });

/**
 * Counts statements handed to pg while another was still running or waiting on the same connection: what pg
 * warns about ("Calling client.query() when the client is already executing a query") and will refuse in pg 9.
 */
function countOverlaps(): { readonly n: number; restore(): void } {
  const original = pg.Client.prototype.query;
  let n = 0;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const c = this as unknown as { _getActiveQuery(): unknown; _queryQueue: unknown[] };
    if (c._getActiveQuery() || c._queryQueue.length > 0) n++;
    return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  return {
    get n() {
      return n;
    },
    restore: () => spy.mockRestore(),
  };
}

/** A transaction that queues its statements and COPYs without waiting, as a bulk import does; answers the rows in the order stored. */
async function queuedImport(pool: pg.Pool): Promise<string[]> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const conn = await joinTransaction(asTx(c));
    await conn.query('CREATE TEMP TABLE copied (n serial, name text) ON COMMIT DROP');
    const queued = [
      conn.copyFrom(copyFrom('COPY copied (name) FROM STDIN'), ['a\n', 'b\n']),
      conn.query(`INSERT INTO copied (name) VALUES ('c')`),
      c.query(`INSERT INTO copied (name) VALUES ('d')`),
      conn.copyFrom(copyFrom('COPY copied (name) FROM STDIN'), ['e\n']),
      conn.query(`INSERT INTO copied (name) VALUES ('f')`),
    ];
    await Promise.all(queued);
    const { rows } = await c.query<{ name: string }>('SELECT name FROM copied ORDER BY n');
    await c.query('COMMIT');
    return rows.map((r) => r.name);
  } finally {
    c.release();
  }
}

describe('joinTransaction: COPY in a transaction, on its own connection', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = createCopyablePool({ connectionString: testEnv().databaseUrl, max: 3 });
  });
  afterAll(() => pool.end());

  it('copies into the transaction: its rows are seen by the transaction and gone when it rolls back', async () => {
    const table = `copy_join_${process.pid}_${Date.now()}`;
    await pool.query(`CREATE TABLE ${table} (name text)`);
    try {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const conn = await joinTransaction(asTx(c));
        await conn.copyFrom(copyFrom(`COPY ${table} (name) FROM STDIN`), ['tab\\there\n', 'second\n']);
        expect((await c.query(`SELECT name FROM ${table} ORDER BY name`)).rows).toEqual([{ name: 'second' }, { name: 'tab\there' }]);
        // Another connection does not see uncommitted rows: the COPY ran inside the transaction.
        expect((await pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows).toEqual([{ n: 0 }]);
        await c.query('ROLLBACK');
      } finally {
        c.release();
      }
      expect((await pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows).toEqual([{ n: 0 }]);
    } finally {
      await pool.query(`DROP TABLE ${table}`);
    }
  });

  it('sends statements queued without waiting one at a time, in the order they were called', async () => {
    const overlaps = countOverlaps();
    try {
      expect(await queuedImport(pool)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
      expect(overlaps.n).toBe(0);
    } finally {
      overlaps.restore();
    }
  });

  it('a plain pg pool overlaps statements queued that way (so the check above can fail), and its connections cannot be joined', async () => {
    const plain = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 1 });
    const overlaps = countOverlaps();
    try {
      const c = await plain.connect();
      try {
        await c.query('CREATE TEMP TABLE plain (n int)');
        // Two at once: the second waits in pg's queue (three would also print pg's warning).
        await Promise.all([1, 2].map((n) => c.query('INSERT INTO plain VALUES ($1)', [n])));
      } finally {
        c.release();
      }
      expect(overlaps.n).toBeGreaterThan(0);
      await expect(joinTransaction({ $queryRawUnsafe: async () => [{ pid: -1 }] as never })).rejects.toThrow(/no pooled connection/);
    } finally {
      overlaps.restore();
      await plain.end();
    }
  });

  it('goes on with the next statement after one fails, and answers every form pg accepts', async () => {
    const c = await pool.connect();
    try {
      const failed = c.query('SELECT 1/0');
      const next = c.query('SELECT $1::int AS n', [7]);
      await expect(failed).rejects.toThrow(/division by zero/);
      expect((await next).rows).toEqual([{ n: 7 }]);
      const viaCallback = await new Promise((resolve, reject) => c.query('SELECT 2 AS n', (err, res) => (err ? reject(err) : resolve(res.rows))));
      expect(viaCallback).toEqual([{ n: 2 }]);
      expect((await c.query({ text: 'SELECT 3 AS n', rowMode: 'array' })).rows).toEqual([[3]]);
    } finally {
      c.release();
    }
    expect((await pool.query('SELECT 4 AS n')).rows).toEqual([{ n: 4 }]);
  });
});
