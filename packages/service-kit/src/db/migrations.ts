import { spawn } from 'node:child_process';
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
    const result = await runMigrateCli('deploy', target);
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
