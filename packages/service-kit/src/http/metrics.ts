import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Bus } from '../nats/connection';
import { inboxDuplicateCounts } from '../nats/outbox';
import type { NodeMiddleware } from './request-log.middleware';

/** The names the alert rules (deploy/prometheus/alerts.yml) are written against. */
export const METRIC_NAMES = {
  requests: 'http_requests_total',
  duration: 'http_request_duration_seconds',
  outboxPending: 'midway_outbox_pending',
  outboxOldest: 'midway_outbox_oldest_pending_seconds',
  outboxDead: 'midway_outbox_dead_letters',
  consumerPending: 'midway_consumer_pending',
  consumerAckPending: 'midway_consumer_ack_pending',
  consumerDeadLettered: 'midway_consumer_dead_lettered_total',
  inboxDuplicates: 'midway_inbox_duplicates_suppressed_total',
  jobRuns: 'midway_job_runs_total',
} as const;

/** One process's figures for Prometheus: the HTTP traffic by route, what the service adds, and the process's own. */
export interface ServiceMetrics {
  registry: Registry;
  /** Counts and times every request, labelled by its route's pattern (never the raw URL: ids would explode the series). */
  middleware: NodeMiddleware;
  /** Answers GET /metrics in Prometheus' text format. */
  handler(req: IncomingMessage, res: ServerResponse): void;
  /** A scheduled job's run, by outcome (`completed` or `failed`). */
  jobRuns: Counter<'job' | 'outcome'>;
  /** An event its consumer gave up on and copied to the dead-letter stream. */
  consumerDeadLettered: Counter<'durable'>;
}

/** What a request's route is called in the metrics: express's matched pattern, or what `routeOf` says. */
export type RouteLabel = (req: IncomingMessage) => string | undefined;

const expressRoute: RouteLabel = (req) => {
  const r = req as IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };
  return typeof r.route?.path === 'string' ? `${r.baseUrl ?? ''}${r.route.path}` : undefined;
};

export function createMetrics(service: string, opts: { routeOf?: RouteLabel } = {}): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: METRIC_NAMES.requests, help: 'HTTP requests answered, by route pattern and status', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: METRIC_NAMES.duration,
    help: 'Time to answer an HTTP request, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({ name: METRIC_NAMES.jobRuns, help: 'Scheduled job runs by job and outcome', labelNames: ['job', 'outcome'] as const, registers: [registry] });
  const consumerDeadLettered = new Counter({ name: METRIC_NAMES.consumerDeadLettered, help: 'Events a consumer dead-lettered since the process started', labelNames: ['durable'] as const, registers: [registry] });
  // A redelivered or re-published event its consumer's inbox recognised: counted, and given no second effect.
  new Counter({
    name: METRIC_NAMES.inboxDuplicates,
    help: 'Event deliveries the inbox suppressed because the event id was already processed, by event type',
    labelNames: ['type'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [type, n] of inboxDuplicateCounts()) this.inc({ type }, n);
    },
  });
  const routeOf = (req: IncomingMessage) => opts.routeOf?.(req) ?? expressRoute(req) ?? 'unmatched';
  return {
    registry,
    jobRuns,
    consumerDeadLettered,
    middleware: (req, res, next) => {
      const started = performance.now();
      res.once('finish', () => {
        const labels = { method: req.method ?? 'GET', route: routeOf(req), status: String(res.statusCode) };
        requests.inc(labels);
        duration.observe(labels, (performance.now() - started) / 1000);
      });
      next();
    },
    handler: (_req, res) => {
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
          res.end(text);
        },
        (err: Error) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`metrics failed: ${err.message}`);
        },
      );
    },
  };
}

/** The outbox's backlog, oldest pending age and dead letters, read from its table when Prometheus scrapes. */
export function outboxMetrics(metrics: ServiceMetrics, health: () => Promise<{ pending: number; deadLettered: number; oldestPendingSeconds: number }>): void {
  let last: Promise<{ pending: number; deadLettered: number; oldestPendingSeconds: number }> | null = null;
  // One query per scrape, shared by the three gauges.
  const read = () => (last ??= health().finally(() => setTimeout(() => (last = null), 0)));
  const gauge = (name: string, help: string, pick: (h: Awaited<ReturnType<typeof health>>) => number) =>
    new Gauge({
      name,
      help,
      registers: [metrics.registry],
      async collect() {
        this.set(pick(await read()));
      },
    });
  gauge(METRIC_NAMES.outboxPending, 'Outbox events not yet published (retries included)', (h) => h.pending);
  gauge(METRIC_NAMES.outboxOldest, 'Seconds since the oldest unpublished outbox event was written (0 when none)', (h) => h.oldestPendingSeconds);
  gauge(METRIC_NAMES.outboxDead, 'Outbox events the relay gave up on (need a fix and a replay)', (h) => h.deadLettered);
}

/** The durable consumers a bus's service runs, for their lag. */
const consumersOf = new WeakMap<Bus, { stream: string; durable: string }[]>();
const metricsOf = new WeakMap<Bus, ServiceMetrics>();

/** A consumer started on `bus` shows its lag on the metrics bound to it (if any) and counts its dead letters there. */
export function noteConsumer(bus: Bus, stream: string, durable: string): { deadLettered(): void } {
  const list = consumersOf.get(bus) ?? [];
  if (!list.some((c) => c.stream === stream && c.durable === durable)) list.push({ stream, durable });
  consumersOf.set(bus, list);
  return { deadLettered: () => metricsOf.get(bus)?.consumerDeadLettered.inc({ durable }) };
}

/** Consumer lag (JetStream's pending and unacknowledged counts) of every consumer started on `bus`. */
export function consumerMetrics(metrics: ServiceMetrics, bus: Bus): void {
  metricsOf.set(bus, metrics);
  const info = async () =>
    Promise.all(
      (consumersOf.get(bus) ?? []).map(async (c) => {
        const i = await bus.jsm.consumers.info(c.stream, c.durable).catch(() => null);
        return { durable: c.durable, pending: i?.num_pending, ackPending: i?.num_ack_pending };
      }),
    );
  let last: ReturnType<typeof info> | null = null;
  const read = () => (last ??= info().finally(() => setTimeout(() => (last = null), 0)));
  for (const [name, help, key] of [
    [METRIC_NAMES.consumerPending, 'Events in the stream the consumer has not been delivered yet (its lag)', 'pending'],
    [METRIC_NAMES.consumerAckPending, 'Events delivered to the consumer and not yet acknowledged', 'ackPending'],
  ] as const) {
    new Gauge({
      name,
      help,
      labelNames: ['durable'],
      registers: [metrics.registry],
      async collect() {
        this.reset();
        for (const c of await read()) if (typeof c[key] === 'number') this.set({ durable: c.durable }, c[key]);
      },
    });
  }
}
