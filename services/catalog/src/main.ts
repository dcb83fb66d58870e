import { createLogger, loadConfig, runMain } from '@midway/service-kit';
import { catalogEnvSchema } from './config';
import { startCatalog } from './catalog.app';

const logger = createLogger('catalog');
runMain('catalog', logger, async () => startCatalog(loadConfig(catalogEnvSchema), logger));
