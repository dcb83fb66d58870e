import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { testEnv } from '@midway/testing';
import { useCatalog } from './catalog-harness';

/**
 * src/data/item-counters.sql is where the counters' triggers are read and changed; the migrations that made
 * them are history. Both must say the same: the file, run into an empty schema beside copies of the tables,
 * must give the very functions and triggers that the migrations gave the catalog schema.
 */
const FILE = path.resolve(__dirname, '../src/data/item-counters.sql');
const DASHBOARD_FILE = path.resolve(__dirname, '../src/data/dashboard-counts.sql');
// Starting catalog applies its migrations.
useCatalog();

interface Definitions {
  functions: Record<string, string>;
  triggers: Record<string, string>;
}

/** The item counters (item-counters.sql): functions and their triggers on items. */
const ITEM_COUNTERS = { functions: ['project_item_counts%', 'item_counter_keys'], tables: ['items'], triggers: 'items_counts%' };
/** Their roll-ups per owner and for every project (dashboard-counts.sql): triggers on the counters and on projects. */
const DASHBOARD_COUNTS = { functions: ['dashboard_counts%'], tables: ['project_item_counts', 'projects'], triggers: 'dashboard_counts%' };
type Objects = typeof ITEM_COUNTERS;

async function definitionsIn(c: pg.Client, schema: string, objects: Objects = ITEM_COUNTERS): Promise<Definitions> {
  // The schema's name is the one thing allowed to differ.
  const neutral = (def: string) => def.split(`${schema}.`).join('<schema>.').split(`'${schema}'`).join("'<schema>'").split(`"${schema}"`).join('"<schema>"');
  const functions = await c.query<{ name: string; def: string }>(
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = $1 AND p.proname LIKE ANY($2::text[])`,
    [schema, objects.functions],
  );
  const triggers = await c.query<{ name: string; def: string }>(
    `SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid JOIN pg_namespace n ON n.oid = r.relnamespace
     WHERE n.nspname = $1 AND r.relname = ANY($2::text[]) AND t.tgname LIKE $3`,
    [schema, objects.tables, objects.triggers],
  );
  return {
    functions: Object.fromEntries(functions.rows.map((r) => [r.name, neutral(r.def)])),
    triggers: Object.fromEntries(triggers.rows.map((r) => [r.name, neutral(r.def)])),
  };
}

it('src/data/item-counters.sql defines exactly the counters’ functions and triggers the migrations left in the database', async () => {
  const c = new pg.Client({ connectionString: testEnv().databaseUrl });
  await c.connect();
  try {
    const scratch = `counters_${process.pid}_${Date.now()}`;
    await c.query('BEGIN');
    try {
      // Names read with nothing on the search path, so both schemas' definitions name their objects alike.
      const readable = () => c.query('SET LOCAL search_path TO pg_catalog');
      await readable();
      const migrated = await definitionsIn(c, 'catalog');
      expect(Object.keys(migrated.functions).sort()).toEqual(['item_counter_keys', 'project_item_counts_apply', 'project_item_counts_clear']);
      expect(Object.keys(migrated.triggers).sort()).toEqual(['items_counts_delete', 'items_counts_insert', 'items_counts_truncate', 'items_counts_update']);

      await c.query(`CREATE SCHEMA ${scratch}`);
      await c.query(`SET LOCAL search_path TO ${scratch}`);
      for (const table of ['projects', 'items', 'project_item_counts']) await c.query(`CREATE TABLE ${table} (LIKE catalog.${table} INCLUDING ALL)`);
      await c.query(readFileSync(FILE, 'utf8'));
      await readable();
      expect(await definitionsIn(c, scratch)).toEqual(migrated);
    } finally {
      await c.query('ROLLBACK');
    }
  } finally {
    await c.end();
  }
});

it('src/data/dashboard-counts.sql defines exactly the rolled-up counters’ functions and triggers the migrations left in the database', async () => {
  const c = new pg.Client({ connectionString: testEnv().databaseUrl });
  await c.connect();
  try {
    const scratch = `dashboard_counts_${process.pid}_${Date.now()}`;
    await c.query('BEGIN');
    try {
      const readable = () => c.query('SET LOCAL search_path TO pg_catalog');
      await readable();
      const migrated = await definitionsIn(c, 'catalog', DASHBOARD_COUNTS);
      expect(Object.keys(migrated.functions).sort()).toEqual(['dashboard_counts_add', 'dashboard_counts_clear', 'dashboard_counts_items_apply', 'dashboard_counts_project_deleted', 'dashboard_counts_projects_apply', 'dashboard_counts_slot']);
      expect(Object.keys(migrated.triggers).sort()).toEqual([
        'dashboard_counts_items_delete',
        'dashboard_counts_items_insert',
        'dashboard_counts_items_update',
        'dashboard_counts_project_delete',
        'dashboard_counts_projects_insert',
        'dashboard_counts_projects_update',
        'dashboard_counts_truncate',
      ]);

      await c.query(`CREATE SCHEMA ${scratch}`);
      await c.query(`SET LOCAL search_path TO ${scratch}`);
      for (const table of ['projects', 'project_item_counts', 'dashboard_counts']) await c.query(`CREATE TABLE ${table} (LIKE catalog.${table} INCLUDING ALL)`);
      await c.query(readFileSync(DASHBOARD_FILE, 'utf8'));
      await readable();
      expect(await definitionsIn(c, scratch, DASHBOARD_COUNTS)).toEqual(migrated);
    } finally {
      await c.query('ROLLBACK');
    }
  } finally {
    await c.end();
  }
});
