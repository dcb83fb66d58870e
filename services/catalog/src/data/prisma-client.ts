import { PrismaPg } from '@prisma/adapter-pg';
import { assertIdentifier, createCopyablePool, parseDatabaseUrl, toPgConfig } from '@midway/service-kit';
import { PrismaClient, Prisma } from '../generated/prisma/client';

export const SCHEMA = 'catalog';
export { Prisma };
export type Db = PrismaClient;
/** A client or a transaction: repositories work on either. */
export type Client = Db | Prisma.TransactionClient;

/** The bulk import COPYs inside its transaction, so the client runs on a pool whose transactions COPY can join. */
export function createDb(databaseUrl: string): Db {
  const pool = createCopyablePool(toPgConfig(parseDatabaseUrl(databaseUrl), { max: 20, searchPath: assertIdentifier(SCHEMA), applicationName: SCHEMA }));
  return new PrismaClient({ adapter: new PrismaPg(pool, { schema: SCHEMA, disposeExternalPool: true }) });
}
