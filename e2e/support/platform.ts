/**
 * Boots the whole platform for a browser journey through the same code path as `npm start`
 * (infra's startPlatform: every service and the gateway as separate processes, serving the built front end),
 * on free 127.0.0.1 ports, through the env overrides a production deployment would use (DATABASE_URL, NATS_URL,
 * SMTP_URL). Each journey's platform has a database and a NATS JetStream server of its own (the run's Postgres
 * server and mail sink are shared): a durable consumer left behind by another test's services would otherwise
 * make the journey's services first work through that test's backlog of events.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createFreshDatabase, freePort, startNats, startPlatform as startInfraPlatform } from '@midway/infra';
import { readMail as readSink, testEnv, type SunkMail } from '@midway/testing';

export interface E2EPlatform {
  baseUrl: string;
  mailUrl: string;
  dataDir: string;
  admin: { email: string; password: string };
  stop(): Promise<void>;
}

/** `port` and `env`: a journey that needs the gateway's address before it starts (an OIDC provider's redirect URI). */
export async function startE2EPlatform(opts: { disableRemotes?: string[]; port?: number; env?: Record<string, string> } = {}): Promise<E2EPlatform> {
  const env = testEnv();
  const dataDir = fs.mkdtempSync(path.join(env.tmpDir, 'e2e-platform-'));
  const [nats, databaseUrl] = await Promise.all([freePort().then((port) => startNats({ dir: path.join(dataDir, 'nats'), port })), createFreshDatabase(env.databaseUrl, 'e2e', process.env.TEST_TEMPLATE_DATABASE)]);
  const platform = await startInfraPlatform({
    dataDir,
    port: opts.port ?? 0,
    disableRemotes: opts.disableRemotes,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NATS_URL: nats.url,
      SMTP_URL: env.smtpUrl,
      S3_ENDPOINT: undefined,
      ADMIN_EMAIL: `admin+${path.basename(dataDir)}@midway.test`,
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_CONTACT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
  });
  const stop = async () => {
    await platform.stop();
    await nats.stop();
  };
  return { baseUrl: platform.baseUrl, mailUrl: env.mailUrl, dataDir, admin: platform.admin, stop };
}

export const startPlatform = startE2EPlatform;

export function readMail(mailUrl: string): Promise<SunkMail[]> {
  return readSink(mailUrl);
}
