import fs from 'node:fs';
import path from 'node:path';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { connectBus } from '@midway/service-kit';
import type { Platform } from '../../src/platform';
import type { RunningProcess } from '../../src/process-runner';

export const SERVICE_NAMES = ['identity', 'catalog', 'logistics', 'billing'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export const DOMAIN_STREAMS = ['IDENTITY', 'CATALOG', 'LOGISTICS', 'BILLING'] as const;

/** A GET through the gateway that only the named service answers: it answering 200 again is recovery. */
export const PROBES: Record<ServiceName | 'gateway', string> = {
  identity: '/api/auth/user',
  catalog: '/api/items?limit=1',
  logistics: '/api/services?limit=1',
  billing: '/api/invoices?limit=1',
  gateway: '/api/items?limit=1',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function processOf(platform: Platform, name: string): RunningProcess {
  const proc = platform.processes.find((p) => p.name === name);
  if (!proc) throw new Error(`no supervised process named ${name} (have ${platform.processes.map((p) => p.name).join(', ')})`);
  return proc;
}

/** Seconds from `since` until `path` answers 200 through the gateway (polled every 100 ms, each try bounded). */
export async function secondsUntilAnswering(baseUrl: string, cookie: string, pathname: string, since: number, limitMs = 90_000): Promise<number> {
  while (Date.now() - since < limitMs) {
    const res = await fetch(`${baseUrl}${pathname}`, { headers: { cookie }, signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (res?.status === 200) return (Date.now() - since) / 1000;
    await res?.arrayBuffer().catch(() => undefined);
    await sleep(100);
  }
  throw new Error(`${pathname} did not answer 200 within ${limitMs / 1000} s`);
}

/** Seconds from `since` until every service says it is ready (its database and NATS answer) on its own port. */
export async function secondsUntilReady(platform: Platform, since: number, limitMs = 90_000): Promise<number> {
  const ready = async (url: string) => (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(() => null))?.status === 200;
  while (Date.now() - since < limitMs) {
    const all = await Promise.all(SERVICE_NAMES.map((s) => ready(platform.services[s]!)));
    if (all.every(Boolean)) return (Date.now() - since) / 1000;
    await sleep(100);
  }
  throw new Error(`services not ready within ${limitMs / 1000} s after the fault`);
}

/** kill -9 of a supervised process, then the seconds until the gateway answers its route again. */
export async function killAndRecover(platform: Platform, cookie: string, name: ServiceName | 'gateway'): Promise<number> {
  const proc = processOf(platform, name);
  const pid = proc.child.pid!;
  const restarts = proc.restarts;
  const at = Date.now();
  process.kill(pid, 'SIGKILL');
  // The supervisor's restart, not a stale answer from the old process, is what recovery means.
  while (proc.restarts === restarts) {
    if (Date.now() - at > 30_000) throw new Error(`${name} was not restarted within 30 s`);
    await sleep(20);
  }
  return secondsUntilAnswering(platform.baseUrl, cookie, PROBES[name], at);
}

/** Restart counts of every supervised process, to prove a dependency's restart was survived without one. */
export const restartCounts = (platform: Platform) => Object.fromEntries(platform.processes.map((p) => [p.name, p.restarts]));

/**
 * Every message of the domain streams published again without Nats-Msg-Id (JetStream's duplicate window would
 * drop a copy carrying it), its other headers kept. Answers the copies' event ids and subjects and each stream's
 * last sequence after the copies.
 */
export async function republishEverything(natsUrl: string): Promise<{ copies: { subject: string; eventId: string }[]; lastSeq: Record<string, number> }> {
  const bus = await connectBus(natsUrl, 'faults-republish');
  const copies: { subject: string; eventId: string }[] = [];
  const lastSeq: Record<string, number> = {};
  try {
    for (const stream of DOMAIN_STREAMS) {
      const info = await bus.jsm.streams.info(stream).catch(() => null);
      const last = info?.state.last_seq ?? 0;
      if (!info || info.state.messages === 0) continue;
      const consumer = await bus.js.consumers.get(stream);
      const pending: Promise<unknown>[] = [];
      const messages = await consumer.consume({ max_messages: 500 });
      for await (const m of messages) {
        const h = natsHeaders();
        for (const [k, v] of m.headers ?? []) if (k.toLowerCase() !== 'nats-msg-id') for (const value of v) h.append(k, value);
        pending.push(bus.js.publish(m.subject, m.data, { headers: h }));
        copies.push({ subject: m.subject, eventId: (m.json() as { id: string }).id });
        if (pending.length >= 200) await Promise.all(pending.splice(0));
        if (m.info.streamSequence >= last) break;
      }
      await Promise.all(pending);
      lastSeq[stream] = (await bus.jsm.streams.info(stream)).state.last_seq;
    }
  } finally {
    await bus.close();
  }
  return { copies, lastSeq };
}

/** How many messages the domain streams hold. */
export async function streamMessages(natsUrl: string): Promise<number> {
  const bus = await connectBus(natsUrl, 'faults-streams');
  try {
    let n = 0;
    for (const stream of DOMAIN_STREAMS) n += (await bus.jsm.streams.info(stream).catch(() => null))?.state.messages ?? 0;
    return n;
  } finally {
    await bus.close();
  }
}

/** The durable consumers of the domain streams with their filter and the service (schema) whose inbox guards them. */
export async function durableConsumers(natsUrl: string): Promise<{ stream: string; durable: string; filter: string; service: string; pending: number }[]> {
  const bus = await connectBus(natsUrl, 'faults-consumers');
  try {
    const out = [];
    for (const stream of DOMAIN_STREAMS) {
      const info = await bus.jsm.streams.info(stream).catch(() => null);
      if (!info) continue;
      for await (const c of bus.jsm.consumers.list(stream)) {
        const durable = c.config.durable_name;
        const service = durable?.split('-')[0];
        if (!durable || !service || !(SERVICE_NAMES as readonly string[]).includes(service)) continue;
        out.push({ stream, durable, filter: c.config.filter_subject ?? '>', service, pending: c.num_pending + c.num_ack_pending });
      }
    }
    return out;
  } finally {
    await bus.close();
  }
}

/** NATS subject matching: `*` one token, `>` the rest. */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return s.length > i;
    if (i >= s.length || (f[i] !== '*' && f[i] !== s[i])) return false;
  }
  return f.length === s.length;
}

/** Sum of the inbox duplicates every service suppressed (its /metrics counter, since the process started). */
export async function suppressedDuplicates(platform: Platform): Promise<number> {
  let total = 0;
  for (const s of SERVICE_NAMES) {
    const text = await (await fetch(`${platform.services[s]}/metrics`)).text();
    for (const line of text.split('\n')) if (line.startsWith('midway_inbox_duplicates_suppressed_total{')) total += Number(line.split(' ').pop());
  }
  return total;
}

/** The crash line a crash point wrote to the service's log before the kill (the events it had just committed). */
export function crashLines(platform: Platform, service: ServiceName): { crashPoint: string; detail: { schema: string; events: string[] }; time: string }[] {
  const file = path.join(platform.dataDir, 'logs', `${service}.log`);
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{"crashPoint"'))
    .map((l) => JSON.parse(l) as { crashPoint: string; detail: { schema: string; events: string[] }; time: string });
}
