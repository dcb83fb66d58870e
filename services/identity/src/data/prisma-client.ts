import { createPrismaAdapter } from '@midway/service-kit';
import { PrismaClient, Prisma } from '../generated/prisma/client';

export const SCHEMA = 'identity';
export type Db = PrismaClient;
export type Tx = Prisma.TransactionClient;
/** A client or a transaction: repositories work on either. */
export type Client = Db | Tx;

export function createDb(databaseUrl: string): Db {
  return new PrismaClient({ adapter: createPrismaAdapter(databaseUrl, SCHEMA) });
}
