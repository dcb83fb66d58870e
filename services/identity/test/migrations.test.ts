import fs from 'node:fs';
import path from 'node:path';
import { runMigrateCli } from '@midway/service-kit';
import { testEnv } from '@midway/testing';
import { PRISMA_DIR } from '../src/identity.app';

describe('identity migrations', () => {
  it('the committed migrations produce exactly the schema in schema.prisma (no drift)', async () => {
    const result = await runMigrateCli('drift', { databaseUrl: testEnv().databaseUrl, schema: 'identity', prismaDir: PRISMA_DIR });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  }, 60_000);

  it('the drift check notices a model change that has no migration', async () => {
    const dir = path.join(testEnv().tmpDir, `identity-drift-${Date.now()}`);
    fs.cpSync(PRISMA_DIR, dir, { recursive: true });
    const schemaFile = path.join(dir, 'schema.prisma');
    fs.writeFileSync(schemaFile, fs.readFileSync(schemaFile, 'utf8').replace('  stripeCustomerId String?', '  nickname String?\n  stripeCustomerId String?'));
    const result = await runMigrateCli('drift', { databaseUrl: testEnv().databaseUrl, schema: 'identity', prismaDir: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/ALTER TABLE "users" ADD COLUMN\s+"nickname" TEXT/);
  }, 60_000);
});
