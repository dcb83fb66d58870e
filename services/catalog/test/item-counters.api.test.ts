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
// Starting catalog applies its migrations.
useCatalog();

interface Definitions {
  functions: Record<string, string>;
  triggers: Record<string, string>;
}

async function definitionsIn(c: pg.Client, schema: string): Promise<Definitions> {
  // The schema's name is the one thing allowed to differ.
  const neutral = (def: string) => def.split(`${schema}.`).join('<schema>.').split(`'${schema}'`).join("'<schema>'").split(`"${schema}"`).join('"<schema>"');
  const functions = await c.query<{ name: string; def: string }>(
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = $1 AND (p.proname LIKE 'project_item_counts%' OR p.proname = 'item_counter_keys')`,
    [schema],
  );
  const triggers = await c.query<{ name: string; def: string }>(
    `SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid JOIN pg_namespace n ON n.oid = r.relnamespace
     WHERE n.nspname = $1 AND r.relname = 'items' AND t.tgname LIKE 'items_counts%'`,
    [schema],
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
