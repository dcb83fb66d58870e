import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { connectBus } from '@midway/service-kit';
import { testEnv } from '@midway/testing';
import { startTestIdentity, startTestGateway, sessionCookieOf, json, uniqueEmail } from './gateway-harness';

/** A port nothing listens on yet: NATS "down" until `open()` forwards it to the real server. */
async function natsThatComesUpLater() {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  const real = new URL(testEnv().natsUrl.split(',')[0]!);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(real.port), real.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    url: `nats://127.0.0.1:${port}`,
    open: () => new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r())),
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe('a gateway that has not replayed the session revocations', () => {
  it('starts with NATS down, answers authenticated routes 503 and /readyz not ready, and once NATS is up replays and refuses revoked sessions', async () => {
    const identity = await startTestIdentity();
    const nats = await natsThatComesUpLater();
    const bus = await connectBus(testEnv().natsUrl, 'readiness-test');
    const gateway = await startTestGateway(identity.url, { NATS_URL: nats.url });
    try {
      const register = async () => sessionCookieOf(await fetch(`${identity.url}/api/register`, json({ email: uniqueEmail(), password: 'long-enough-1', firstName: 'R', lastName: 'S' })))!;
      const live = await register();
      // A session revoked while this gateway cannot hear about it (its event is in the stream).
      const revoked = await register();
      const published = new Promise<void>((resolve) => {
        const sub = bus.nc.subscribe('identity.session.revoked.v1', { callback: () => (sub.unsubscribe(), resolve()) });
      });
      await fetch(`${identity.url}/api/logout`, { headers: { cookie: revoked }, redirect: 'manual' });
      await published;

      const notReady = await fetch(`${gateway.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toEqual({ status: 'not_ready', checks: { 'session-revocations': 'waiting for NATS' } });
      for (const cookie of [live, revoked]) {
        const res = await fetch(`${gateway.url}/api/auth/user`, { headers: { cookie } });
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.json()).toMatchObject({ error: 'not_ready', message: expect.stringMatching(/try again in a few seconds/) });
      }
      // Anonymous callers still get their 401, and public pages work.
      expect((await fetch(`${gateway.url}/api/auth/user`)).status).toBe(401);
      expect((await fetch(`${gateway.url}/api/login`)).status).toBe(200);
      // Still not ready a while later: it keeps trying, it does not give up and serve.
      await new Promise((r) => setTimeout(r, 1500));
      expect((await fetch(`${gateway.url}/readyz`)).status).toBe(503);

      await nats.open();
      const deadline = Date.now() + 15_000;
      let status = 503;
      while (status !== 200 && Date.now() < deadline) {
        status = (await fetch(`${gateway.url}/readyz`)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(200);
      expect((await fetch(`${gateway.url}/api/auth/user`, { headers: { cookie: revoked } })).status).toBe(401);
      expect((await fetch(`${gateway.url}/api/auth/user`, { headers: { cookie: live } })).status).toBe(200);
    } finally {
      await gateway.stop();
      nats.close();
      await bus.close();
      await identity.stop();
    }
  }, 40_000);
});
