import { randomUUID } from 'node:crypto';
import { IMPORT_KEY_RETENTION_DAYS } from '@midway/contracts';
import { useCatalog } from './catalog-harness';

/** Import keys (another service's imports of items, answered once per key) are forgotten after the retention. */
const t = useCatalog();

it('housekeeping forgets import keys older than the retention and keeps the recent ones', async () => {
  const project = randomUUID();
  const [old, recent] = [`po-${randomUUID()}`, `po-${randomUUID()}`];
  await t.catalog.db.$executeRaw`
    INSERT INTO import_keys (import_key, project_id, response, created_at) VALUES
      (${old}, ${project}::uuid, '{"items":[]}'::jsonb, now() - make_interval(days => ${IMPORT_KEY_RETENTION_DAYS + 1}::int)),
      (${recent}, ${project}::uuid, '{"items":[]}'::jsonb, now() - make_interval(days => ${IMPORT_KEY_RETENTION_DAYS - 1}::int))`;
  const removed = await t.catalog.housekeeping.runNow('import keys');
  expect(removed['import keys']).toBeGreaterThanOrEqual(1);
  const left = await t.catalog.db.$queryRaw<{ import_key: string }[]>`SELECT import_key FROM import_keys WHERE import_key IN (${old}, ${recent})`;
  expect(left.map((r) => r.import_key)).toEqual([recent]);
});
