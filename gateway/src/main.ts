import { createLogger, loadConfig, runMain } from '@midway/service-kit';
import { gatewayEnvSchema } from './config';
import { startGateway } from './gateway.app';

const logger = createLogger('gateway');
runMain('gateway', logger, async () => startGateway(loadConfig(gatewayEnvSchema), logger));
