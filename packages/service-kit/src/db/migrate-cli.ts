/**
 * Drives Prisma's own WebAssembly schema engine through the pg driver adapter, because Prisma's CLI needs
 * a native engine downloaded from outside the npm registry. It reads and writes the standard
 * `prisma/migrations/<timestamp>_<name>/migration.sql` layout and `_prisma_migrations` table, so
 * `prisma migrate deploy` works unchanged wherever the native engine is available.
 *
 *   node migrate-cli.js deploy            apply pending migrations (the service calls this at start)
 *   node migrate-cli.js dev --name NAME   write a new migration from the schema.prisma diff
 *   node migrate-cli.js drift             exit 2 and print the SQL when migrations != schema.prisma
 *
 * Env: MIGRATE_DATABASE_URL, MIGRATE_SCHEMA, MIGRATE_PRISMA_DIR, and MIGRATE_EXTERNAL_TABLES (comma-separated:
 * tables the kit owns in this schema, which the diff must neither drop nor create).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { assertIdentifier, parseDatabaseUrl, toPgConfig, type DbConfig } from './database-config';

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

/** The engine's introspection selects Postgres's internal `"char"` type, which adapter-pg cannot map; read it as text. */
function patchCharColumns<T>(res: T): T {
  for (const r of ([] as unknown[]).concat(res ?? [])) {
    for (const f of (r as { fields?: { dataTypeID: number }[] }).fields ?? []) if (f.dataTypeID === PG_CHAR_OID) f.dataTypeID = PG_TEXT_OID;
  }
  return res;
}

class CharAwareClient extends pg.Client {
  // pg's query has many overloads (promise and callback); wrap both shapes.
  query(...args: any[]): any {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => last(err, patchCharColumns(res));
      return (super.query as any)(...args);
    }
    const out = (super.query as any)(...args);
    return out && typeof out.then === 'function' ? out.then(patchCharColumns) : out;
  }
}

async function adminQuery(db: DbConfig, sql: string) {
  const client = new pg.Client(toPgConfig(db));
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function migrationFactory(db: DbConfig, schema: string) {
  const adapterFor = (database: string) => {
    const factory = new PrismaPg({ ...toPgConfig({ ...db, database }, { max: 2, searchPath: schema }), Client: CharAwareClient } as pg.PoolConfig, { schema });
    return {
      connect: async () => {
        const adapter = await factory.connect();
        // adapter-pg splits a migration script at every ';', which breaks function bodies (plpgsql
        // triggers) and any ';' in a comment or string. The native engine sends the script whole, in one
        // implicit transaction; do the same.
        const pool = adapter.underlyingDriver() as pg.Pool;
        adapter.executeScript = async (script: string) => {
          try {
            await pool.query(script);
          } catch (err) {
            (adapter as unknown as { onError(e: unknown): never }).onError(err);
          }
        };
        return adapter;
      },
    };
  };
  return {
    provider: 'postgres' as const,
    adapterName: '@prisma/adapter-pg',
    connect: () => adapterFor(db.database).connect(),
    // A throw-away database for diffing migration history. Its pool is closed before the drop,
    // or Postgres refuses to drop a database that still has sessions.
    connectToShadowDb: async () => {
      const shadow = `midway_shadow_${randomUUID().replace(/-/g, '')}`;
      await adminQuery(db, `CREATE DATABASE "${shadow}"`);
      const adapter = await adapterFor(shadow).connect();
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        await adminQuery(db, `DROP DATABASE IF EXISTS "${shadow}"`);
      };
      return adapter;
    },
  };
}

async function loadEngine(schemaFile: string, factory: ReturnType<typeof migrationFactory>) {
  // The package is ESM with a .wasm import node cannot resolve; instantiate the module by hand.
  const bg: any = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm');
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), { './schema_engine_bg.js': bg });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as any).__wbindgen_start();
  const content = fs.readFileSync(schemaFile, 'utf8');
  const log = process.env.MIGRATE_DEBUG ? (l: string) => process.stderr.write(`${l}\n`) : () => undefined;
  const engine = await bg.SchemaEngine.new({ datamodels: [['schema.prisma', content]] }, log, bindMigrationAwareSqlAdapterFactory(factory as any));
  return { engine, files: [{ path: 'schema.prisma', content }] };
}

function readMigrations(migrationsDir: string, schema: string) {
  const dirs = fs.existsSync(migrationsDir)
    ? fs
        .readdirSync(migrationsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(migrationsDir, 'migration_lock.toml');
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : LOCKFILE },
    shadowDbInitScript: `CREATE SCHEMA IF NOT EXISTS "${schema}";`,
    migrationDirectories: dirs.map((name) => {
      const file = path.join(migrationsDir, name, 'migration.sql');
      return {
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: fs.existsSync(file) ? { tag: 'ok', value: fs.readFileSync(file, 'utf8') } : { tag: 'error', value: 'migration.sql is missing' },
        },
      };
    }),
  };
}

const LOCKFILE = '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n';
const externalTables = (process.env.MIGRATE_EXTERNAL_TABLES ?? '').split(',').filter(Boolean);

function timestamp() {
  return new Date().toISOString().replace(/\D/g, '').slice(0, 14);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const databaseUrl = process.env.MIGRATE_DATABASE_URL;
  const schema = assertIdentifier(process.env.MIGRATE_SCHEMA ?? '');
  const prismaDir = path.resolve(process.env.MIGRATE_PRISMA_DIR ?? 'prisma');
  if (!databaseUrl) throw new Error('MIGRATE_DATABASE_URL is not set');
  const db = parseDatabaseUrl(databaseUrl);
  const migrationsDir = path.join(prismaDir, 'migrations');
  const { engine, files } = await loadEngine(path.join(prismaDir, 'schema.prisma'), migrationFactory(db, schema));
  const migrationsList = readMigrations(migrationsDir, schema);
  const filters = { externalTables: externalTables.map((t) => `${schema}.${t}`), externalEnums: [] };

  if (command === 'deploy') {
    const out = await engine.applyMigrations({ migrationsList, filters });
    process.stdout.write(`${JSON.stringify({ applied: out.appliedMigrationNames })}\n`);
    return 0;
  }
  const diff = await engine.diff({
    // With no history yet there is nothing to replay: diff from an empty database.
    from: migrationsList.migrationDirectories.length ? { tag: 'migrations', ...migrationsList } : { tag: 'empty' },
    to: { tag: 'schemaDatamodel', files },
    script: true,
    exitCode: true,
    filters,
  });
  const sql: string = (diff.stdout ?? '').trim();
  const empty = sql === '' || /^-- This is an empty migration\.?$/.test(sql);
  if (command === 'drift') {
    if (empty) return 0;
    process.stdout.write(`${sql}\n`);
    return 2;
  }
  if (command === 'dev') {
    const nameIdx = rest.indexOf('--name');
    const name = (nameIdx >= 0 ? rest[nameIdx + 1] : 'migration')?.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
    if (empty) {
      process.stderr.write('No changes: schema.prisma already matches the migrations.\n');
      return 0;
    }
    const dir = path.join(migrationsDir, `${timestamp()}_${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'migration.sql'), `${sql}\n`);
    const lock = path.join(migrationsDir, 'migration_lock.toml');
    if (!fs.existsSync(lock)) {
      fs.writeFileSync(lock, LOCKFILE);
    }
    process.stderr.write(`Created ${path.relative(process.cwd(), dir)}/migration.sql\n`);
    return 0;
  }
  throw new Error(`Unknown command "${command}". Use deploy, dev --name NAME, or drift.`);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
