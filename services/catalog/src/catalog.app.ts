import path from 'node:path';
import { Pool } from 'pg';
import type { Logger } from 'pino';
import {
  applyPendingMigrations,
  closeServer,
  connectBus,
  createApp,
  ensureStream,
  finishApp,
  identityMiddleware,
  listen,
  mountHealth,
  OutboxRelay,
  parseDatabaseUrl,
  toPgConfig,
} from '@midway/service-kit';
import type { CatalogConfig } from './config';
import { createDb, SCHEMA } from './data/prisma-client';
import { UnitOfWork } from './data/unit-of-work';
import { DashboardService } from './domain/dashboard.service';
import { ItemService } from './domain/item.service';
import { ProjectService } from './domain/project.service';
import { consumeIdentityUsers } from './events/identity-users.consumer';
import { dashboardRoutes } from './routes/dashboard.routes';
import { itemRoutes } from './routes/item.routes';
import { projectRoutes, sharedRoutes } from './routes/project.routes';

export const PRISMA_DIR = path.resolve(__dirname, '..', 'prisma');
/** Bulk import bodies may carry thousands of rows. */
const BULK_BODY_LIMIT = '10mb';

/** Composition root of the catalog service. */
export async function startCatalog(config: CatalogConfig, logger: Logger, port = config.CATALOG_PORT) {
  await applyPendingMigrations({ databaseUrl: config.DATABASE_URL, schema: SCHEMA, prismaDir: PRISMA_DIR }, logger);
  const db = createDb(config.DATABASE_URL);
  const relayPool = new Pool(toPgConfig(parseDatabaseUrl(config.DATABASE_URL), { max: 2, applicationName: 'catalog-relay' }));
  const bus = await connectBus(config.NATS_URL, 'catalog', logger);
  await Promise.all([ensureStream(bus.jsm, SCHEMA), ensureStream(bus.jsm, 'identity')]);
  const relay = new OutboxRelay({ pool: relayPool, schema: SCHEMA, js: bus.js, logger });
  const uow = new UnitOfWork(db, () => relay.nudge());
  const users = await consumeIdentityUsers(bus, uow, logger);

  const app = createApp({ logger, bodyLimit: BULK_BODY_LIMIT });
  mountHealth(app, {
    database: async () => void (await db.$queryRaw`SELECT 1`),
    nats: async () => {
      if (bus.nc.isClosed()) throw new Error('closed');
    },
  });
  app.use(identityMiddleware(config.INTERNAL_TOKEN_PUBLIC_KEY));
  const projects = new ProjectService(uow);
  app.use(sharedRoutes(projects));
  app.use(projectRoutes(projects));
  app.use(itemRoutes(new ItemService(uow)));
  app.use(dashboardRoutes(new DashboardService(uow)));
  finishApp(app);

  relay.start();
  const { server, url, port: actualPort } = await listen(app, port, config.HOST);
  return {
    url,
    port: actualPort,
    db,
    relay,
    async stop() {
      await closeServer(server);
      await users.stop();
      await relay.stop();
      await bus.close();
      await relayPool.end();
      await db.$disconnect();
    },
  };
}
