/**
 * SQLSTATEs of a database that is going away or not back yet (PostgreSQL restarting, a failover): the server
 * shutting down (57P01–57P03) and lost or refused connections (class 08).
 */
const UNAVAILABLE_STATES = /^(57P0[123]|08\d{3})$/;
/** Node's words for a connection to the database that could not be made or was cut. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
// Prisma's P2028 covers several transaction faults; only this one means every connection was busy for its whole wait.
const UNAVAILABLE_MESSAGES = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Can't reach database server|Unable to start a transaction in the given time/i;
/** Prisma's codes for the same: cannot reach the server, the server closed the connection, no connection in time. */
const PRISMA_UNAVAILABLE = new Set(['P1001', 'P1002', 'P1017', 'P2024']);

type Cause = { code?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };

/** Whether `err`, or anything it wraps (Prisma's driver-adapter error, causes), satisfies `test`. */
export function someCause(err: unknown, test: (code: string, message: string) => boolean): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift() as Cause | null | undefined;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (test(typeof e.code === 'string' ? e.code : '', typeof e.message === 'string' ? e.message : '')) return true;
    queue.push(e.cause, e.meta?.driverAdapterError);
  }
  return false;
}

/**
 * Whether `err` means the database could not be used just now, rather than that the request was wrong or the
 * code is: answered 503 (retry shortly), never 500. Looks through Prisma's driver-adapter wrapping and causes.
 */
export const isDatabaseUnavailable = (err: unknown): boolean =>
  someCause(err, (code, message) => UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code) || PRISMA_UNAVAILABLE.has(code) || UNAVAILABLE_MESSAGES.test(message));

/**
 * A deadlock (40P01) or serialization failure (40001): Postgres rolled the transaction back so that another
 * could go on; run again, it will most likely succeed.
 */
export const isTransactionConflict = (err: unknown): boolean => someCause(err, (code, message) => code === '40P01' || code === '40001' || /deadlock detected|could not serialize access/i.test(message));
