/**
 * `npm run seed -- --items N [--projects P] [--designers D]`: a sign-in-able designer (e-mail and password
 * printed) with N items over P projects, plus D other designers with data of their own. Uses DATABASE_URL,
 * else the embedded database of `npm start` (started for the command if needed).
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { applyPendingMigrations, createLogger } from '@midway/service-kit';
import { DEFAULT_DATA_DIR, REPO_ROOT } from './paths';
import { isPortOpen } from './ports';
import { startPostgres } from './postgres';
import { seedCatalog } from './seed';

async function main() {
  const { values } = parseArgs({ options: { items: { type: 'string', default: '1000' }, projects: { type: 'string' }, designers: { type: 'string', default: '10' } } });
  const items = Number(values.items);
  const projects = Number(values.projects ?? Math.max(1, Math.round(items / 100)));
  const designers = Number(values.designers);
  if (!Number.isInteger(items) || items < 1 || !Number.isInteger(projects) || projects < 1 || items < projects) {
    throw new Error('--items must be a whole number ≥ 1 and ≥ --projects');
  }
  let databaseUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    if (await isPortOpen(5433)) databaseUrl = 'postgres://postgres:postgres@127.0.0.1:5433/midway';
    else {
      const pg = await startPostgres({ dir: path.join(process.env.MIDWAY_DATA_DIR ?? DEFAULT_DATA_DIR, 'postgres'), port: 5433 });
      databaseUrl = pg.url;
      stop = pg.stop;
    }
  }
  for (const schema of ['identity', 'catalog']) {
    await applyPendingMigrations({ databaseUrl, schema, prismaDir: path.join(REPO_ROOT, 'services', schema, 'prisma') });
  }
  const pool = new Pool({ connectionString: databaseUrl, max: 4 });
  try {
    const { hash } = await import('argon2');
    const email = `seed.${Date.now().toString(36)}@midway.local`;
    const password = 'seed-password';
    const owner = randomUUID();
    await pool.query(
      `INSERT INTO identity.users (id, email, password_hash, first_name, last_name, system_role, created_at, updated_at) VALUES ($1, $2, $3, 'Seed', 'Designer', 'designer', now(), now())`,
      [owner, email, await hash(password)],
    );
    const started = Date.now();
    const main = await seedCatalog(pool, { ownerId: owner, projects, itemsPerProject: Math.round(items / projects) });
    process.stdout.write(`Seeded ${main.items} items in ${main.projects} projects for ${email} (password: ${password})`);
    let others = 0;
    for (let d = 0; d < designers; d++) others += (await seedCatalog(pool, { ownerId: randomUUID(), projects: 10, itemsPerProject: 100 })).items;
    console.log(` and ${others} items for ${designers} other designers in ${((Date.now() - started) / 1000).toFixed(1)}s.`);
    // The rows were written without events: catalog's republish queues them (projects and item batches) in its
    // outbox, so logistics gives every item its services as soon as catalog runs.
    try {
      // Required here, not at the top: a catalog that is not built yet only skips this step.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { republishCatalog } = require('@midway/catalog') as typeof import('@midway/catalog');
      const r = await republishCatalog(databaseUrl, createLogger('seed', 'warn'));
      console.log(`Queued ${r.events} events for the other services (catalog publishes them while it runs).`);
    } catch (err) {
      console.log(`Not queued for the other services (${(err as Error).message}); run \`npm run republish\` once catalog is built.`);
    }
  } finally {
    await pool.end();
    await stop?.();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
