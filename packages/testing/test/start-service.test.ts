import { z } from 'zod';
import { serviceTestEnv, startService, testEnv, testKeys } from '../src';

/** A stand-in service entry: it records what startService hands it. */
function fakeEntry() {
  const envSchema = z.object({ DATABASE_URL: z.string(), INTERNAL_TOKEN_PUBLIC_KEY: z.string(), GREETING: z.string().default('hello') });
  const calls: { config: z.infer<typeof envSchema>; port: number | undefined; level: string }[] = [];
  return {
    calls,
    entry: {
      name: 'fake',
      envSchema,
      start: async (config: z.infer<typeof envSchema>, logger: { level: string }, port?: number) => {
        calls.push({ config, port, level: logger.level });
        return { url: 'http://127.0.0.1:1', stop: async () => undefined };
      },
    },
  };
}

describe('startService', () => {
  it("gives a service the run's wiring through its own schema, overrides winning, on a free port with a quiet logger", async () => {
    const { entry, calls } = fakeEntry();
    await startService(entry, { GREETING: 'hi' });
    expect(calls).toHaveLength(1);
    // The schema keeps only what it reads: the rest of the test env does not leak into the config.
    expect(calls[0]!.config).toEqual({ DATABASE_URL: testEnv().databaseUrl, INTERNAL_TOKEN_PUBLIC_KEY: testKeys().internal.publicKey, GREETING: 'hi' });
    expect(calls[0]!.port).toBe(0);
    expect(calls[0]!.level).toBe(process.env.TEST_LOG_LEVEL ?? 'silent');
  });

  it('turns per-address rate limits off, since every test calls from 127.0.0.1', () => {
    expect(serviceTestEnv()).toMatchObject({ RATE_LIMIT_AUTH_PER_MINUTE: '0', RATE_LIMIT_CONTACT_PER_MINUTE: '0' });
  });
});
