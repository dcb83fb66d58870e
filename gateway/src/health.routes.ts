import { Router } from 'express';

/** `/healthz` is green only when every service the gateway routes to answers its `/readyz`. */
export function healthRoutes(services: Record<string, string>, extra: Record<string, () => boolean>): Router {
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
    for (const [name, ok] of Object.entries(extra)) checks[name] = ok() ? 'ready' : 'not ready';
    const healthy = Object.values(checks).every((c) => c === 'ready');
    res.status(healthy ? 200 : 503).setHeader('Cache-Control', 'no-store').json({ status: healthy ? 'ok' : 'degraded', services: checks });
  });
  return r;
}
