import type { Express } from 'express';

export type HealthCheck = () => Promise<void>;

/**
 * `/healthz`: the process is alive. `/readyz`: every dependency answers, so the gateway may send traffic.
 */
export function mountHealth(app: Express, checks: Record<string, HealthCheck>, timeoutMs = 2000): void {
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
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks: results });
  });
}
