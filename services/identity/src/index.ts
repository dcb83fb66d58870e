/**
 * The identity service as other packages use it (tests, tools): the env it reads and its start function.
 * The process entry is main.ts.
 */
import { identityEnvSchema } from './config';
import { startIdentity } from './identity.app';

export { identityEnvSchema, type IdentityConfig } from './config';
export { startIdentity } from './identity.app';
export type Identity = Awaited<ReturnType<typeof startIdentity>>;

export const identityService = { name: 'identity', envSchema: identityEnvSchema, start: startIdentity };
