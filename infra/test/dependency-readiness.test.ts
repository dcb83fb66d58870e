import net from 'node:net';
import { identityService } from '@midway/identity';
import { startService, testEnv, type ServiceEntry } from '@midway/testing';
import { waitFor } from '../src/ports';

/**
 * A TCP hop in front of Postgres or NATS that can be cut (its port closed, its connections dropped) and
 * opened again on the same port: the dependency going away and coming back, as the service sees it.
 */
async function cuttableHop(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    get port() {
      return port;
    },
    open,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server!.close(() => resolve());
      }),
  };
}

type Running = { url: string; stop(): Promise<void> };
const readiness = async (url: string) => {
  const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) });
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
};

describe("a service's readiness follows its dependencies", () => {
  it.each([
    ['Postgres', 'database'],
    ['NATS', 'nats'],
  ] as const)('/readyz answers 503 naming %s while its port is closed, and 200 again once it is back', async (what, check) => {
    const env = testEnv();
    const real = new URL(what === 'Postgres' ? env.databaseUrl : env.natsUrl);
    const hop = await cuttableHop({ host: real.hostname, port: Number(real.port) });
    const via = new URL(real.href);
    via.hostname = '127.0.0.1';
    via.port = String(hop.port);
    const overrides = what === 'Postgres' ? { DATABASE_URL: via.href } : { NATS_URL: via.href.replace(/\/$/, '') };
    const service = (await startService(identityService as unknown as ServiceEntry<unknown, Running>, overrides)) as Running;
    try {
      expect((await readiness(service.url)).status).toBe(200);
      await hop.cut();
      let down = await readiness(service.url);
      await waitFor('readiness to fail', async () => (down = await readiness(service.url)).status === 503, 10_000, 100);
      expect(down.body.status).toBe('not_ready');
      expect(down.body.checks[check]).toMatch(/^failing: /);

      await hop.open();
      await waitFor('readiness to come back', async () => (await readiness(service.url)).status === 200, 15_000, 200);
    } finally {
      await service.stop().catch(() => undefined);
      await hop.cut().catch(() => undefined);
    }
  }, 60_000);
});
