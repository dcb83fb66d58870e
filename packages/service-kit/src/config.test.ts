import { z } from 'zod';
import { ConfigError, loadConfig } from './config';

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
