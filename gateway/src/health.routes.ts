import { Router } from 'express';
import type { RevocationFeed } from './revoked-sessions';

/**
 * `/healthz` is green only when every service the gateway routes to answers its `/readyz` (a service with
 * replicas: at least one of them, since the gateway sends its requests to those that answer) and the session
 * revocations are followed. `/readyz` is the gateway's own readiness: it may take traffic once it knows
 * every revoked session (the replay is done); until then authenticated routes answer 503.
 */
export function healthRoutes(services: Record<string, string[]>, feed: Pick<RevocationFeed, 'isLive' | 'isReady' | 'state'>): Router {
  const r = Router();
  r.get('/healthz', async (_req, res) => {
    const checks: Record<string, string> = {};
    await Promise.all(
      Object.entries(services).map(async ([name, urls]) => {
        const states = await Promise.all(urls.map(readiness));
        const ready = states.filter((s) => s === 'ready').length;
        checks[name] = ready === urls.length ? 'ready' : ready > 0 ? `ready (${ready} of ${urls.length} replicas)` : states[0]!;
      }),
    );
    checks['session-revocations'] = feed.isReady() && feed.isLive() ? 'ready' : `not ready (${feed.state()})`;
    const healthy = Object.values(checks).every((c) => c.startsWith('ready'));
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

async function readiness(url: string): Promise<string> {
  try {
    const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1500) });
    return answer.ok ? 'ready' : `not ready (${answer.status})`;
  } catch (err) {
    return `down (${(err as Error).message})`;
  }
}
