import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { testEnv } from '@midway/testing';
import { applyKitMigrations, KIT_MIGRATIONS_DIR } from '../src/db/kit-migrations';
import { applyPendingMigrations, runMigrateCli } from '../src/db/migrations';
import { ProjectAccessRepository, type ProjectAccessClient } from '../src/access/project-access.repository';

/**
 * The kit's project-access module against real Postgres: it adopts the `projects`/`project_members` tables
 * logistics and billing created in their own first migrations (rows kept, columns joined), and its
 * repository applies catalog's facts so that an older fact never wins.
 */
const HEADER = `generator client {\n  provider = "prisma-client"\n  output   = "../generated"\n}\n\ndatasource db {\n  provider = "postgresql"\n}\n\n`;
const NOTE_MODEL = `model Note {\n  id   String @id @db.Uuid\n\n  @@map("notes")\n}\n`;
const NOTE_SQL = `CREATE TABLE "notes" (\n    "id" UUID NOT NULL,\n\n    CONSTRAINT "notes_pkey" PRIMARY KEY ("id")\n);\n`;
/** The tables as logistics' first migration made them (billing's had client_name and client_email instead of share_token). */
const LOGISTICS_TABLES = `CREATE TABLE "projects" (
    "id" UUID NOT NULL,
    "name" VARCHAR(255),
    "owner_id" UUID NOT NULL,
    "share_token" VARCHAR(64),
    "facts_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "projects_pkey" PRIMARY KEY ("id")
);
CREATE TABLE "project_members" (
    "project_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" VARCHAR(20) NOT NULL,
    "active" BOOLEAN NOT NULL,
    "changed_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "project_members_pkey" PRIMARY KEY ("project_id","user_id")
);
CREATE INDEX "projects_owner_id_idx" ON "projects"("owner_id");
CREATE INDEX "project_members_user_id_idx" ON "project_members"("user_id");
`;

let admin: Pool;
const pools: Pool[] = [];
const schemas: string[] = [];
beforeAll(() => {
  admin = new Pool({ connectionString: testEnv().databaseUrl, max: 2 });
});
afterAll(async () => {
  for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  await Promise.all(pools.map((p) => p.end()));
  await admin.end();
});

function freshSchema(): string {
  const schema = `access_${randomUUID().slice(0, 8)}`;
  schemas.push(schema);
  return schema;
}

/** The repository over plain pg on `schema` (as a service's Prisma client sees it: search_path set). */
function repoIn(schema: string): ProjectAccessRepository {
  const pool = new Pool({ connectionString: testEnv().databaseUrl, max: 2, options: `-c search_path=${schema}` });
  pools.push(pool);
  const client: ProjectAccessClient = {
    $queryRawUnsafe: async <T>(q: string, ...v: unknown[]) => (await pool.query(q, v)).rows as T,
    $executeRawUnsafe: async (q: string, ...v: unknown[]) => (await pool.query(q, v)).rowCount ?? 0,
  };
  return new ProjectAccessRepository(client);
}

async function applyProjectAccess(schema: string): Promise<string[]> {
  const c = await admin.connect();
  try {
    return await applyKitMigrations(c, schema, undefined, KIT_MIGRATIONS_DIR, ['projectAccess']);
  } finally {
    c.release();
  }
}

async function columnsOf(schema: string) {
  const { rows } = await admin.query(
    `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
     WHERE table_schema = $1 AND table_name IN ('projects', 'project_members') ORDER BY 1, 2`,
    [schema],
  );
  return rows;
}

const designer = (userId = randomUUID()) => ({ userId, role: 'designer' as const });

describe('the kit adopts the project-access tables a service created itself', () => {
  it('keeps every row of an existing table, adds the other service’s columns, and answers from those rows', async () => {
    const schema = freshSchema();
    const [owner, member, removed] = [designer(), designer(), designer()];
    const projectId = randomUUID();
    await admin.query(`CREATE SCHEMA "${schema}"; BEGIN; SET LOCAL search_path TO "${schema}"; ${LOGISTICS_TABLES} COMMIT;`);
    await admin.query(`INSERT INTO "${schema}".projects (id, name, owner_id, share_token, facts_at) VALUES ($1, 'Loft', $2, 'tok', '2026-01-01T00:00:00Z')`, [projectId, owner.userId]);
    await admin.query(
      `INSERT INTO "${schema}".project_members (project_id, user_id, role, active, changed_at) VALUES ($1, $2, 'member', true, '2026-01-01T00:00:00Z'), ($1, $3, 'viewer', false, '2026-01-02T00:00:00Z')`,
      [projectId, member.userId, removed.userId],
    );

    expect(await applyProjectAccess(schema)).toContain('project-access/0001_project_access');

    const repo = repoIn(schema);
    expect(await repo.project(projectId)).toEqual({ id: projectId, name: 'Loft', ownerId: owner.userId, clientName: null, clientEmail: null, shareToken: 'tok' });
    expect(await repo.accessOf(owner, projectId)).toBe('owner');
    expect(await repo.accessOf(member, projectId)).toBe('member');
    expect(await repo.accessOf(removed, projectId)).toBeNull();
    // Applied once: a second start finds nothing to do and changes nothing.
    expect(await applyProjectAccess(schema)).toEqual([]);
    expect((await admin.query(`SELECT count(*)::int AS n FROM "${schema}".project_members`)).rows[0].n).toBe(2);

    // The adopted table has the same shape as one the kit creates in a fresh schema.
    const fresh = freshSchema();
    await applyProjectAccess(fresh);
    expect(await columnsOf(schema)).toEqual(await columnsOf(fresh));
    expect((await columnsOf(fresh)).map((c) => c.column_name)).toEqual(
      expect.arrayContaining(['name', 'owner_id', 'client_name', 'client_email', 'share_token', 'facts_at', 'role', 'active', 'changed_at']),
    );
  });

  it('with projectAccess, the service’s Prisma migrations keep their tables and show no drift without models for them', async () => {
    const dir = fs.mkdtempSync(path.join(testEnv().tmpDir, 'prisma-'));
    fs.writeFileSync(path.join(dir, 'schema.prisma'), `${HEADER}${NOTE_MODEL}`);
    fs.mkdirSync(path.join(dir, 'migrations', '20260101000000_init'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'migrations', '20260101000000_init', 'migration.sql'), `${NOTE_SQL}${LOGISTICS_TABLES}`);
    const schema = freshSchema();
    const target = { databaseUrl: testEnv().databaseUrl, schema, prismaDir: dir, projectAccess: true };

    expect(await runMigrateCli('drift', target)).toEqual({ code: 0, stdout: '', stderr: '' });
    // Without the option the same schema.prisma would drop them: the option is what keeps the rows.
    const unfiltered = await runMigrateCli('drift', { ...target, projectAccess: false });
    expect(unfiltered.code).toBe(2);
    expect(unfiltered.stdout).toMatch(/DROP TABLE "projects"/);

    expect(await applyPendingMigrations(target)).toEqual(expect.arrayContaining(['20260101000000_init', 'kit:project-access/0001_project_access']));
    await repoIn(schema).recordProject({ projectId: randomUUID(), ownerId: randomUUID(), at: '2026-01-01T00:00:00Z', name: 'Loft', clientName: 'Ada', shareToken: 'tok' });
  }, 60_000);
});

describe('the project-access repository', () => {
  let repo: ProjectAccessRepository;
  beforeAll(async () => {
    const schema = freshSchema();
    await applyProjectAccess(schema);
    repo = repoIn(schema);
  });
  const owner = designer();
  const T = (n: number) => `2026-03-01T00:00:0${n}.000Z`;

  it('answers owner, member, viewer, admin; a removed member and an outsider get nothing', async () => {
    const projectId = randomUUID();
    const [member, viewer, removed, outsider] = [designer(), designer(), designer(), designer()];
    await repo.recordProject({ projectId, ownerId: owner.userId, at: T(1), name: 'Loft', clientName: 'Ada', clientEmail: null });
    await repo.setMember(projectId, member.userId, 'member', true, T(1));
    await repo.setMember(projectId, viewer.userId, 'viewer', true, T(1));
    await repo.setMember(projectId, removed.userId, 'member', true, T(1));
    await repo.setMember(projectId, removed.userId, 'member', false, T(2));
    expect(await repo.accessOf(owner, projectId)).toBe('owner');
    expect(await repo.accessOf(member, projectId)).toBe('member');
    expect(await repo.accessOf(viewer, projectId)).toBe('viewer');
    expect(await repo.accessOf({ userId: randomUUID(), role: 'midway_admin' }, projectId)).toBe('admin');
    expect(await repo.accessOf(removed, projectId)).toBeNull();
    expect(await repo.accessOf(outsider, projectId)).toBeNull();
    expect(await repo.accessOf(owner, randomUUID())).toBeNull();
  });

  it('replaceMembers makes the list the members and deactivates those not listed, but an older snapshot does not win', async () => {
    const projectId = randomUUID();
    const [kept, dropped, addedLater, removedLater] = [designer(), designer(), designer(), designer()];
    await repo.recordProject({ projectId, ownerId: owner.userId, at: T(1) });
    await repo.setMember(projectId, kept.userId, 'viewer', true, T(1));
    await repo.setMember(projectId, dropped.userId, 'member', true, T(1));
    await repo.setMember(projectId, addedLater.userId, 'member', true, T(5));
    await repo.setMember(projectId, removedLater.userId, 'member', false, T(5));

    // A snapshot from T3: kept becomes a member, dropped is no longer one; it lists removedLater and not
    // addedLater, but the facts about those two are newer (T5) and stand.
    await repo.replaceMembers(projectId, [{ userId: kept.userId, role: 'member' }, { userId: removedLater.userId, role: 'member' }], T(3));
    expect(await repo.accessOf(kept, projectId)).toBe('member');
    expect(await repo.accessOf(dropped, projectId)).toBeNull();
    expect(await repo.accessOf(addedLater, projectId)).toBe('member');
    expect(await repo.accessOf(removedLater, projectId)).toBeNull();

    // An older "added" redelivered after the snapshot cannot bring dropped back; an empty list removes everyone.
    await repo.setMember(projectId, dropped.userId, 'member', true, T(2));
    expect(await repo.accessOf(dropped, projectId)).toBeNull();
    await repo.replaceMembers(projectId, [], T(6));
    expect(await repo.accessOf(kept, projectId)).toBeNull();
    expect(await repo.accessOf(addedLater, projectId)).toBeNull();
  });

  it('recordProject keeps the newest fields, owner and link; a membership fact first leaves the name to fill in', async () => {
    const projectId = randomUUID();
    const newOwner = designer();
    await repo.recordProject({ projectId, ownerId: owner.userId, at: T(2) });
    expect(await repo.project(projectId)).toMatchObject({ name: null, ownerId: owner.userId });
    // Older, but the first to carry the fields: it fills them in, never the owner.
    await repo.recordProject({ projectId, ownerId: newOwner.userId, at: T(1), name: 'Loft', clientName: 'Ada', clientEmail: 'ada@example.com' });
    expect(await repo.project(projectId)).toMatchObject({ name: 'Loft', clientName: 'Ada', clientEmail: 'ada@example.com', ownerId: owner.userId });
    await repo.recordProject({ projectId, ownerId: owner.userId, at: T(4), name: 'Attic', clientName: 'Bo', clientEmail: null, shareToken: 'tok' });
    // A late, older update and link change nothing; a fact that does not say the fields leaves them.
    await repo.recordProject({ projectId, ownerId: owner.userId, at: T(3), name: 'Loft', clientName: 'Ada', clientEmail: 'ada@example.com', shareToken: 'old' });
    await repo.recordProject({ projectId, ownerId: owner.userId, at: T(5) });
    expect(await repo.project(projectId)).toEqual({ id: projectId, name: 'Attic', ownerId: owner.userId, clientName: 'Bo', clientEmail: null, shareToken: 'tok' });
  });
});
