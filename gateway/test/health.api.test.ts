import { startTestIdentity, startTestGateway } from './gateway-harness';

describe('GET /healthz', () => {
  it('is 200 while every service is ready and turns 503 when one stops', async () => {
    const identity = await startTestIdentity();
    const gateway = await startTestGateway(identity.url);
    try {
      await gateway.feed.ready;
      const ok = await fetch(`${gateway.url}/healthz`);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ status: 'ok', services: { identity: 'ready', 'session-revocations': 'ready' } });

      await identity.stop();
      const red = await fetch(`${gateway.url}/healthz`);
      expect(red.status).toBe(503);
      const body = await red.json();
      expect(body.status).toBe('degraded');
      expect(body.services.identity).toMatch(/^down/);
    } finally {
      await gateway.stop();
    }
  });
});
