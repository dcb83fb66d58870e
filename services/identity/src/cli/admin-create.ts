/**
 * `npm run admin:create -- --email E --password P`: creates a midway_admin (or promotes an existing account).
 * Needs DATABASE_URL and NATS_URL; the root script provides the embedded ones when they are not set.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { applyPendingMigrations, createLogger, emailSchemaOrThrow } from './cli-support';
import { createDb, SCHEMA } from '../data/prisma-client';
import { UnitOfWork } from '../data/unit-of-work';
import { AuthService } from '../domain/auth.service';
import { PRISMA_DIR } from '../identity.app';

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  const email = emailSchemaOrThrow(values.email);
  const password = z.string().min(8, { error: '--password must be at least 8 characters' }).parse(values.password ?? '');
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set. Run through `npm run admin:create`, which provides the embedded database.');
  const logger = createLogger('admin-create', 'warn');
  await applyPendingMigrations({ databaseUrl, schema: SCHEMA, prismaDir: PRISMA_DIR }, logger);
  const db = createDb(databaseUrl);
  try {
    // The relay of the running identity service publishes the user event from the outbox.
    const auth = new AuthService(new UnitOfWork(db), { privateKey: '', publicKey: '' });
    const { created } = await auth.ensureAdmin(email, password);
    console.log(created ? `Created admin ${email}` : `Updated ${email}: role midway_admin, password set`);
  } finally {
    await db.$disconnect();
  }
}

main().catch((err) => {
  console.error(err instanceof z.ZodError ? err.issues.map((i) => i.message).join('\n') : err.message);
  process.exit(1);
});
