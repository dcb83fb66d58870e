import { runMigrateCli } from '@midway/service-kit';
import { testEnv } from '@midway/testing';
import { PRISMA_DIR } from '../src/logistics.app';

it('the committed logistics migrations produce exactly the schema in schema.prisma (no drift)', async () => {
  const result = await runMigrateCli('drift', { databaseUrl: testEnv().databaseUrl, schema: 'logistics', prismaDir: PRISMA_DIR, projectAccess: true });
  expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
}, 60_000);
