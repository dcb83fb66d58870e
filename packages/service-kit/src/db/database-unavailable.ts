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

/**
 * Whether `err` means the database could not be used just now, rather than that the request was wrong or the
 * code is: answered 503 (retry shortly), never 500. Looks through Prisma's driver-adapter wrapping and causes.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift() as { code?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } } | null | undefined;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code) || PRISMA_UNAVAILABLE.has(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    queue.push(e.cause, e.meta?.driverAdapterError);
  }
  return false;
}
