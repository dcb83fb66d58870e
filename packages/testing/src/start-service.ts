import type { Logger } from '@midway/service-kit';
import { quietLogger, testEnv, testKeys } from './test-env';

/**
 * What a service's public entry exports for others to run it in-process (e.g. `identityService` from
 * `@midway/identity`): the env schema it reads and its start function.
 */
export interface ServiceEntry<Config, Running> {
  name: string;
  envSchema: { parse(env: unknown): Config };
  start(config: Config, logger: Logger, port?: number): Promise<Running>;
}

export type EnvOverrides = Record<string, string | undefined>;

/**
 * The wiring every service may read, as the platform gives it: the run's Postgres, NATS and SMTP, and the
 * test key pairs; per-address rate limits off, since every test calls from 127.0.0.1 (a test of the limits
 * sets its own). Each schema keeps the variables it knows and drops the rest.
 */
export function serviceTestEnv(): Record<string, string> {
  const env = testEnv();
  const keys = testKeys();
  return {
    DATABASE_URL: env.databaseUrl,
    NATS_URL: env.natsUrl,
    SMTP_URL: env.smtpUrl,
    SESSION_PRIVATE_KEY: keys.session.privateKey,
    SESSION_PUBLIC_KEY: keys.session.publicKey,
    INTERNAL_TOKEN_PRIVATE_KEY: keys.internal.privateKey,
    INTERNAL_TOKEN_PUBLIC_KEY: keys.internal.publicKey,
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    RATE_LIMIT_CONTACT_PER_MINUTE: '0',
    RATE_LIMIT_SECOND_FACTOR_PER_MINUTE: '0',
  };
}

/** The config a service would read from the test env plus `overrides` (parsed by its own schema). */
export function serviceTestConfig<Config>(entry: Pick<ServiceEntry<Config, unknown>, 'envSchema'>, overrides: EnvOverrides = {}): Config {
  return entry.envSchema.parse({ ...serviceTestEnv(), ...overrides });
}

/** Starts a service in this process on a free port with a quiet logger; call `stop()` on what it returns. */
export function startService<Config, Running>(entry: ServiceEntry<Config, Running>, overrides: EnvOverrides = {}): Promise<Running> {
  return entry.start(serviceTestConfig(entry, overrides), quietLogger(entry.name), 0);
}
