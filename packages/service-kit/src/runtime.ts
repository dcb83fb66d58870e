import { Pool } from 'pg';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { parseDatabaseUrl, toPgConfig } from './db/database-config';
import { applyPendingMigrations } from './db/migrations';
import { createApp, finishApp } from './http/app-factory';
import { mountHealth } from './http/health';
import { consumerMetrics, createMetrics, outboxMetrics } from './http/metrics';
import { identityMiddleware, type Caller } from './auth/identity-token';
import { ProjectAccessRepository } from './access/project-access.repository';
import { idempotency } from './http/idempotency.middleware';
import { PgIdempotencyStore } from './http/idempotency.store';
import { closeServer, listen } from './lifecycle';
import { connectBus, ensureStream, type Bus } from './nats/connection';
import { OutboxRelay } from './nats/outbox-relay';
import { pruneInbox } from './nats/outbox';
import { Housekeeping } from './db/housekeeping';
import type { baseEnvSchema } from './config';
import type { z } from 'zod';

/** What the runtime reads of a service's config: its database, NATS and the gateway's token key. */
export type RuntimeConfig = Pick<z.infer<typeof baseEnvSchema>, 'DATABASE_URL' | 'NATS_URL' | 'INTERNAL_TOKEN_PUBLIC_KEY'> & Partial<Pick<z.infer<typeof baseEnvSchema>, 'NATS_STREAM_REPLICAS'>>;

export interface ServiceRuntimeOptions<Db extends { $queryRawUnsafe(q: string): Promise<unknown>; $disconnect(): Promise<void> }> {
  /** The service's name: its Postgres schema, NATS subject prefix and stream. */
  name: string;
  /** The service's parsed config: the wiring every service reads (baseEnvSchema) is taken from it. */
  config: RuntimeConfig;
  prismaDir: string;
  logger: Logger;
  createDb(databaseUrl: string): Db;
  /** Streams of other domains this service consumes (they must exist before consumers attach). */
  consumes?: string[];
  bodyLimit?: string;
  /** Paths that get their body as raw bytes (signed webhooks). */
  rawBodyPaths?: string[];
  /**
   * The service keeps the kit's project-access read model: its tables are migrated (and adopted) with the
   * kit's, and left out of the service's Prisma schema. Catalog, which owns projects, does not.
   */
  projectAccess?: boolean;
  /**
   * Whether a caller still reaches these projects, checked before an Idempotency-Key's stored answer is replayed.
   * A service with `projectAccess` gets the kit's read model's answer; catalog, which owns projects, gives its own.
   */
  replayReach?: (caller: Caller, projectIds: readonly string[]) => Promise<boolean>;
}

/**
 * What every service starts the same way: migrations under the advisory lock, the Prisma client, NATS and
 * its stream, the outbox relay, and an app with health checks and caller verification. The service adds
 * its routes and consumers, then calls `listen`; `stop` tears everything down in reverse.
 */
export async function startServiceRuntime<Db extends { $queryRawUnsafe(q: string): Promise<unknown>; $disconnect(): Promise<void> }>(o: ServiceRuntimeOptions<Db>) {
  const { DATABASE_URL: databaseUrl, NATS_URL: natsUrl, INTERNAL_TOKEN_PUBLIC_KEY: internalTokenPublicKey } = o.config;
  await applyPendingMigrations({ databaseUrl, schema: o.name, prismaDir: o.prismaDir, projectAccess: o.projectAccess }, o.logger);
  const db = o.createDb(databaseUrl);
  const relayPool = new Pool(toPgConfig(parseDatabaseUrl(databaseUrl), { max: 2, applicationName: `${o.name}-relay` }));
  // Plain pg for the hottest read-only queries: Prisma's fixed cost per query is as large as a small SELECT.
  const readPool = new Pool(toPgConfig(parseDatabaseUrl(databaseUrl), { max: 10, searchPath: o.name, applicationName: `${o.name}-read` }));
  const streamReplicas = o.config.NATS_STREAM_REPLICAS ?? 1;
  // Postgres restarting drops every connection: a lost one is logged and replaced on next use, never an
  // unhandled 'error' event that would take the whole service down with it.
  const lost = (pool: string) => (err: Error) => o.logger.warn({ err: err.message, pool }, 'database connection lost; the pool reconnects on next use');
  for (const [name, pool] of [['relay', relayPool], ['read', readPool]] as const) {
    pool.on('error', lost(name));
    pool.on('connect', (client) => client.on('error', lost(name)));
  }
  const bus: Bus = await connectBus(natsUrl, o.name, o.logger, { streamReplicas });
  await Promise.all([o.name, ...(o.consumes ?? [])].map((domain) => ensureStream(bus.jsm, domain, streamReplicas)));
  const relay = new OutboxRelay({ pool: relayPool, schema: o.name, js: bus.js, logger: o.logger });
  const housekeeping = new Housekeeping(o.logger);
  housekeeping.add('inbox', 10 * 60_000, () => pruneInbox(relayPool, o.name));
  // Its own few connections: retries waiting on a running request poll here, never starving the relay or reads.
  const keysPool = new Pool(toPgConfig(parseDatabaseUrl(databaseUrl), { max: 4, applicationName: `${o.name}-idempotency` }));
  keysPool.on('error', lost('idempotency'));
  keysPool.on('connect', (client) => client.on('error', lost('idempotency')));
  const idempotencyKeys = new PgIdempotencyStore(keysPool, o.name);
  housekeeping.add('idempotency-keys', 60 * 60_000, () => idempotencyKeys.prune());
  const stops: (() => Promise<void>)[] = [];

  const app: Express = createApp({ logger: o.logger, bodyLimit: o.bodyLimit, rawBodyPaths: o.rawBodyPaths });
  // Prometheus scrapes each service on its own port (never through the gateway, which answers 404 for it).
  const metrics = createMetrics(o.name);
  outboxMetrics(metrics, () => relay.health());
  consumerMetrics(metrics, bus);
  app.use(metrics.middleware);
  app.get('/metrics', metrics.handler);
  mountHealth(
    app,
    {
      database: async () => void (await db.$queryRawUnsafe('SELECT 1')),
      // A round trip to the server: a connection that is reconnecting (NATS restarting) is not ready either.
      nats: async () => {
        if (bus.nc.isClosed()) throw new Error('closed');
        await bus.nc.flush();
      },
    },
    2000,
    // Dead-lettered events need an operator, not a restart: shown, never a reason to stop traffic.
    { outbox: () => relay.health() },
  );
  app.use(identityMiddleware(internalTokenPublicKey));
  // Every service's POSTs, scoped to the verified caller, before any route is mounted.
  const access = o.projectAccess ? new ProjectAccessRepository(db as unknown as ConstructorParameters<typeof ProjectAccessRepository>[0]) : null;
  const reaches = o.replayReach ?? (access ? async (caller: Caller, ids: readonly string[]) => (await Promise.all(ids.map((id) => access.accessOf(caller, id)))).every(Boolean) : undefined);
  app.use(idempotency({ store: idempotencyKeys, logger: o.logger, reaches }));

  return {
    db,
    readPool,
    bus,
    relay,
    /** The service's Prometheus figures: a service adds its own (billing's job runs). */
    metrics,
    /** Scheduled clean-up; the kit prunes the inbox, a service adds its own (identity: expired sessions). */
    housekeeping,
    app,
    /** Something to stop before the relay, NATS and the database close (consumers, mailers). */
    onStop(stop: () => Promise<void>) {
      stops.push(stop);
    },
    async listen(port: number, host: string) {
      finishApp(app);
      relay.start();
      housekeeping.start();
      const { server, url, port: actualPort } = await listen(app, port, host);
      return {
        url,
        port: actualPort,
        async stop() {
          await closeServer(server);
          for (const stop of stops.reverse()) await stop();
          await housekeeping.stop();
          await relay.stop();
          await bus.close();
          await relayPool.end();
          await keysPool.end();
          await readPool.end();
          await db.$disconnect();
        },
      };
    },
  };
}
