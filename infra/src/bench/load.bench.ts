import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startPlatform, type Platform } from '../platform';
import { settle, table } from './bench-support';
import { BARE_USER_HEADER } from './bare-server';
import { countError, LOAD_MIX, LOAD_ROUTES, memorySettled, mixCycle, routeFigures, rssGrowth, vmRssKb, type LoadRoute, type RouteSamples } from './load-mix';

/** A designer of the load run, signed in before the timed window, with what their requests act on. */
interface VirtualUser {
  userId: string;
  cookie: string;
  tag: string;
  itemIds: string[];
  serviceIds: string[];
}

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

/** One request on the connection `agent` keeps (one socket: a virtual user's connection, as autocannon's are). */
function send(agent: http.Agent, url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(url, { method, agent, headers: payload ? { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), setCookie: res.headers['set-cookie'] ?? [] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const setupAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

async function call(baseUrl: string, method: string, p: string, cookie: string | null, body?: unknown, expect = [200, 201]): Promise<Answer> {
  const res = await send(setupAgent, `${baseUrl}${p}`, method, cookie ? { cookie } : {}, body);
  if (!expect.includes(res.status)) throw new Error(`${method} ${p}: ${res.status} ${res.body.slice(0, 200)}`);
  return res;
}

const cookieOf = (res: Answer) => res.setCookie[0]!.split(';')[0]!;

/** At most `n` at a time: setup is many calls, and the machine's cores are few. */
async function inBatches<T, R>(xs: T[], n: number, fn: (x: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < xs.length; i += n) out.push(...(await Promise.all(xs.slice(i, i + n).map((x, k) => fn(x, i + k)))));
  return out;
}

/**
 * The run's designers: each signs up, then signs in as a returning user does (the session the timed requests
 * carry), makes `projects` projects of `items` items through the bulk import, and gets an invoice (drafted by
 * the admin) on each project. Their services and ids are read once the platform has done what the imports set off.
 */
async function setUpUsers(platform: Platform, users: number, projects: number, items: number): Promise<VirtualUser[]> {
  const base = platform.baseUrl;
  const adminCookie = cookieOf(await call(base, 'POST', '/api/login', null, platform.admin));
  const run = Date.now().toString(36);
  const made = await inBatches(Array.from({ length: users }, (_, i) => i), 8, async (_, i) => {
    const email = `load.${run}.${i}@midway.test`;
    const password = 'load-password-1';
    const { id: userId } = JSON.parse((await call(base, 'POST', '/api/register', null, { email, password, firstName: 'Load', lastName: `User ${i}` })).body) as { id: string };
    const cookie = cookieOf(await call(base, 'POST', '/api/login', null, { email, password }));
    const tag = `lq${run}u${i}`;
    const projectIds: string[] = [];
    const itemIds: string[] = [];
    for (let p = 0; p < projects; p++) {
      const project = JSON.parse((await call(base, 'POST', '/api/projects', cookie, { name: `Residence ${tag} ${p}`, clientName: `Client ${i}`, location: 'Vancouver' })).body) as { id: string };
      const rows = Array.from({ length: items }, (_, k) => ({
        name: `${['Sofa', 'Armchair', 'Pendant lamp', 'Rug'][k % 4]} ${tag} ${k}`,
        supplier: 'Load Supply Co',
        quantity: 1 + (k % 3),
        price: (100 + k).toFixed(2),
        ...(k % 3 ? { trackingNumber: `1Z${run}${i}${p}${k}` } : {}),
      }));
      const imported = JSON.parse((await call(base, 'POST', `/api/projects/${project.id}/items/bulk`, cookie, { items: rows })).body) as { items: { id: string }[] };
      projectIds.push(project.id);
      itemIds.push(...imported.items.map((it) => it.id));
      const invoice = JSON.parse((await call(base, 'POST', `/api/projects/${project.id}/invoices`, adminCookie, { clientName: `Client ${i}` })).body) as { id: string };
      await call(base, 'POST', `/api/invoices/${invoice.id}/items`, adminCookie, { description: 'Receiving', type: 'handling', rate: 45 });
    }
    return { userId, cookie, tag, itemIds, projectIds };
  });
  await settle(platform.databaseUrl, platform.natsUrl);
  return inBatches(made, 8, async (u) => {
    const serviceIds: string[] = [];
    for (const projectId of u.projectIds) {
      const services = JSON.parse((await call(base, 'GET', `/api/services?projectId=${projectId}&limit=1000`, u.cookie)).body) as { id: string }[];
      serviceIds.push(...services.map((s) => s.id));
    }
    if (!serviceIds.length) throw new Error('the load run’s users have no services: logistics never heard of their items');
    return { userId: u.userId, cookie: u.cookie, tag: u.tag, itemIds: u.itemIds, serviceIds };
  });
}

/** The request a connection sends for a route, its `n`th of that route. */
function requestFor(route: LoadRoute, user: VirtualUser, n: number): { method: string; path: string; body?: unknown } {
  switch (route) {
    case 'dashboard':
      return { method: 'GET', path: '/api/dashboard/stats' };
    case 'items page':
      return { method: 'GET', path: '/api/items?limit=200' };
    case 'item edit':
      return { method: 'PUT', path: `/api/items/${user.itemIds[(n * 7) % user.itemIds.length]}/status`, body: { status: n % 2 ? 'in-transit' : 'ordered' } };
    case 'service toggle':
      return { method: 'PUT', path: `/api/services/${user.serviceIds[(n * 11) % user.serviceIds.length]}`, body: { selected: n % 2 === 0 } };
    case 'search':
      return { method: 'GET', path: `/api/search?q=${encodeURIComponent(n % 2 ? user.tag : 'Pendant')}` };
    case 'invoices':
      return { method: 'GET', path: '/api/invoices' };
  }
}

/**
 * `connections` connections, each a virtual user's (users shared round robin), each sending the mix one request
 * after another until `seconds` have passed. Any answer but a 2xx, or a failed connection, is an error.
 */
async function drive(
  baseUrl: string,
  users: VirtualUser[],
  connections: number,
  seconds: number,
  /** Who the caller is: the session cookie through the gateway, the user's id to the bare server. */
  callerHeaders: (user: VirtualUser) => Record<string, string> = (user) => ({ cookie: user.cookie }),
): Promise<{ samples: Map<LoadRoute, RouteSamples>; requests: number; seconds: number }> {
  const cycle = mixCycle(LOAD_MIX);
  const samples = new Map<LoadRoute, RouteSamples>(LOAD_ROUTES.map((r) => [r, { latencies: [], errors: 0 }]));
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  let requests = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      const user = users[c % users.length]!;
      const headers = callerHeaders(user);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const asked = new Map<LoadRoute, number>();
      // Each connection starts at its own place in the cycle, so the routes are mixed across connections at every moment.
      for (let i = (c * 13) % cycle.length; performance.now() < end; i++) {
        const route = cycle[i % cycle.length]!;
        const n = (asked.get(route) ?? 0) + 1;
        asked.set(route, n);
        const r = requestFor(route, user, n + c);
        const started = performance.now();
        const s = samples.get(route)!;
        requests++;
        try {
          const res = await send(agent, `${baseUrl}${r.path}`, r.method, headers, r.body);
          if (res.status >= 200 && res.status < 300) s.latencies.push(performance.now() - started);
          else countError(s, res.status);
        } catch (err) {
          countError(s, (err as NodeJS.ErrnoException).code ?? 'failed');
        }
      }
      agent.destroy();
    }),
  );
  return { samples, requests, seconds: (performance.now() - t0) / 1000 };
}

/** VmRSS (kB) of every process the platform supervises, by name and replica. */
function rssOfProcesses(platform: Platform): Record<string, number | null> {
  return Object.fromEntries(
    platform.processes.map((p) => {
      const pid = p.pid();
      let kb: number | null = null;
      try {
        kb = pid ? vmRssKb(fs.readFileSync(`/proc/${pid}/status`, 'utf8')) : null;
      } catch {
        kb = null; // gone between the listing and the read
      }
      return [`${p.name}${platform.replicas > 1 ? ` #${p.replica}` : ''}`, kb];
    }),
  );
}

/** The distinct errors (pino level ≥ 50) the platform's processes logged, at most `max`, each with how often. */
function loggedErrors(platform: Platform, max = 5): string[] {
  const seen = new Map<string, number>();
  for (const proc of platform.processes) {
    let text = '';
    try {
      text = fs.readFileSync(proc.logFile, 'utf8');
    } catch {
      continue; // no log yet
    }
    for (const line of text.split('\n')) {
      if (!line.includes('"level":5') && !line.includes('"level":6')) continue;
      try {
        const entry = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string; code?: string }; req?: { method?: string; url?: string }; res?: { statusCode?: number } };
        if (entry.level < 50) continue;
        const request = entry.req?.url ? ` ${entry.res?.statusCode ?? ''} ${entry.req.method} ${entry.req.url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}').replace(/\?.*/, '')}` : '';
        const what = `${proc.name}: ${entry.msg ?? ''}${request}${entry.err?.message ? ` — ${entry.err.code ? `${entry.err.code} ` : ''}${entry.err.message}` : ''}`.slice(0, 300);
        seen.set(what, (seen.get(what) ?? 0) + 1);
      } catch {
        // not a JSON line
      }
    }
  }
  return [...seen].sort((a, b) => b[1] - a[1]).slice(0, max).map(([what, n]) => `${what} (×${n})`);
}

interface LoadRun {
  replicas: number;
  requestsPerSec: number;
  errors: number;
  routes: ReturnType<typeof routeFigures>;
  rss: ReturnType<typeof rssGrowth>;
  /** RSS before the warm-up, by process. */
  cold: Record<string, number | null>;
  loggedErrors: string[];
  /** The bare baseline's figures on the same database and data, when this run measured it. */
  bare?: { requestsPerSec: number; routes: ReturnType<typeof routeFigures> };
}

/** Two rounds' samples as one. */
function mergeSamples(a: Map<LoadRoute, RouteSamples>, b: Map<LoadRoute, RouteSamples>): Map<LoadRoute, RouteSamples> {
  return new Map(
    LOAD_ROUTES.map((r) => {
      const [x, y] = [a.get(r), b.get(r)];
      const kinds: Record<string, number> = { ...x?.kinds };
      for (const [kind, n] of Object.entries(y?.kinds ?? {})) kinds[kind] = (kinds[kind] ?? 0) + n;
      return [r, { latencies: [...(x?.latencies ?? []), ...(y?.latencies ?? [])], errors: (x?.errors ?? 0) + (y?.errors ?? 0), kinds }];
    }),
  );
}

/** The warm-up's rounds, and its longest: memory of a platform under this mix settles within about a minute. */
const WARM_UP_ROUND_S = 15;
const WARM_UP_MAX_S = 240;
/** Rounds memory must hold still over: over one, a process between collections could look settled and grow after. */
const SETTLED_OVER_ROUNDS = 2;

/**
 * The bare server (bare-server.ts) in a process of its own on the run's database, driven with the same mix,
 * connections and window after a short warm-up of its own.
 */
async function bareBaseline(databaseUrl: string, users: VirtualUser[], connections: number, seconds: number): Promise<NonNullable<LoadRun['bare']>> {
  const child = fork(path.join(__dirname, 'bare-server.js'), { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.once('message', (m) => resolve((m as { url: string }).url));
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
    const headers = (user: VirtualUser) => ({ [BARE_USER_HEADER]: user.userId });
    await drive(url, users, connections, Math.min(WARM_UP_ROUND_S, seconds), headers);
    const run = await drive(url, users, connections, seconds, headers);
    return { requestsPerSec: run.requests / run.seconds, routes: routeFigures(run.samples) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.send('stop');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
    child.kill();
  }
}

const ms = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(1));
const mb = (kb: number | null) => (kb === null ? '–' : (kb / 1024).toFixed(1));
const pct = (g: number | null) => (g === null ? '–' : `${(g * 100).toFixed(1)}%`);
const replicasText = (n: number) => `${n} replica${n > 1 ? 's' : ''}`;

/** One run's figures, printed as soon as they are measured (a later run that fails does not lose them). */
function printRun(run: LoadRun, opts: { connections: number; seconds: number }, log: (line: string) => void): void {
  log(`\nLoad with ${replicasText(run.replicas)}: the mix through the gateway, ${opts.connections} connections, ${opts.seconds} s${run.bare ? '; the bare baseline (plain pg + http, same database, mix and connections) beside it' : ''}\n${table(
    run.routes.map((a) => {
      const b = run.bare?.routes.find((r) => r.route === a.route);
      return {
        route: a.route,
        requests: a.requests,
        errors: a.errors,
        p50: ms(a.p50),
        p99: ms(a.p99),
        ...(b ? { 'bare requests': b.requests, 'bare errors': b.errors, 'bare p50': ms(b.p50), 'bare p99': ms(b.p99), 'p99 ÷ bare': (a.p99 / b.p99).toFixed(2) } : {}),
      };
    }),
  )}`);
  log(`throughput ${run.requestsPerSec.toFixed(0)} req/s${run.bare ? ` (bare ${run.bare.requestsPerSec.toFixed(0)} req/s)` : ''}; errors ${run.errors} (goal 0)`);
  const failed = run.routes.filter((r) => r.errors > 0);
  if (failed.length) log(`errors: ${failed.map((r) => `${r.route} ${r.errorKinds}`).join('; ')}`);
  if (run.loggedErrors.length) log(`errors the processes logged:\n  ${run.loggedErrors.join('\n  ')}`);
  log(`RSS of every process: at start, before and after the timed window (goal: growth in the window ≤ 20%)\n${table(run.rss.map((r) => ({ process: r.process, 'at start MB': mb(run.cold[r.process] ?? null), 'before MB': mb(r.beforeKb), 'after MB': mb(r.afterKb), growth: pct(r.growth) })))}`);
  log(`largest growth with ${replicasText(run.replicas)}: ${pct(Math.max(...run.rss.map((r) => r.growth ?? 0)))}`);
}

async function loadRun(replicas: number, opts: { connections: number; seconds: number; users: number; projects: number; items: number; bare: boolean; log: (line: string) => void }): Promise<LoadRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'midway-load-'));
  if (process.getuid?.() === 0) fs.chmodSync(dataDir, 0o755);
  const started = performance.now();
  const platform = await startPlatform({ dataDir, port: 0, replicas, serviceEnv: { LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_PER_MINUTE: '0' } });
  try {
    opts.log(`\n${replicas} replica${replicas > 1 ? 's' : ''} of every service and of the gateway: up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const t1 = performance.now();
    const users = await setUpUsers(platform, opts.users, opts.projects, opts.items);
    opts.log(`${users.length} designers signed in, each with ${opts.projects} projects of ${opts.items} items and their services and invoices, in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    // Untimed rounds of the same mix first, until memory stops growing: "before" is the working size of a
    // platform that has served the mix, so the timed window's growth is what the load leaves behind.
    const cold = rssOfProcesses(platform);
    let warm = { requests: 0, seconds: 0, rounds: 0, samples: new Map<LoadRoute, RouteSamples>() };
    const readings = [cold];
    for (let settled = false; !settled && warm.seconds < WARM_UP_MAX_S; ) {
      const round = await drive(platform.baseUrl, users, opts.connections, WARM_UP_ROUND_S);
      warm = { requests: warm.requests + round.requests, seconds: warm.seconds + round.seconds, rounds: warm.rounds + 1, samples: mergeSamples(warm.samples, round.samples) };
      readings.push(rssOfProcesses(platform));
      settled = warm.rounds > SETTLED_OVER_ROUNDS && memorySettled(readings.at(-1 - SETTLED_OVER_ROUNDS)!, readings.at(-1)!);
    }
    const warmErrors = routeFigures(warm.samples).filter((r) => r.errors > 0);
    opts.log(`untimed warm-up: ${warm.rounds} rounds of ${WARM_UP_ROUND_S} s until no process grew over 5% in ${SETTLED_OVER_ROUNDS} rounds, ${warm.requests} requests${warmErrors.length ? `, errors: ${warmErrors.map((r) => `${r.route} ${r.errorKinds}`).join('; ')}` : ', no errors'}`);
    await settle(platform.databaseUrl, platform.natsUrl, () => undefined);
    const before = rssOfProcesses(platform);
    const run = await drive(platform.baseUrl, users, opts.connections, opts.seconds);
    const after = rssOfProcesses(platform);
    const routes = routeFigures(run.samples);
    const measured: LoadRun = { replicas, requestsPerSec: run.requests / run.seconds, errors: routes.reduce((s, r) => s + r.errors, 0), routes, rss: rssGrowth(before, after), cold, loggedErrors: loggedErrors(platform) };
    if (opts.bare) {
      await settle(platform.databaseUrl, platform.natsUrl, () => undefined);
      measured.bare = await bareBaseline(platform.databaseUrl, users, opts.connections, opts.seconds);
    }
    printRun(measured, opts, opts.log);
    return measured;
  } finally {
    await platform.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The realistic mix (dashboard, items page, item edits, service toggles, search, invoices) through the gateway
 * at `connections` connections for `seconds`, on a platform of one replica and then on one of two (each fresh,
 * with the same designers and data), each run's figures printed as soon as it is measured, with the bare
 * baseline beside the one-replica run; then side by side: errors, p50/p99 per route, the throughput ratio, and
 * the RSS of every process before and after the timed window. A run that fails throws, after the others ran.
 */
export async function benchLoad(opts: { connections: number; seconds: number; users: number; projects: number; items: number; log?: (line: string) => void }) {
  const log = opts.log ?? console.log;
  const runs: LoadRun[] = [];
  const failures: unknown[] = [];
  for (const replicas of [1, 2]) {
    try {
      runs.push(await loadRun(replicas, { ...opts, bare: replicas === 1, log }));
    } catch (err) {
      log(`\nthe load run with ${replicasText(replicas)} failed: ${(err as Error).message}`);
      failures.push(err);
    }
  }
  const [one, two] = [runs.find((r) => r.replicas === 1), runs.find((r) => r.replicas === 2)];
  if (one && two) {
    log(`\nLoad: the mix through the gateway, ${opts.connections} connections, ${opts.seconds} s, one replica vs two, and the bare baseline\n${table(
      LOAD_ROUTES.map((route) => {
        const a = one.routes.find((r) => r.route === route)!;
        const b = two.routes.find((r) => r.route === route)!;
        const bare = one.bare?.routes.find((r) => r.route === route);
        return { route, 'errors 1×': a.errors, 'p50 1×': ms(a.p50), 'p99 1×': ms(a.p99), 'errors 2×': b.errors, 'p50 2×': ms(b.p50), 'p99 2×': ms(b.p99), 'bare p50': ms(bare?.p50 ?? NaN), 'bare p99': ms(bare?.p99 ?? NaN) };
      }),
    )}`);
    log(`throughput: ${one.requestsPerSec.toFixed(0)} req/s with one replica, ${two.requestsPerSec.toFixed(0)} req/s with two (two : one = ${(two.requestsPerSec / one.requestsPerSec).toFixed(2)})${one.bare ? `, bare ${one.bare.requestsPerSec.toFixed(0)} req/s` : ''}; errors ${one.errors} and ${two.errors} (goal 0)`);
  }
  if (failures.length) throw failures[0];
  return { ratio: one && two ? two.requestsPerSec / one.requestsPerSec : NaN, errors: runs.reduce((s, r) => s + r.errors, 0), maxRssGrowth: Math.max(...runs.flatMap((r) => r.rss.map((x) => x.growth ?? 0))) };
}
