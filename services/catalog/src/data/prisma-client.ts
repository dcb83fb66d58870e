import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { assertIdentifier, parseDatabaseUrl, toPgConfig } from '@midway/service-kit';
import { PrismaClient, Prisma } from '../generated/prisma/client';

export const SCHEMA = 'catalog';
export { Prisma };
export type Db = PrismaClient;
/** A client or a transaction: repositories work on either. */
export type Client = Db | Prisma.TransactionClient;

/**
 * The pool's connections by server process id. Prisma gives a transaction no handle on its connection, but
 * COPY (the bulk import) must run on that very connection to be part of the transaction: the transaction
 * asks Postgres for its backend pid and finds the connection here. Pids are unique on a server.
 */
const connectionsByPid = new Map<number, pg.PoolClient>();

export function createDb(databaseUrl: string): Db {
  const pool = new pg.Pool(toPgConfig(parseDatabaseUrl(databaseUrl), { max: 20, searchPath: assertIdentifier(SCHEMA), applicationName: SCHEMA }));
  pool.on('connect', (c) => connectionsByPid.set((c as unknown as { processID: number }).processID, c));
  pool.on('remove', (c) => connectionsByPid.delete((c as unknown as { processID: number }).processID));
  return new PrismaClient({ adapter: new PrismaPg(pool, { schema: SCHEMA, disposeExternalPool: true }) });
}

/** The pg connection a transaction runs on (see connectionsByPid), for what Prisma cannot send, like COPY. */
export async function connectionOf(tx: Client): Promise<pg.PoolClient> {
  const [row] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  const conn = connectionsByPid.get(row!.pid);
  if (!conn) throw new Error(`no pooled connection for backend ${row!.pid}: the client was not made by createDb`);
  return conn;
}
