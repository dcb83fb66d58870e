import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';

/**
 * COPY inside a Prisma transaction. Prisma gives a transaction no handle on its connection, and pg cannot
 * send COPY through Prisma, yet a bulk write must COPY on the transaction's own connection to commit or roll
 * back with it. A pool made by createCopyablePool remembers its connections by server process id (unique on a
 * server); joinTransaction asks the transaction for its pid and answers that connection.
 *
 * Its connections also send one statement at a time, in call order: the transaction's own statements and
 * the ones sent through the joined connection may be called while another is still running (a bulk import
 * queues its next chunk while Postgres inserts the last one), and pg's own queue for that is deprecated
 * ("Calling client.query() when the client is already executing a query", gone in pg 9). Each statement waits
 * here until the one before it has finished, which is what pg's queue did.
 */

/** The pool's connections by server process id (see above). */
const connectionsByPid = new Map<number, pg.PoolClient>();

type Callback = (err: Error | null, res?: pg.QueryResult) => void;

/** What a query or COPY stream is to pg: sent with submit, told when it is done or failed. */
interface Statement extends pg.Submittable {
  callback?: Callback;
  handleReadyForQuery(connection: unknown): void;
  handleError(err: Error, connection: unknown): void;
}

/** A pg client that sends a statement only once the one before it has finished (see above). */
class OneStatementAtATimeClient extends pg.Client {
  private readonly waiting: Statement[] = [];
  private busy = false;

  // Every form pg accepts (text, config, submittable; callback or promise) becomes one statement in line,
  // built as pg builds it.
  override query(config: unknown, values?: unknown, callback?: unknown): any {
    if (typeof (config as Partial<pg.Submittable> | null)?.submit === 'function') {
      const submittable = config as Statement;
      if (typeof values === 'function') submittable.callback ??= values as Callback;
      this.inLine(submittable);
      return submittable;
    }
    const cb = (typeof values === 'function' ? values : callback) as Callback | undefined;
    // pg's Query takes (config, values, callback); its published types know only (config, callback).
    const Query = pg.Query as unknown as new (config: unknown, values: unknown, callback: Callback | undefined) => Statement;
    const query = new Query(config, typeof values === 'function' ? undefined : values, cb);
    const answer = query.callback ? undefined : new Promise<pg.QueryResult>((resolve, reject) => (query.callback = (err, res) => (err ? reject(err) : resolve(res!))));
    this.inLine(query);
    return answer;
  }

  private inLine(statement: Statement) {
    this.waiting.push(statement);
    this.sendNext();
  }

  private sendNext() {
    if (this.busy) return;
    const statement = this.waiting.shift();
    if (!statement) return;
    this.busy = true;
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      this.busy = false;
      this.sendNext();
    };
    // pg calls one of these when the statement is over: ReadyForQuery, its error, or the connection's.
    const { handleReadyForQuery, handleError } = statement;
    statement.handleReadyForQuery = function (connection) {
      try {
        handleReadyForQuery.call(this, connection);
      } finally {
        finished();
      }
    };
    statement.handleError = function (err, connection) {
      try {
        handleError.call(this, err, connection);
      } finally {
        finished();
      }
    };
    super.query(statement);
  }
}

/** The pool a service's Prisma client runs on when its transactions must be able to COPY (see above). */
export function createCopyablePool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ ...config, Client: OneStatementAtATimeClient });
  const pid = (c: pg.PoolClient) => (c as unknown as { processID: number }).processID;
  pool.on('connect', (c) => connectionsByPid.set(pid(c), c));
  pool.on('remove', (c) => connectionsByPid.delete(pid(c)));
  return pool;
}

/** A transaction as the kit needs it: Prisma's transaction client fits. */
export interface QueryableTx {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/** A COPY … FROM STDIN stream (pg-copy-streams' `from`). */
export type CopyInStream = Writable & pg.Submittable;

/** The connection of a running transaction: what is sent here is part of that transaction. */
export interface TransactionConnection {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** Runs `copy` fed with `rows` (COPY text, in pieces); resolves when Postgres has taken them all. */
  copyFrom(copy: CopyInStream, rows: Iterable<string> | AsyncIterable<string>): Promise<void>;
}

/** The connection `tx` runs on, for COPY and statements of its own within it (see above). */
export async function joinTransaction(tx: QueryableTx): Promise<TransactionConnection> {
  const [row] = await tx.$queryRawUnsafe<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
  const conn = connectionsByPid.get(row!.pid);
  if (!conn) throw new Error(`no pooled connection for backend ${row!.pid}: the transaction's client was not made on createCopyablePool`);
  return {
    query: (text, values) => conn.query(text, values),
    copyFrom: (copy, rows) => pipeline(Readable.from(rows), conn.query(copy)),
  };
}
