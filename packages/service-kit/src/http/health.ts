import type { Express } from 'express';

export type HealthCheck = () => Promise<void>;

/** Facts shown beside the checks that do not decide readiness (e.g. the outbox's dead letters). */
export type HealthDetail = () => Promise<unknown>;

/**
 * `/healthz`: the process is alive. `/readyz`: every dependency answers, so the gateway may send traffic;
 * its `details` show what an operator should look at but that is no reason to stop traffic.
 */
export function mountHealth(app: Express, checks: Record<string, HealthCheck>, timeoutMs = 2000, details: Record<string, HealthDetail> = {}): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const results: Record<string, string> = {};
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref())]);
          results[name] = 'ok';
        } catch (err) {
          results[name] = `failing: ${(err as Error).message}`;
        }
      }),
    );
    const ready = Object.values(results).every((r) => r === 'ok');
    const shown: Record<string, unknown> = {};
    await Promise.all(
      Object.entries(details).map(async ([name, detail]) => {
        shown[name] = await detail().catch((err: Error) => ({ error: err.message }));
      }),
    );
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks: results, ...(Object.keys(shown).length ? { details: shown } : {}) });
  });
}
