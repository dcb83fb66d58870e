import { PrismaPg } from '@prisma/adapter-pg';
import { parseDatabaseUrl, toPgConfig, assertIdentifier } from './database-config';

/** The driver adapter every service's generated Prisma client is constructed with. */
export function createPrismaAdapter(databaseUrl: string, schema: string, max = 10): PrismaPg {
  const db = parseDatabaseUrl(databaseUrl);
  return new PrismaPg(toPgConfig(db, { max, searchPath: assertIdentifier(schema), applicationName: schema }), { schema });
}
