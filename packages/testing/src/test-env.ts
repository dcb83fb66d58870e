import { createLogger, generateKeyPair, type KeyPair } from '@midway/service-kit';

/** What the jest global setup (infra/test/global-setup.js) started for the run. */
export interface TestEnv {
  databaseUrl: string;
  natsUrl: string;
  smtpUrl: string;
  mailUrl: string;
  tmpDir: string;
}

export function testEnv(): TestEnv {
  const need = (name: string) => {
    const v = process.env[name];
    if (!v) throw new Error(`${name} is not set: run the tests through jest with the root config (global setup starts Postgres and NATS).`);
    return v;
  };
  return {
    databaseUrl: need('TEST_DATABASE_URL'),
    natsUrl: need('TEST_NATS_URL'),
    smtpUrl: need('TEST_SMTP_URL'),
    mailUrl: need('TEST_MAIL_URL'),
    tmpDir: need('TEST_TMP_DIR'),
  };
}

let keys: { session: KeyPair; internal: KeyPair } | null = null;
/** One key set per test file. */
export function testKeys() {
  keys ??= { session: generateKeyPair(), internal: generateKeyPair() };
  return keys;
}

/** Silent unless TEST_LOG_LEVEL asks for more. */
export const quietLogger = (name: string) => createLogger(name, process.env.TEST_LOG_LEVEL ?? 'silent');

/** Mixed case on purpose: services must compare e-mails case-insensitively. */
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@Example.COM`;
