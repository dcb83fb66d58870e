import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ClientBase } from 'pg';
import type { Logger } from 'pino';
import { assertIdentifier } from './database-config';

/**
 * The kit's own tables (outbox, inbox) in every service's schema, from ordered SQL files in
 * `packages/service-kit/migrations/`. They are not Prisma migrations: the kit owns the relay and the inbox,
 * so one copy of their tables serves every service, applied after the service's Prisma migrations.
 * Each schema records what it applied in `kit_migrations`. The SQL is idempotent (IF NOT EXISTS…), so a
 * database whose service migrations created these tables before the kit owned them is adopted as it is.
 */
export const KIT_MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'migrations');

/**
 * Kit modules a service opts into (catalog owns a `projects` table of its own, so project access cannot be
 * everyone's): each keeps its migrations in a folder of its own, recorded in `kit_migrations` under the
 * folder's name, and names the tables it owns so the service's Prisma migrations leave them alone.
 */
export const KIT_MODULES = {
  projectAccess: { folder: 'project-access', tables: ['projects', 'project_members'] },
} as const;
export type KitModule = keyof typeof KIT_MODULES;

/** The tables the service's own Prisma schema must not own (nor drop) because the kit's modules do. */
export function kitModuleTables(modules: readonly KitModule[]): string[] {
  return modules.flatMap((m) => KIT_MODULES[m].tables);
}

export interface KitMigration {
  name: string;
  sql: string;
  checksum: string;
}

export function readKitMigrations(dir = KIT_MIGRATIONS_DIR, prefix = ''): KitMigration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const sql = fs.readFileSync(path.join(dir, f), 'utf8');
      return { name: `${prefix}${f.replace(/\.sql$/, '')}`, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** The kit's own migrations, then those of each module the service uses (`project-access/0001_…`). */
function kitMigrationsFor(dir: string, modules: readonly KitModule[]): KitMigration[] {
  const own = readKitMigrations(dir);
  const ofModules = modules.flatMap((m) => readKitMigrations(path.join(KIT_MIGRATIONS_DIR, KIT_MODULES[m].folder), `${KIT_MODULES[m].folder}/`));
  return [...own, ...ofModules];
}

/**
 * Applies the kit migrations a schema has not had yet (its own, then those of `modules`), each in its own
 * transaction with its record. The caller holds the schema's migration lock (see applyPendingMigrations).
 */
export async function applyKitMigrations(
  client: ClientBase,
  schemaName: string,
  logger?: Logger,
  dir = KIT_MIGRATIONS_DIR,
  modules: readonly KitModule[] = [],
): Promise<string[]> {
  const schema = assertIdentifier(schemaName);
  await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await client.query(
    `CREATE TABLE IF NOT EXISTS "${schema}".kit_migrations (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
  );
  const { rows } = await client.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM "${schema}".kit_migrations`);
  const done = new Map(rows.map((r) => [r.name, r.checksum]));
  const applied: string[] = [];
  for (const m of kitMigrationsFor(dir, modules)) {
    const seen = done.get(m.name);
    if (seen !== undefined) {
      // Applied migrations are history: an edit is never re-run, only reported (as Prisma's deploy does).
      if (seen !== m.checksum) logger?.warn({ schema, migration: m.name }, 'kit migration changed after it was applied; not re-run');
      continue;
    }
    await client.query('BEGIN');
    try {
      await client.query(`SET LOCAL search_path TO "${schema}"`);
      await client.query(m.sql);
      await client.query(`INSERT INTO "${schema}".kit_migrations (name, checksum) VALUES ($1, $2)`, [m.name, m.checksum]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw new Error(`Kit migration ${m.name} failed in schema "${schema}": ${(err as Error).message}`);
    }
    applied.push(m.name);
  }
  return applied;
}
