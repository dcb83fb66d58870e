import { z } from 'zod';

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Parses the environment against a service's schema. A bad or missing variable stops start-up with a
 * message that names each offending variable, so an operator knows exactly what to set.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = issue.path.length ? env[String(issue.path[0])] : undefined;
    return `  ${name}: ${issue.message}${value === undefined ? ' (not set)' : ''}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Common variables every service reads. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url({ error: 'DATABASE_URL must be a postgres:// URL' }).refine((u) => /^postgres(ql)?:\/\//.test(u), {
    error: 'DATABASE_URL must start with postgres:// or postgresql://',
  }),
  NATS_URL: z.string().min(1, { error: 'NATS_URL is required, e.g. nats://127.0.0.1:4222' }),
  INTERNAL_TOKEN_PUBLIC_KEY: z.string().includes('PUBLIC KEY', { error: 'INTERNAL_TOKEN_PUBLIC_KEY must be a PEM public key' }),
  /**
   * How many servers keep each stream the service creates: 1 on a single NATS server, 3 on a JetStream cluster
   * of three, so losing one server loses no event and stops no publisher.
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1, { error: 'NATS_STREAM_REPLICAS must be 1 to 5 (the servers keeping each stream)' }).max(5, { error: 'NATS_STREAM_REPLICAS must be 1 to 5 (the servers keeping each stream)' }).default(1),
});

export const portSchema = z.coerce.number().int().min(0).max(65535);
