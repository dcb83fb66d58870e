import { createLogger, loadConfig, runMain } from '@midway/service-kit';
import { logisticsEnvSchema } from './config';
import { startLogistics } from './logistics.app';

const logger = createLogger('logistics');
runMain('logistics', logger, async () => startLogistics(loadConfig(logisticsEnvSchema), logger));
