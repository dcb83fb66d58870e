import { z } from 'zod';
import { ConfigError, baseEnvSchema, loadConfig } from './config';

describe('loadConfig', () => {
  const schema = z.object({ DATABASE_URL: z.url(), PORT: z.coerce.number().int().default(80), MODE: z.enum(['a', 'b']) });

  it('parses and applies defaults', () => {
    expect(loadConfig(schema, { DATABASE_URL: 'postgres://x@y/z', MODE: 'a' })).toEqual({ DATABASE_URL: 'postgres://x@y/z', PORT: 80, MODE: 'a' });
  });

  it('stops with a message naming every bad or missing variable', () => {
    let error: unknown;
    try {
      loadConfig(schema, { PORT: 'eighty', MODE: 'c' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/DATABASE_URL: .*\(not set\)/);
    expect(message).toMatch(/PORT: /);
    expect(message).toMatch(/MODE: /);
  });
});

describe('NATS_STREAM_REPLICAS', () => {
  const env = { DATABASE_URL: 'postgres://x@y/z', NATS_URL: 'nats://n:4222', INTERNAL_TOKEN_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----' };
  const replicas = (value?: string) => baseEnvSchema.safeParse({ ...env, NATS_STREAM_REPLICAS: value });

  // One NATS server keeps one copy; a cluster of three is told to keep three.
  it('is 1 unless said, and takes the count a cluster is given', () => {
    expect(replicas().data?.NATS_STREAM_REPLICAS).toBe(1);
    expect(replicas('3').data?.NATS_STREAM_REPLICAS).toBe(3);
  });

  it('refuses a count JetStream cannot keep', () => {
    for (const bad of ['0', '6', '2.5', 'three']) expect(replicas(bad).success).toBe(false);
  });
});
