import { createLogger, loadConfig, runMain } from '@midway/service-kit';
import { identityEnvSchema } from './config';
import { startIdentity } from './identity.app';

const logger = createLogger('identity');
runMain('identity', logger, async () => startIdentity(loadConfig(identityEnvSchema), logger));
