import { createLogger, loadConfig, runMain } from '@midway/service-kit';
import { billingEnvSchema } from './config';
import { startBilling } from './billing.app';

const logger = createLogger('billing');
runMain('billing', logger, async () => startBilling(loadConfig(billingEnvSchema), logger));
