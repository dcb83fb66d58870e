import { Client, Pool, type Dispatcher } from 'undici';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';

/**
 * When a replica is taken out (outlier detection, as Envoy's): on evidence from real exchanges, not on a late
 * answer. A failure is a connection that could not be made (refused, or not made within the connect timeout),
 * or a request sent and left unanswered for `requestTimeoutMs` while the replica answered nothing at all (no
 * other request, no probe) and another replica of the service did answer: a hung process. A busy one keeps
 * answering something, so its slow requests are never counted; and when every replica is silent the machine or
 * the database is saturated, not one replica, and taking any out would only turn its queue into 503s.
 * `consecutiveFailures` failures in a row take it out, any answer resets the count.
 */
export interface OutlierPolicy {
  /** How often every replica is probed on `/healthz`, and requests under way are checked for silence. */
  intervalMs: number;
  /** How long a probe may wait for its answer: longer than a saturated event loop takes to reach it. */
  probeTimeoutMs: number;
  /** How long a sent request may go unanswered, with the replica silent throughout, before it counts as a failure. */
  requestTimeoutMs: number;
  /** Failures in a row that take a replica out. */
  consecutiveFailures: number;
  /**
   * How long a request waits in such a silence before it is answered 503. Longer than requestTimeoutMs: taking a
   * replica out only sends new requests elsewhere, which costs nothing if it was merely starved of CPU for a
   * while, but answering 503 fails requests it would still have answered.
   */
  giveUpAfterMs: number;
  /** How long a replica stays out the first time; each ejection in a row (no quiet stretch between) adds as much again. */
  baseEjectionMs: number;
  /** The longest a replica stays out. */
  maxEjectionMs: number;
}

/**
 * A hung replica is taken out within requestTimeoutMs + intervalMs (6 s) and the requests it holds are answered
 * 503 within giveUpAfterMs + intervalMs (16 s; undici's 30 s limit is the backstop); a healthy one busy with a
 * long import, or saturated, keeps answering its probes or other requests and stays in; a saturated event loop
 * answers a probe within 5 s. (3 s, and now and then 5 s, of silence was seen on single replicas of a machine
 * running the load run beside other work.)
 */
export const DEFAULT_OUTLIER_POLICY: OutlierPolicy = { intervalMs: 1000, probeTimeoutMs: 5000, requestTimeoutMs: 5000, consecutiveFailures: 3, giveUpAfterMs: 15_000, baseEjectionMs: 1000, maxEjectionMs: 10_000 };

/** A request under way on a replica, which the set gives up on when the replica is found hung. */
export interface InFlight {
  /** When it was sent to the replica (Date.now()). */
  readonly sentAt: number;
  giveUp(reason: Error): void;
}

/** One process of a service. */
export interface Replica {
  readonly url: string;
  readonly dispatcher: Dispatcher;
  readonly up: boolean;
  /** Requests dispatched to it and not finished yet. */
  readonly inFlight: Set<InFlight>;
}

interface ReplicaState extends Replica {
  up: boolean;
  /** Failures since its last answer. */
  failures: number;
  /** Whether one of those failures came from a request rather than a probe. */
  requestFailed: boolean;
  probing: boolean;
  /** When it last sent any part of an answer, to a request or a probe (Date.now()); 0 before its first. */
  answeredAt: number;
  /** Out until then (Date.now()), and back at the first probe it answers after. */
  ejectedUntil: number;
  /** Ejections in a row: each one longer. */
  ejections: number;
  /** When it last came back (Date.now()). */
  backAt: number;
  /** Requests already counted as unanswered. */
  counted: WeakSet<InFlight>;
}

/** What a probe found: an answer (any status: the process lives), a connection never made, or no answer in time. */
export type ProbeResult = 'answered' | 'refused' | 'timeout';

/** Whether the replica's process answers at all within `timeoutMs`. */
export type Probe = (replica: Replica, timeoutMs: number) => Promise<ProbeResult>;

export interface UpstreamSetOptions {
  dispatcher: (url: string) => Dispatcher;
  probe: Probe;
  policy?: OutlierPolicy;
  /** Told each time a replica goes down or comes back. */
  onChange?: (replica: Replica, why: string) => void;
  now?: () => number;
}

/** Why a request was cut: its replica was found hung while the request waited. */
export class ReplicaDownError extends Error {
  constructor(url: string) {
    super(`${url} answered nothing, this request included, for too long`);
  }
}

/**
 * The replicas of one service: requests go round robin over the ones that are up. A replica is taken out
 * after `consecutiveFailures` failures in a row (see OutlierPolicy) and stays out for its ejection time,
 * then comes back at the first probe it answers. Probes alone never take out the last replica that is up:
 * a probe says less than a request, and "all down" answers every caller 503. A lone URL is never taken out
 * for refused connections: there is nothing to skip to, a refusal costs the next request only a round trip,
 * and the name may stand for several hosts (a DNS-balanced Compose service) of which one refused.
 */
export class UpstreamSet {
  private readonly states: ReplicaState[];
  private readonly policy: OutlierPolicy;
  private readonly now: () => number;
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    readonly service: string,
    urls: string[],
    private readonly opts: UpstreamSetOptions,
  ) {
    if (urls.length === 0) throw new Error(`${service}: no replica URL`);
    this.policy = opts.policy ?? DEFAULT_OUTLIER_POLICY;
    this.now = opts.now ?? Date.now;
    this.states = urls.map((url) => ({
      url,
      dispatcher: opts.dispatcher(url),
      up: true,
      failures: 0,
      requestFailed: false,
      probing: false,
      answeredAt: 0,
      ejectedUntil: 0,
      ejections: 0,
      backAt: 0,
      counted: new WeakSet<InFlight>(),
      inFlight: new Set<InFlight>(),
    }));
  }

  get replicas(): readonly Replica[] {
    return this.states;
  }

  /** The next replica that is up, in turn, other than `except` (the one a retried request just failed on); none when all are down. */
  pick(except?: Replica): Replica | undefined {
    const n = this.states.length;
    for (let i = 0; i < n; i++) {
      const at = (this.next + i) % n;
      const replica = this.states[at]!;
      if (replica.up && replica !== except) {
        this.next = (at + 1) % n;
        return replica;
      }
    }
    return undefined;
  }

  /** A connection to the replica was refused or never made: a failure. */
  refused(replica: Replica, err: Error): void {
    const state = this.stateOf(replica);
    if (this.states.length === 1) return;
    this.failed(state, 'request', `connection failed: ${err.message}`);
  }

  /**
   * The replica sent part of an answer: it is alive, whatever its probes say. A saturated process answers
   * late but keeps answering, and taking it out would turn its queue into 503s; a hung one answers nothing.
   */
  answered(replica: Replica, now = this.now()): void {
    const state = this.stateOf(replica);
    state.answeredAt = Math.max(state.answeredAt, now);
    state.failures = 0;
    state.requestFailed = false;
  }

  /** Probes every replica once (each on its own: a hung one does not hold up the others' probes), and counts silent requests. */
  async probeAll(): Promise<void> {
    this.countSilentRequests();
    await Promise.all(this.states.map((s) => this.probeOne(s)));
  }

  /** Probes every policy interval until close(). */
  start(): this {
    if (!this.timer) this.timer = setInterval(() => void this.probeAll(), this.policy.intervalMs).unref();
    return this;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
  }

  /**
   * Each request that has waited requestTimeoutMs on a replica silent all that time, while another replica
   * answered, is one failure, once; one that has waited giveUpAfterMs so is answered 503 (what waits on a hung
   * process would wait for ever).
   */
  private countSilentRequests(): void {
    const now = this.now();
    const limit = this.policy.requestTimeoutMs;
    for (const state of this.states) {
      if (now - state.answeredAt < limit || !this.othersAnsweredSince(state, now - limit)) continue;
      for (const request of [...state.inFlight]) {
        const waited = now - Math.max(request.sentAt, state.answeredAt);
        if (waited >= this.policy.giveUpAfterMs) {
          state.inFlight.delete(request);
          request.giveUp(new ReplicaDownError(state.url));
        }
        else if (state.up && waited >= limit && !state.counted.has(request)) {
          state.counted.add(request);
          this.failed(state, 'request', `no answer to a request for ${Math.round(waited / 1000)} s`);
        }
      }
    }
  }

  private async probeOne(state: ReplicaState): Promise<void> {
    if (state.probing) return;
    state.probing = true;
    const startedAt = this.now();
    const result = await this.opts.probe(state, this.policy.probeTimeoutMs).catch((): ProbeResult => 'timeout');
    state.probing = false;
    if (this.closed) return;
    if (result === 'answered') {
      this.answered(state);
      if (!state.up && this.now() >= state.ejectedUntil) {
        state.backAt = this.now();
        this.setUp(state, true, 'answered its health probe');
      }
      return;
    }
    // An answer to a request while the probe waited is as good as the probe's own.
    if (state.answeredAt >= startedAt) return;
    if (result === 'refused') this.failed(state, 'probe', 'its health probe could not connect');
    else if (this.othersAnsweredSince(state, startedAt)) this.failed(state, 'probe', `no answer to its health probe in ${this.policy.probeTimeoutMs / 1000} s`);
  }

  /** Whether another replica that is up answered anything since `since`: the silence is this replica's own. */
  private othersAnsweredSince(state: ReplicaState, since: number): boolean {
    return this.states.some((s) => s !== state && s.up && s.answeredAt >= since);
  }

  private failed(state: ReplicaState, source: 'request' | 'probe', why: string): void {
    state.failures++;
    if (source === 'request') state.requestFailed = true;
    if (!state.up || state.failures < this.policy.consecutiveFailures) return;
    const othersUp = this.states.some((s) => s !== state && s.up);
    // Probes alone never leave the service with no replica: only what requests met can.
    if (!othersUp && !state.requestFailed) return;
    const now = this.now();
    // A replica that comes back and fails again soon after stays out longer each time; a quiet stretch forgives.
    if (state.backAt && now - state.backAt > this.policy.maxEjectionMs) state.ejections = 0;
    state.ejections++;
    state.ejectedUntil = now + Math.min(this.policy.maxEjectionMs, this.policy.baseEjectionMs * state.ejections);
    // Only new requests go elsewhere: the ones it holds may still be answered (see giveUpAfterMs).
    this.setUp(state, false, `${state.failures} failures in a row, the last: ${why}`);
  }

  private setUp(state: ReplicaState, up: boolean, why: string): void {
    if (state.up === up) return;
    state.up = up;
    this.opts.onChange?.(state, why);
  }

  private stateOf(replica: Replica): ReplicaState {
    const state = this.states.find((s) => s === replica);
    if (!state) throw new Error(`${replica.url} is not a replica of ${this.service}`);
    return state;
  }
}

/** The gateway's figures on its upstreams, for Prometheus. */
export const UPSTREAM_METRIC_NAMES = {
  up: 'midway_upstream_up',
  retries: 'midway_upstream_retries_total',
  unavailable: 'midway_upstream_unavailable_total',
} as const;

export interface UpstreamMetrics {
  up: Gauge<'upstream_service' | 'replica'>;
  retries: Counter<'upstream_service'>;
  unavailable: Counter<'upstream_service'>;
}

export function upstreamMetrics(registry: Registry): UpstreamMetrics {
  const registers = [registry];
  return {
    up: new Gauge({ name: UPSTREAM_METRIC_NAMES.up, help: 'Whether the gateway sends requests to a service replica (1) or has taken it out (0)', labelNames: ['upstream_service', 'replica'] as const, registers }),
    retries: new Counter({ name: UPSTREAM_METRIC_NAMES.retries, help: 'Requests sent again to another replica after the first could not take them', labelNames: ['upstream_service'] as const, registers }),
    unavailable: new Counter({ name: UPSTREAM_METRIC_NAMES.unavailable, help: 'Requests answered 503 because no replica of their service could answer', labelNames: ['upstream_service'] as const, registers }),
  };
}

/** No answer's headers within this long, or this long between two chunks of one: a backstop only, the outlier detection decides first. */
const UPSTREAM_TIMEOUT_MS = 30_000;
/**
 * A replica whose host is gone (no refusal, just silence) is given up on after this, well under undici's
 * 10 s default, so the request can still go to another replica or be answered 503 in time.
 */
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * The replicas of one service over undici pools, probed on `/healthz` (the process's liveness) over a
 * connection of their own, so a probe never queues behind the pool's busy connections.
 */
export function httpUpstreamSet(service: string, urls: string[], opts: { policy?: OutlierPolicy; onChange?: UpstreamSetOptions['onChange'] } = {}): UpstreamSet {
  const pools: Pool[] = [];
  const probes = new Map<string, Client>();
  const set = new UpstreamSet(service, urls, {
    ...opts,
    dispatcher: (url) => {
      const pool = new Pool(url, { connections: 256, keepAliveTimeout: 30_000, connect: { timeout: CONNECT_TIMEOUT_MS }, headersTimeout: UPSTREAM_TIMEOUT_MS, bodyTimeout: UPSTREAM_TIMEOUT_MS });
      pools.push(pool);
      probes.set(url, new Client(url, { connect: { timeout: CONNECT_TIMEOUT_MS }, keepAliveTimeout: 10_000 }));
      return pool;
    },
    probe: async (replica, timeoutMs) => {
      try {
        const answer = await probes.get(replica.url)!.request({ method: 'GET', path: '/healthz', signal: AbortSignal.timeout(timeoutMs) });
        await answer.body.dump();
        return 'answered';
      } catch (err) {
        // Our own time limit ran out on a connection the replica accepted; anything else is a connection
        // refused, never made, or closed under the probe: the process is not there.
        const name = (err as Error).name;
        return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'refused';
      }
    },
  });
  const stopProbing = set.close.bind(set);
  // Stops probing, lets the exchanges under way finish and cuts what is still open after 5 s.
  set.close = async () => {
    await stopProbing();
    await Promise.all([...probes.values()].map((c) => c.destroy()));
    await Promise.all(pools.map((p) => Promise.race([p.close(), new Promise((r) => setTimeout(r, 5000).unref())]).then(() => p.destroy())));
  };
  return set;
}

/** Every proxied service's replicas, probed, their changes logged and counted. */
export interface Upstreams<S extends string> {
  sets: ReadonlyMap<S, UpstreamSet>;
  metrics: UpstreamMetrics;
  /** A replica of the service that is up, in turn: for the gateway's own calls to it (search, a page's first screen). */
  urlOf(service: S): string | undefined;
  close(): Promise<void>;
}

export function startUpstreams<S extends string>(urls: Partial<Record<S, string[]>>, logger: Logger, registry: Registry, policy?: OutlierPolicy): Upstreams<S> {
  const metrics = upstreamMetrics(registry);
  const sets = new Map<S, UpstreamSet>();
  for (const [service, list] of Object.entries(urls) as [S, string[] | undefined][]) {
    if (!list?.length) continue;
    const onChange = (replica: Replica, why: string) => {
      metrics.up.set({ upstream_service: service, replica: replica.url }, replica.up ? 1 : 0);
      logger[replica.up ? 'info' : 'warn']({ service, replica: replica.url, why }, replica.up ? 'upstream replica back' : 'upstream replica down');
    };
    const set = httpUpstreamSet(service, list, { policy, onChange }).start();
    for (const replica of set.replicas) metrics.up.set({ upstream_service: service, replica: replica.url }, 1);
    sets.set(service, set);
  }
  return {
    sets,
    metrics,
    urlOf: (service) => sets.get(service)?.pick()?.url,
    close: async () => void (await Promise.all([...sets.values()].map((s) => s.close()))),
  };
}
