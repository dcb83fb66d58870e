import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { testEnv } from '@midway/testing';
import { applyPendingMigrations, runMigrateCli } from '../src/db/migrations';
import { readKitMigrations } from '../src/db/kit-migrations';

/**
 * A service that once created the outbox and inbox in its own Prisma migrations (as identity and catalog
 * did: an init migration, then `outbox_sequence` and `outbox_json_payload`), and the same service after the
 * kit took the tables over: init without them, the two migrations gone, no models for them.
 */
const NOTE_MODEL = `model Note {\n  id   String @id @db.Uuid\n  text String\n\n  @@map("notes")\n}\n`;
const HEADER = `generator client {\n  provider = "prisma-client"\n  output   = "../generated"\n}\n\ndatasource db {\n  provider = "postgresql"\n}\n\n`;
const NOTE_SQL = `-- CreateTable\nCREATE TABLE "notes" (\n    "id" UUID NOT NULL,\n    "text" TEXT NOT NULL,\n\n    CONSTRAINT "notes_pkey" PRIMARY KEY ("id")\n);\n`;
const LEGACY = {
  schema: `${HEADER}${NOTE_MODEL}
model OutboxEvent {
  id          String    @id @db.Uuid
  seq         BigInt    @default(autoincrement())
  type        String
  payload     Json      @db.Json
  occurredAt  DateTime  @map("occurred_at") @db.Timestamptz(6)
  publishedAt DateTime? @map("published_at") @db.Timestamptz(6)
  attempts    Int       @default(0)

  @@index([publishedAt, seq])
  @@map("outbox_events")
}

model InboxEvent {
  id          String   @id @db.Uuid
  type        String
  processedAt DateTime @default(now()) @map("processed_at") @db.Timestamptz(6)

  @@map("inbox_events")
}
`,
  init: `${NOTE_SQL}
CREATE TABLE "outbox_events" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "occurred_at" TIMESTAMPTZ(6) NOT NULL,
    "published_at" TIMESTAMPTZ(6),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);
CREATE TABLE "inbox_events" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "inbox_events_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "outbox_events_published_at_occurred_at_idx" ON "outbox_events"("published_at", "occurred_at");
`,
  sequence: `DROP INDEX "outbox_events_published_at_occurred_at_idx";
ALTER TABLE "outbox_events" ADD COLUMN     "seq" BIGSERIAL NOT NULL;
CREATE INDEX "outbox_events_published_at_seq_idx" ON "outbox_events"("published_at", "seq");
`,
  json: `ALTER TABLE "outbox_events" ALTER COLUMN "payload" SET DATA TYPE JSON USING "payload"::json;
ALTER TABLE "outbox_events" ALTER COLUMN "payload" SET STORAGE EXTERNAL;
`,
};

function prismaDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(testEnv().tmpDir, 'prisma-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const legacyDir = (withJson = true) =>
  prismaDir({
    'schema.prisma': LEGACY.schema,
    'migrations/20260101000000_init/migration.sql': LEGACY.init,
    'migrations/20260101000001_outbox_sequence/migration.sql': LEGACY.sequence,
    ...(withJson ? { 'migrations/20260101000002_outbox_json_payload/migration.sql': LEGACY.json } : {}),
  });
const kitOwnedDir = () => prismaDir({ 'schema.prisma': `${HEADER}${NOTE_MODEL}`, 'migrations/20260101000000_init/migration.sql': NOTE_SQL });

let pool: Pool;
beforeAll(() => {
  pool = new Pool({ connectionString: testEnv().databaseUrl, max: 3 });
});
afterAll(() => pool.end());

const freshSchema = () => `kitmig_${randomUUID().slice(0, 8)}`;
const target = (schema: string, dir: string) => ({ databaseUrl: testEnv().databaseUrl, schema, prismaDir: dir });

/** The kit tables' columns, indexes and storage, with the schema name taken out so two schemas compare. */
async function shapeOf(schema: string) {
  const cols = await pool.query(
    `SELECT table_name, column_name, data_type, is_nullable, replace(column_default, $1, 'S') AS dflt FROM information_schema.columns
     WHERE table_schema = $2 AND table_name IN ('outbox_events', 'inbox_events') ORDER BY 1, 2`,
    [`${schema}.`, schema],
  );
  const idx = await pool.query(`SELECT indexname, replace(indexdef, $1, 'S') AS def FROM pg_indexes WHERE schemaname = $2 AND tablename IN ('outbox_events', 'inbox_events') ORDER BY 1`, [
    schema,
    schema,
  ]);
  const storage = await pool.query(
    `SELECT a.attname, a.attstorage FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relname = 'outbox_events' AND a.attname = 'payload'`,
    [schema],
  );
  return { columns: cols.rows, indexes: idx.rows, storage: storage.rows };
}

describe('the kit owns the outbox and inbox tables', () => {
  it('a fresh schema gets them from the kit migrations, recorded once in kit_migrations', async () => {
    const schema = freshSchema();
    const applied = await applyPendingMigrations(target(schema, kitOwnedDir()));
    const kit = readKitMigrations().map((m) => `kit:${m.name}`);
    expect(applied).toEqual(['20260101000000_init', ...kit]);
    expect(await applyPendingMigrations(target(schema, kitOwnedDir()))).toEqual([]);
    const { rows } = await pool.query(`SELECT name FROM "${schema}".kit_migrations ORDER BY name`);
    expect(rows.map((r) => `kit:${r.name}`)).toEqual(kit);
    const shape = await shapeOf(schema);
    expect(shape.columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
      expect.arrayContaining(['outbox_events.seq', 'outbox_events.payload', 'outbox_events.dead_at', 'inbox_events.processed_at']),
    );
    expect(shape.storage).toEqual([{ attname: 'payload', attstorage: 'e' }]);
  }, 60_000);

  it.each([
    ['after all three legacy migrations', true],
    ['from before the json payload migration', false],
  ])('a database the service migrated itself (%s) starts on the kit-owned files, keeps its rows, and ends the same shape as a fresh one', async (_label, withJson) => {
    const legacy = freshSchema();
    const deployed = await runMigrateCli('deploy', target(legacy, legacyDir(withJson)));
    expect(deployed.code).toBe(0);
    const eventId = randomUUID();
    await pool.query(`INSERT INTO "${legacy}".outbox_events (id, type, payload, occurred_at) VALUES ($1, 't', '{"a":1}', now())`, [eventId]);
    await pool.query(`INSERT INTO "${legacy}".inbox_events (id, type) VALUES ($1, 't')`, [eventId]);

    // The service's init lost the outbox SQL (its checksum changed) and two applied migrations are gone.
    const applied = await applyPendingMigrations(target(legacy, kitOwnedDir()));
    expect(applied).toEqual(readKitMigrations().map((m) => `kit:${m.name}`));
    expect((await pool.query(`SELECT payload::text AS p FROM "${legacy}".outbox_events WHERE id = $1`, [eventId])).rows.map((r) => JSON.parse(r.p))).toEqual([{ a: 1 }]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM "${legacy}".inbox_events WHERE id = $1`, [eventId])).rows[0].n).toBe(1);

    const fresh = freshSchema();
    await applyPendingMigrations(target(fresh, kitOwnedDir()));
    expect(await shapeOf(legacy)).toEqual(await shapeOf(fresh));
    // And the service's own history still matches its schema.prisma (the drift test each service runs).
    expect(await runMigrateCli('drift', target(legacy, kitOwnedDir()))).toEqual({ code: 0, stdout: '', stderr: '' });
  }, 90_000);
});
