import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { assertIdentifier, parseDatabaseUrl, toPgConfig } from './database-config';
import { applyKitMigrations, KIT_MIGRATIONS_DIR, kitModuleTables, type KitModule } from './kit-migrations';

export interface MigrationTarget {
  databaseUrl: string;
  /** Postgres schema the service owns, e.g. `identity`. */
  schema: string;
  /** Folder holding `schema.prisma` and `migrations/`, e.g. `services/identity/prisma`. */
  prismaDir: string;
  /**
   * The service keeps the kit's project-access read model (`projects`, `project_members`): the kit creates
   * and adopts those tables, and the service's Prisma schema has no models for them.
   */
  projectAccess?: boolean;
}

/** The kit modules a target opts into. */
export function kitModulesOf(target: Pick<MigrationTarget, 'projectAccess'>): KitModule[] {
  return target.projectAccess ? ['projectAccess'] : [];
}

const kitRoot = path.resolve(__dirname, '..', '..');
const CLI = path.join(kitRoot, 'dist', 'db', 'migrate-cli.js');

/**
 * Runs the schema engine CLI in a child process: the engine is an ES module with WebAssembly, which
 * CommonJS services (and jest) cannot load in-process.
 */
export function runMigrateCli(command: 'deploy' | 'dev' | 'drift', target: MigrationTarget, extraArgs: string[] = []) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, command, ...extraArgs], {
      env: {
        ...process.env,
        MIGRATE_DATABASE_URL: target.databaseUrl,
        MIGRATE_SCHEMA: target.schema,
        MIGRATE_PRISMA_DIR: target.prismaDir,
        // The kit's modules' tables are outside the service's schema.prisma: its diffs neither drop nor create them.
        MIGRATE_EXTERNAL_TABLES: kitModuleTables(kitModulesOf(target)).join(','),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/**
 * Applies pending migrations at start-up under a Postgres advisory lock, so replicas starting together
 * never race: the second waits, then finds nothing left to apply. The service's Prisma migrations come
 * first, then the kit's own tables (outbox, inbox) and those of the kit modules it uses; both lists of applied names are returned, the kit's
 * prefixed `kit:`.
 */
export async function applyPendingMigrations(target: MigrationTarget, logger?: Logger): Promise<string[]> {
  const schema = assertIdentifier(target.schema);
  const client = new Client(toPgConfig(parseDatabaseUrl(target.databaseUrl)));
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext($1))`, [`midway:migrate:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const started = Date.now();
    // A replica starting on an up-to-date schema (every start but the first after a release) skips the engine.
    const result = (await prismaHistoryComplete(client, schema, target.prismaDir)) ? { code: 0, stdout: '{"applied":[]}', stderr: '' } : await runMigrateCli('deploy', target);
    if (result.code !== 0) {
      throw new Error(`Migrations for schema "${schema}" failed:\n${result.stderr || result.stdout}`);
    }
    // After Prisma's: Prisma refuses to start its history in a schema that already holds tables.
    const kit = (await applyKitMigrations(client, schema, logger, KIT_MIGRATIONS_DIR, kitModulesOf(target))).map((name) => `kit:${name}`);
    const applied = [...(JSON.parse(result.stdout.trim().split('\n').pop() || '{}').applied ?? []), ...kit];
    logger?.info({ schema, applied, ms: Date.now() - started }, applied.length ? 'migrations applied' : 'schema up to date');
    return applied;
  } finally {
    await client.query(`SELECT pg_advisory_unlock(hashtext($1))`, [`midway:migrate:${schema}`]).catch(() => undefined);
    await client.end();
  }
}

/**
 * Whether the schema's Prisma history records every migration folder of `prismaDir` as finished, and none as
 * failed: then `deploy` would apply nothing, and starting the engine (a Node process loading WebAssembly, about
 * a second of CPU) is skipped. A failed or missing one still goes to the engine, which applies or refuses it.
 */
export async function prismaHistoryComplete(client: Client, schema: string, prismaDir: string): Promise<boolean> {
  const dir = path.join(prismaDir, 'migrations');
  if (!fs.existsSync(dir)) return false;
  const folders = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const table = await client.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [`"${assertIdentifier(schema)}"._prisma_migrations`]);
  if (!table.rows[0]?.t) return false;
  const { rows } = await client.query<{ name: string; finished: boolean }>(
    `SELECT migration_name AS name, finished_at IS NOT NULL AS finished FROM "${schema}"._prisma_migrations WHERE rolled_back_at IS NULL`,
  );
  if (rows.some((r) => !r.finished)) return false;
  const applied = new Set(rows.map((r) => r.name));
  return folders.every((f) => applied.has(f));
}
