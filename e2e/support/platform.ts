/**
 * Boots the whole platform for a browser journey through the same code path as `npm start`
 * (infra's startPlatform: every service and the gateway as separate processes, serving the built front end),
 * on free 127.0.0.1 ports. The run's Postgres, NATS and mail sink come from the jest global setup through
 * the env overrides a production deployment would use (DATABASE_URL, NATS_URL, SMTP_URL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { startPlatform as startInfraPlatform } from '@midway/infra';
import { readMail as readSink, testEnv, type SunkMail } from '@midway/testing';

export interface E2EPlatform {
  baseUrl: string;
  mailUrl: string;
  dataDir: string;
  admin: { email: string; password: string };
  stop(): Promise<void>;
}

export async function startE2EPlatform(opts: { disableRemotes?: string[] } = {}): Promise<E2EPlatform> {
  const env = testEnv();
  const dataDir = fs.mkdtempSync(path.join(env.tmpDir, 'e2e-platform-'));
  const platform = await startInfraPlatform({
    dataDir,
    port: 0,
    disableRemotes: opts.disableRemotes,
    env: {
      ...process.env,
      DATABASE_URL: env.databaseUrl,
      NATS_URL: env.natsUrl,
      SMTP_URL: env.smtpUrl,
      S3_ENDPOINT: undefined,
      ADMIN_EMAIL: `admin+${path.basename(dataDir)}@midway.test`,
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_CONTACT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
    },
  });
  return { baseUrl: platform.baseUrl, mailUrl: env.mailUrl, dataDir, admin: platform.admin, stop: platform.stop };
}

export const startPlatform = startE2EPlatform;

export function readMail(mailUrl: string): Promise<SunkMail[]> {
  return readSink(mailUrl);
}
