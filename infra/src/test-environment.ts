/**
 * Jest global setup: one real PostgreSQL, one NATS JetStream server and one mail sink for the whole run,
 * on free ports in a temporary folder. Their URLs reach the test workers through the environment.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMailSink } from './mail-sink';
import { startNats } from './nats';
import { freePort } from './ports';
import { applyPendingMigrations } from '@midway/service-kit';
import { REPO_ROOT } from './paths';
import { createFreshDatabase, startPostgres } from './postgres';

type Stop = () => Promise<void>;
const g = globalThis as unknown as { __midwayStops?: Stop[]; __midwayTmp?: string };

export async function setup(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'midway-test-'));
  if (process.getuid?.() === 0) fs.chmodSync(tmp, 0o755);
  const [pgPort, natsPort, smtpPort, webPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const [pg, nats, mail] = await Promise.all([
    startPostgres({ dir: path.join(tmp, 'pg'), port: pgPort }),
    startNats({ dir: path.join(tmp, 'nats'), port: natsPort }),
    startMailSink({ smtpPort, webPort }),
  ]);
  process.env.TEST_DATABASE_URL = pg.url;
  process.env.TEST_TEMPLATE_DATABASE = await migratedTemplate(pg.url);
  process.env.TEST_NATS_URL = nats.url;
  process.env.TEST_SMTP_URL = mail.smtpUrl;
  process.env.TEST_MAIL_URL = mail.webUrl;
  process.env.TEST_TMP_DIR = tmp;
  g.__midwayStops = [pg.stop, nats.stop, mail.stop];
  g.__midwayTmp = tmp;
}

export async function teardown(): Promise<void> {
  for (const stop of g.__midwayStops ?? []) await stop().catch(() => undefined);
  if (g.__midwayTmp) fs.rmSync(g.__midwayTmp, { recursive: true, force: true });
}

/** The services whose schemas the template holds, as each migrates itself on start. */
const SCHEMAS = [
  { schema: 'identity', projectAccess: false },
  { schema: 'catalog', projectAccess: false },
  { schema: 'logistics', projectAccess: true },
  { schema: 'billing', projectAccess: true },
];

/**
 * A database with every service's migrations applied, that test files' and journeys' databases are copied from
 * (CREATE DATABASE … TEMPLATE): hundreds of service starts in a run then find their schema up to date instead of
 * each running every migration again. Its name.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const url = await createFreshDatabase(serverUrl, 'template');
  await Promise.all(SCHEMAS.map(({ schema, projectAccess }) => applyPendingMigrations({ databaseUrl: url, schema, projectAccess, prismaDir: path.join(REPO_ROOT, 'services', schema, 'prisma') })));
  return decodeURIComponent(new URL(url).pathname.slice(1));
}
