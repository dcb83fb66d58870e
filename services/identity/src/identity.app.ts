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
import type { IdentityConfig } from './config';
import { createDb, SCHEMA } from './data/prisma-client';
import { UserRepository } from './data/user.repository';
import { SessionRepository } from './data/session.repository';
import { ContactRepository } from './data/contact.repository';
import { AuthService } from './domain/auth.service';
import { ContactService } from './domain/contact.service';
import { ContactMailer } from './mail/contact-mailer';
import { authRoutes } from './routes/auth.routes';
import { contactRoutes } from './routes/contact.routes';

export const PRISMA_DIR = path.resolve(__dirname, '..', 'prisma');

/** Composition root of the identity service: wires data, domain, mail, events and routes, then listens. */
export async function startIdentity(config: IdentityConfig, logger: Logger, port = config.IDENTITY_PORT) {
  await applyPendingMigrations({ databaseUrl: config.DATABASE_URL, schema: SCHEMA, prismaDir: PRISMA_DIR }, logger);
  const db = createDb(config.DATABASE_URL);
  const relayPool = new Pool(toPgConfig(parseDatabaseUrl(config.DATABASE_URL), { max: 2, applicationName: 'identity-relay' }));
  const bus = await connectBus(config.NATS_URL, 'identity', logger);
  await ensureStream(bus.jsm, SCHEMA);
  const relay = new OutboxRelay({ pool: relayPool, schema: SCHEMA, js: bus.js, logger });

  const contacts = new ContactRepository(db);
  const mailer = new ContactMailer(config.SMTP_URL, { to: config.CONTACT_TO, from: config.MAIL_FROM, repo: contacts, logger });
  const auth = new AuthService(new UserRepository(db), new SessionRepository(db), { privateKey: config.SESSION_PRIVATE_KEY, publicKey: config.SESSION_PUBLIC_KEY }, () => relay.nudge());
  const contact = new ContactService(contacts, () => mailer.nudge());

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { created } = await auth.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    logger.info({ email: config.ADMIN_EMAIL, created }, 'admin account ready');
  }

  const app = createApp({ logger });
  mountHealth(app, {
    database: async () => void (await db.$queryRaw`SELECT 1`),
    nats: async () => {
      if (bus.nc.isClosed()) throw new Error('closed');
    },
  });
  app.use(identityMiddleware(config.INTERNAL_TOKEN_PUBLIC_KEY));
  app.use(authRoutes(auth, { authPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE }));
  app.use(contactRoutes(contact, { contactPerMinute: config.RATE_LIMIT_CONTACT_PER_MINUTE }));
  finishApp(app);

  relay.start();
  mailer.start();
  const { server, url, port: actualPort } = await listen(app, port, config.HOST);
  return {
    url,
    port: actualPort,
    db,
    relay,
    mailer,
    auth,
    async stop() {
      await closeServer(server);
      await mailer.stop();
      await relay.stop();
      await bus.close();
      await relayPool.end();
      await db.$disconnect();
    },
  };
}
