import type { Logger } from 'pino';
import { createDb } from './data/prisma-client';
import { UnitOfWork } from './data/unit-of-work';
import { RepublishService, type RepublishResult } from './domain/republish.service';

/** Composition for the republish command: catalog's database and outbox, no HTTP, no NATS (the relay publishes). */
export async function republishCatalog(databaseUrl: string, logger: Logger, opts: { projectIds?: string[] } = {}): Promise<RepublishResult> {
  const db = createDb(databaseUrl);
  try {
    const started = Date.now();
    const result = await new RepublishService(new UnitOfWork(db)).run(opts);
    logger.debug({ ...result, ms: Date.now() - started }, 'republish written to the outbox');
    return result;
  } finally {
    await db.$disconnect();
  }
}
