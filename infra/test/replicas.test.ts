import fs from 'node:fs';
import path from 'node:path';
import { json, sessionCookieOf, testEnv } from '@midway/testing';
import { createFreshDatabase, freePort, startNats, startPlatform, waitFor, type Platform, type RunningNats } from '@midway/infra';

/**
 * MIDWAY_REPLICAS in one test: the platform as npm start runs it with two processes of everything, on a
 * database of its own (both replicas of each service migrate it at once), killed where it hurts.
 */
let platform: Platform | undefined;
let nats: RunningNats | undefined;
let cookie = '';

beforeAll(async () => {
  const env = testEnv();
  const dataDir = fs.mkdtempSync(path.join(env.tmpDir, 'replicas-'));
  const [bus, databaseUrl] = await Promise.all([freePort().then((port) => startNats({ dir: path.join(dataDir, 'nats'), port })), createFreshDatabase(env.databaseUrl, 'replicas')]);
  nats = bus;
  platform = await startPlatform({
    dataDir,
    port: 0,
    replicas: 2,
    env: { ...process.env, DATABASE_URL: databaseUrl, NATS_URL: bus.url, SMTP_URL: env.smtpUrl, S3_ENDPOINT: undefined, ADMIN_EMAIL: `admin+${path.basename(dataDir)}@midway.test`, RATE_LIMIT_AUTH_PER_MINUTE: '0', LOG_LEVEL: 'warn' },
  });
  const login = await fetch(`${platform.baseUrl}/api/login`, json({ email: platform.admin.email, password: platform.admin.password }));
  expect(login.status).toBe(200);
  cookie = sessionCookieOf(login)!;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  await nats?.stop();
}, 60_000);

const alive = (pid: number | undefined) => {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The number of requests a gateway replica has answered, from its own admin port. */
async function answered(adminUrl: string): Promise<number> {
  const text = await (await fetch(`${adminUrl}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('http_requests_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

describe('MIDWAY_REPLICAS=2', () => {
  it('runs two live processes of every service, each on its own port and log, and two gateways on the one address', async () => {
    const p = platform!;
    for (const name of ['identity', 'catalog', 'logistics', 'billing', 'gateway']) {
      const replicas = p.processes.filter((proc) => proc.name === name);
      expect(replicas.map((proc) => proc.replica)).toEqual([1, 2]);
      expect(replicas.every((proc) => alive(proc.pid()))).toBe(true);
      expect(new Set(replicas.map((proc) => proc.pid())).size).toBe(2);
      expect(new Set(replicas.map((proc) => proc.logFile)).size).toBe(2);
      if (name === 'gateway') {
        expect(replicas.map((proc) => proc.url)).toEqual([p.baseUrl, p.baseUrl]);
        continue;
      }
      expect(p.serviceUrls[name]).toEqual(replicas.map((proc) => proc.url));
      expect(p.services[name]).toBe(p.serviceUrls[name]![0]);
      for (const url of p.serviceUrls[name]!) expect((await fetch(`${url}/readyz`)).status).toBe(200);
    }
    expect(fs.existsSync(path.join(p.dataDir, 'logs', 'catalog-2.log'))).toBe(true);

    // New connections to the one address reach both gateway processes (each counts what it answered).
    const before = await Promise.all(p.gatewayAdminUrls.map(answered));
    for (let i = 0; i < 40; i++) expect((await fetch(`${p.baseUrl}/api/projects`, { headers: { cookie, connection: 'close' } })).status).toBe(200);
    const after = await Promise.all(p.gatewayAdminUrls.map(answered));
    expect(p.gatewayAdminUrls).toHaveLength(2);
    expect(after[0]! - before[0]!).toBeGreaterThan(0);
    expect(after[1]! - before[1]!).toBeGreaterThan(0);
  });

  it('keeps answering GETs without an error while a catalog replica is killed with SIGKILL, and the supervisor restarts it', async () => {
    const p = platform!;
    const catalog = p.processes.find((proc) => proc.name === 'catalog' && proc.replica === 2)!;
    const killed = catalog.pid()!;
    const restartsBefore = catalog.restarts;

    // Callers keep reading through the gateway before, during and after the kill.
    const statuses: number[] = [];
    let reading = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (reading) statuses.push((await fetch(`${p.baseUrl}/api/projects`, { headers: { cookie } })).status);
    });
    await new Promise((r) => setTimeout(r, 300));
    catalog.kill('SIGKILL');
    await waitFor('catalog replica 2 restarted', async () => catalog.restarts > restartsBefore && alive(catalog.pid()) && (await fetch(`${catalog.url}/readyz`)).status === 200, 45_000, 100);
    reading = false;
    await Promise.all(readers);

    expect(catalog.pid()).not.toBe(killed);
    expect(alive(killed)).toBe(false);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(fs.readFileSync(catalog.logFile, 'utf8')).toMatch(/catalog-2 exited \(SIGKILL\); restarting/);

    // Both gateways take the restarted replica back: each says so on its own metrics.
    await waitFor(
      'the gateways to route to catalog replica 2 again',
      async () => {
        const texts = await Promise.all(p.gatewayAdminUrls.map(async (u) => (await fetch(`${u}/metrics`)).text()));
        return texts.every((t) => t.includes(`midway_upstream_up{upstream_service="catalog",replica="${catalog.url}",service="gateway"} 1`));
      },
      5000,
      100,
    );
  });
});
