import fs from 'node:fs';
import path from 'node:path';
import { testEnv } from '@midway/testing';
import { startNats, type RunningNats } from '../../src/nats';
import { startPlatform, type Platform } from '../../src/platform';
import { freePort } from '../../src/ports';
import type { RunningPostgres } from '../../src/postgres';
import { startPostgresInChild } from '../../src/postgres-host';

export interface FaultPlatform {
  platform: Platform;
  /** The suite's own servers, which it restarts; the run's shared ones stay untouched. */
  postgres: RunningPostgres;
  nats: RunningNats;
  stop(): Promise<void>;
}

/**
 * The whole platform as `npm start` runs it (every service and the gateway a supervised process), on a
 * PostgreSQL and a NATS JetStream of its own in a fresh data folder, the run's mail sink, and no rate limits.
 */
export async function startFaultPlatform(): Promise<FaultPlatform> {
  const env = testEnv();
  const dataDir = fs.mkdtempSync(path.join(env.tmpDir, 'faults-'));
  // As root, PostgreSQL runs as its own system user, which must be able to enter the data folder.
  if (process.getuid?.() === 0) fs.chmodSync(dataDir, 0o755);
  const [postgres, nats] = await Promise.all([
    freePort().then((port) => startPostgresInChild({ dir: path.join(dataDir, 'postgres'), port })),
    freePort().then((port) => startNats({ dir: path.join(dataDir, 'nats'), port })),
  ]);
  try {
    const platform = await startPlatform({
      dataDir,
      port: 0,
      env: {
        ...process.env,
        DATABASE_URL: postgres.url,
        NATS_URL: nats.url,
        S3_ENDPOINT: undefined,
        SMTP_URL: env.smtpUrl,
        ADMIN_EMAIL: `admin+${path.basename(dataDir).toLowerCase()}@midway.test`,
        RATE_LIMIT_AUTH_PER_MINUTE: '0',
        RATE_LIMIT_CONTACT_PER_MINUTE: '0',
        LOG_LEVEL: 'warn',
      },
    });
    return {
      platform,
      postgres,
      nats,
      stop: async () => {
        await platform.stop();
        await nats.stop();
        await postgres.stop();
      },
    };
  } catch (err) {
    await Promise.all([nats.stop(), postgres.stop()]);
    throw err;
  }
}
