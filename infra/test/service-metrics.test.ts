import { billingService } from '@midway/billing';
import { catalogService } from '@midway/catalog';
import { identityService } from '@midway/identity';
import { logisticsService } from '@midway/logistics';
import { METRIC_NAMES } from '@midway/service-kit';
import { eventually, startService, type ServiceEntry } from '@midway/testing';

const SERVICES = { identity: identityService, catalog: catalogService, logistics: logisticsService, billing: billingService } as const;

/** The figures every service's own /metrics has once it answered a request (the alert rules use them). */
const EXPECTED = [
  'http_requests_total',
  'http_request_duration_seconds_bucket',
  METRIC_NAMES.outboxPending,
  METRIC_NAMES.outboxOldest,
  METRIC_NAMES.outboxDead,
  'process_resident_memory_bytes',
  'process_cpu_seconds_total',
  'nodejs_eventloop_lag_seconds',
];

describe("each service's /metrics on its own port", () => {
  it.each(Object.keys(SERVICES))('%s answers Prometheus text with its request counts by route pattern, outbox and process figures', async (name) => {
    const entry = SERVICES[name as keyof typeof SERVICES] as unknown as ServiceEntry<unknown, { url: string; stop(): Promise<void> }>;
    const running = await startService(entry, {});
    try {
      // A request to a route with an id in its path: the series is named by the pattern, not the URL.
      for (const route of ['/readyz', '/no-such-route/123']) await (await fetch(`${running.url}${route}`)).text();
      // A request is counted when its response finishes, which may come just after the caller has read it.
      const readyCounted = new RegExp(`^http_requests_total\\{[^}]*method="GET",route="/readyz",status="200"[^}]*service="${name}"\\} 1$`, 'm');
      const metrics = async () => {
        const res = await fetch(`${running.url}/metrics`);
        return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
      };
      const { status, type, text } = await eventually(metrics, (m) => readyCounted.test(m.text) && /route="unmatched",status="404"/.test(m.text), 5_000);
      expect(status).toBe(200);
      expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
      for (const metric of EXPECTED) expect([metric, new RegExp(`^${metric}[{ ]`, 'm').test(text)]).toEqual([metric, true]);
      expect(text).toMatch(readyCounted);
      expect(text).toMatch(/^http_requests_total\{[^}]*route="unmatched",status="404"/m);
      expect(text).not.toContain('/no-such-route/123');
      // Identity consumes nothing; the others show each durable consumer's lag from JetStream.
      if (name !== 'identity') expect(text).toMatch(new RegExp(`^${METRIC_NAMES.consumerPending}\\{durable="${name}-[^"]+",service="${name}"\\} \\d+$`, 'm'));
      expect(text).toMatch(new RegExp(`^${METRIC_NAMES.outboxDead}\\{service="${name}"\\} 0$`, 'm'));
    } finally {
      await running.stop();
    }
  }, 60_000);

  it("billing counts its scheduled jobs' runs by outcome", async () => {
    const running = (await startService(billingService, {})) as unknown as { url: string; jobs: { trigger(name: 'billing-overdue', key: string): Promise<unknown> }; stop(): Promise<void> };
    try {
      await running.jobs.trigger('billing-overdue', `metrics-${Date.now()}`);
      const deadline = Date.now() + 20_000;
      let text = '';
      while (Date.now() < deadline && !/^midway_job_runs_total\{job="billing-overdue",outcome="completed",service="billing"\} [1-9]/m.test(text)) {
        await new Promise((r) => setTimeout(r, 250));
        text = await (await fetch(`${running.url}/metrics`)).text();
      }
      expect(text).toMatch(/^midway_job_runs_total\{job="billing-overdue",outcome="completed",service="billing"\} [1-9]/m);
    } finally {
      await running.stop();
    }
  }, 60_000);
});
