import { createPrismaAdapter } from '@midway/service-kit';
import { PrismaClient } from '../generated/prisma/client';

export const SCHEMA = 'identity';
export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export function createDb(databaseUrl: string): Db {
  return new PrismaClient({ adapter: createPrismaAdapter(databaseUrl, SCHEMA) });
}
