import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { consumerMetrics, createMetrics, outboxMetrics, type Bus } from '@midway/service-kit';
import { upstreamMetrics } from '@midway/gateway';
import { REPO_ROOT } from '../src/paths';

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const rules: Rule[] = (YAML.parse(fs.readFileSync(path.join(REPO_ROOT, 'deploy/prometheus/alerts.yml'), 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules);

/** Every metric a service or the gateway registers: the kit's HTTP, outbox, consumer and job figures, the process's own, and the gateway's upstreams'. */
function exportedNames(): Set<string> {
  const metrics = createMetrics('any');
  outboxMetrics(metrics, async () => ({ pending: 0, deadLettered: 0, oldestPendingSeconds: 0 }));
  consumerMetrics(metrics, {} as Bus);
  upstreamMetrics(metrics.registry);
  const names = new Set<string>();
  for (const m of metrics.registry.getMetricsAsArray()) {
    names.add(m.name);
    // What a histogram or summary is scraped as.
    for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${m.name}${suffix}`);
  }
  return names;
}

/** The metric names in a PromQL expression: identifiers outside label matchers, ranges and grouping clauses, not called as functions. */
function metricsIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const keywords = new Set(['and', 'or', 'unless', 'bool', 'offset']);
  return [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\()?/g)].filter(([, name, call]) => !call && !keywords.has(name!)).map(([, name]) => name!);
}

describe('the Prometheus alert rules (deploy/prometheus/alerts.yml)', () => {
  const exported = exportedNames();

  it('cover a part being down, errors, latency, the outbox, dead letters, consumer lag and failing jobs', () => {
    const used = new Set(rules.flatMap((r) => metricsIn(r.expr)));
    for (const metric of ['up', 'http_requests_total', 'http_request_duration_seconds_bucket', 'midway_outbox_pending', 'midway_outbox_oldest_pending_seconds', 'midway_outbox_dead_letters', 'midway_consumer_dead_lettered_total', 'midway_consumer_pending', 'midway_job_runs_total'])
      expect([metric, used.has(metric)]).toEqual([metric, true]);
  });

  it.each(rules.map((r) => [r.alert, r] as const))('%s names only metrics the code exports (or Prometheus\' own up) and says what it means', (_name, rule) => {
    const names = metricsIn(rule.expr);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect([name, name === 'up' || exported.has(name)]).toEqual([name, true]);
    expect(rule.labels?.severity).toMatch(/^(page|ticket)$/);
    expect(rule.annotations?.summary).toBeTruthy();
    expect(rule.annotations?.description).toBeTruthy();
  });

  it('reads metric names the way PromQL does', () => {
    expect(metricsIn('sum by (service, le) (rate(http_request_duration_seconds_bucket{route="/x"}[5m])) > 1')).toEqual(['http_request_duration_seconds_bucket']);
    expect(metricsIn('a_total{x="y"} / b_total and c')).toEqual(['a_total', 'b_total', 'c']);
  });
});
