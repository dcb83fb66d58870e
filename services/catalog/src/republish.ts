/**
 * `npm run republish` (root) / `npm run republish -w services/catalog [-- --project <id> …]`: writes every
 * project snapshot and every item (as import batches) to catalog's outbox; the running catalog service's
 * relay publishes them. Needs DATABASE_URL (default: the dev platform's embedded Postgres).
 */
import { createLogger } from '@midway/service-kit';
import { republishCatalog } from './republish.app';

const logger = createLogger('catalog-republish');
const args = process.argv.slice(2);
const projectIds = args.flatMap((a, i) => (args[i - 1] === '--project' ? [a] : []));
republishCatalog(process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5433/midway', logger, { projectIds: projectIds.length ? projectIds : undefined }).then(
  (r) => {
    logger.info(r, `republished ${r.projects} project(s) and ${r.items} item(s) as ${r.events} event(s); the catalog service publishes them from its outbox`);
    process.exit(0);
  },
  (err) => {
    logger.error({ err }, 'republish failed');
    process.exit(1);
  },
);
