import { Router } from 'express';
import type { RevocationFeed } from './revoked-sessions';

/**
 * `/healthz` is green only when every service the gateway routes to answers its `/readyz` and the session
 * revocations are followed. `/readyz` is the gateway's own readiness: it may take traffic once it knows
 * every revoked session (the replay is done); until then authenticated routes answer 503.
 */
export function healthRoutes(services: Record<string, string>, feed: Pick<RevocationFeed, 'isLive' | 'isReady' | 'state'>): Router {
  const r = Router();
  r.get('/healthz', async (_req, res) => {
    const checks: Record<string, string> = {};
    await Promise.all(
      Object.entries(services).map(async ([name, url]) => {
        try {
          const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1500) });
          checks[name] = answer.ok ? 'ready' : `not ready (${answer.status})`;
        } catch (err) {
          checks[name] = `down (${(err as Error).message})`;
        }
      }),
    );
    checks['session-revocations'] = feed.isReady() && feed.isLive() ? 'ready' : `not ready (${feed.state()})`;
    const healthy = Object.values(checks).every((c) => c === 'ready');
    res.status(healthy ? 200 : 503).setHeader('Cache-Control', 'no-store').json({ status: healthy ? 'ok' : 'degraded', services: checks });
  });
  r.get('/readyz', (_req, res) => {
    const ready = feed.isReady();
    res
      .status(ready ? 200 : 503)
      .setHeader('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'not_ready', checks: { 'session-revocations': feed.state() } });
  });
  return r;
}
