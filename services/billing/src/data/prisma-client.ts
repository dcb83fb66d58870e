import { createPrismaAdapter } from '@midway/service-kit';
import { PrismaClient, Prisma } from '../generated/prisma/client';

export const SCHEMA = 'billing';
export { Prisma };
export type Db = PrismaClient;
/** A client or a transaction: repositories work on either. */
export type Client = Db | Prisma.TransactionClient;

export function createDb(databaseUrl: string): Db {
  return new PrismaClient({ adapter: createPrismaAdapter(databaseUrl, SCHEMA, 10) });
}
