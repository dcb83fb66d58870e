/**
 * `npm run admin:create -- --email E --password P`. Uses DATABASE_URL when set; otherwise the embedded
 * database, started for the duration of the command if the platform is not running.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_DATA_DIR, REPO_ROOT } from './paths';
import { isPortOpen } from './ports';
import { startPostgres } from './postgres';

async function main() {
  let databaseUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    const port = 5433;
    if (await isPortOpen(port)) databaseUrl = `postgres://postgres:postgres@127.0.0.1:${port}/midway`;
    else {
      const pg = await startPostgres({ dir: path.join(process.env.MIDWAY_DATA_DIR ?? DEFAULT_DATA_DIR, 'postgres'), port });
      databaseUrl = pg.url;
      stop = pg.stop;
    }
  }
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'services/identity/dist/cli/admin-create.js'), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  await stop?.();
  process.exit(result.status ?? 1);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
