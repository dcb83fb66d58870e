import { percentile } from './bench-support';

/** The load run's routes: what a designer's working day asks of the platform. */
export const LOAD_ROUTES = ['dashboard', 'items page', 'item edit', 'service toggle', 'search', 'invoices'] as const;
export type LoadRoute = (typeof LOAD_ROUTES)[number];

/** How often each is asked, relative to the others (reads dominate, as in the apps: a page load asks several). */
export const LOAD_MIX: Record<LoadRoute, number> = { dashboard: 20, 'items page': 20, 'item edit': 15, 'service toggle': 10, search: 20, invoices: 15 };

/**
 * One cycle of the mix as a sequence (smooth weighted round robin): each route appears `weight` times, spread
 * through the cycle rather than in runs, so every stretch of a connection's requests is the mix in small.
 */
export function mixCycle<R extends string>(weights: Record<R, number>): R[] {
  const entries = (Object.entries(weights) as [R, number][]).filter(([, w]) => w > 0);
  if (entries.some(([, w]) => !Number.isInteger(w))) throw new Error('mix weights must be whole numbers');
  const total = entries.reduce((s, [, w]) => s + w, 0);
  const current = new Map<R, number>(entries.map(([r]) => [r, 0]));
  const out: R[] = [];
  for (let i = 0; i < total; i++) {
    let best: R | undefined;
    for (const [r, w] of entries) {
      current.set(r, current.get(r)! + w);
      if (best === undefined || current.get(r)! > current.get(best)!) best = r;
    }
    current.set(best!, current.get(best!)! - total);
    out.push(best!);
  }
  return out;
}

export interface RouteSamples {
  /** Latency in ms of each 2xx answer. */
  latencies: number[];
  /** Answers other than 2xx, and requests that failed on the connection. */
  errors: number;
  /** The errors by kind: the status answered, or the connection's error code. */
  kinds?: Record<string, number>;
}

/** Counts one error of `kind` (a status such as 503, or a code such as ECONNRESET). */
export function countError(s: RouteSamples, kind: string | number): void {
  s.errors++;
  s.kinds ??= {};
  s.kinds[String(kind)] = (s.kinds[String(kind)] ?? 0) + 1;
}

/** "503 ×12, ECONNRESET ×1", most frequent first; '' when there were none. */
export function errorKinds(kinds: Record<string, number> | undefined): string {
  return Object.entries(kinds ?? {})
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ');
}

export interface RouteFigures {
  route: string;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  /** The errors by kind, as errorKinds writes them. */
  errorKinds: string;
}

/** Per route: requests, errors, p50 and p99 of the successful answers (ms). */
export function routeFigures(samples: Map<string, RouteSamples>): RouteFigures[] {
  return [...samples].map(([route, s]) => {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    return { route, requests: sorted.length + s.errors, errors: s.errors, p50: percentile(sorted, 50), p99: percentile(sorted, 99), errorKinds: errorKinds(s.kinds) };
  });
}

/** VmRSS of a /proc/<pid>/status text, in kB (null when the process has none: gone, or a kernel thread). */
export function vmRssKb(status: string): number | null {
  const m = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return m ? Number(m[1]) : null;
}

/** Growth of each process's RSS from before to after, as a fraction (0.2 = 20%); null when either is unknown. */
export function rssGrowth(before: Record<string, number | null>, after: Record<string, number | null>): { process: string; beforeKb: number | null; afterKb: number | null; growth: number | null }[] {
  return Object.keys(before).map((process) => {
    const b = before[process] ?? null;
    const a = after[process] ?? null;
    return { process, beforeKb: b, afterKb: a, growth: b && a !== null ? a / b - 1 : null };
  });
}

/**
 * Whether memory has reached its working size: no process grew more than `tolerance` over the last warm-up
 * round. A process's first minute of load fills its caches and grows V8's young generation; growth measured
 * from before that is the platform warming up, not a leak.
 */
export function memorySettled(previous: Record<string, number | null>, current: Record<string, number | null>, tolerance = 0.05): boolean {
  return rssGrowth(previous, current).every((r) => r.growth === null || r.growth <= tolerance);
}
