import path from 'node:path';
import type { Logger } from 'pino';
import { startServiceRuntime } from '@midway/service-kit';
import type { LogisticsConfig } from './config';
import { createDb, SCHEMA } from './data/prisma-client';
import { UnitOfWork } from './data/unit-of-work';
import { ServicesService } from './domain/services.service';
import { consumeCatalogFacts } from './events/catalog.consumer';
import { carrierRoutes } from './routes/carrier.routes';
import { serviceRoutes } from './routes/service.routes';

export const PRISMA_DIR = path.resolve(__dirname, '..', 'prisma');

/** Composition root of the logistics service. */
export async function startLogistics(config: LogisticsConfig, logger: Logger, port = config.LOGISTICS_PORT) {
  const rt = await startServiceRuntime({
    name: SCHEMA,
    databaseUrl: config.DATABASE_URL,
    natsUrl: config.NATS_URL,
    internalTokenPublicKey: config.INTERNAL_TOKEN_PUBLIC_KEY,
    prismaDir: PRISMA_DIR,
    logger,
    createDb,
    consumes: ['catalog'],
  });
  const uow = new UnitOfWork(rt.db, () => rt.relay.nudge());
  const catalog = await consumeCatalogFacts(rt.bus, uow, logger);
  rt.onStop(catalog.stop);

  rt.app.use(serviceRoutes(new ServicesService(uow)));
  rt.app.use(carrierRoutes());

  const running = await rt.listen(port, config.HOST);
  return { ...running, db: rt.db, relay: rt.relay };
}
