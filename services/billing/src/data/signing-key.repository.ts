import { randomBytes } from 'node:crypto';
import type { Client } from './prisma-client';

/**
 * Secrets billing keeps in its own schema, made once by whichever instance asks first, so every instance (and a
 * restarted one) signs and checks pay links with the same key without any configuration.
 */
export class SigningKeyRepository {
  constructor(private readonly db: Client) {}

  async getOrCreate(name: string): Promise<Buffer> {
    await this.db.$executeRaw`INSERT INTO signing_keys (name, secret) VALUES (${name}, ${randomBytes(32)}) ON CONFLICT (name) DO NOTHING`;
    const [row] = await this.db.$queryRaw<{ secret: Uint8Array }[]>`SELECT secret FROM signing_keys WHERE name = ${name}`;
    return Buffer.from(row!.secret);
  }
}
