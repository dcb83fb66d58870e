import { runMigrateCli } from '@midway/service-kit';
import { testEnv } from '@midway/testing';
import { PRISMA_DIR } from '../src/billing.app';

it('the committed billing migrations produce exactly the schema in schema.prisma (no drift)', async () => {
  const result = await runMigrateCli('drift', { databaseUrl: testEnv().databaseUrl, schema: 'billing', prismaDir: PRISMA_DIR, projectAccess: true });
  expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
}, 60_000);
