import { Client, Pool, type Dispatcher } from 'undici';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';

/** How the replicas' liveness is watched: a probe per replica every `intervalMs`, each given `timeoutMs`. */
export interface HealthPolicy {
  intervalMs: number;
  timeoutMs: number;
  /** Probes in a row that must fail before a replica is taken out: one late answer is not a hung process. */
  failuresToDown: number;
}

/**
 * A hung replica is out within failuresToDown × interval + timeout (3 s), inside the 5 s a caller may wait
 * for a 503; a healthy one busy with a long import still answers a probe within a second and stays in.
 */
export const DEFAULT_HEALTH_POLICY: HealthPolicy = { intervalMs: 1000, timeoutMs: 1000, failuresToDown: 2 };

/** A request under way on a replica, which the set gives up on when the replica is found hung. */
export interface InFlight {
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
  failures: number;
  probing: boolean;
  /** When it last sent any part of an answer (Date.now()); 0 before its first. */
  answeredAt: number;
}

/** Whether the replica's process answers at all within `timeoutMs` (any status: it is alive, if perhaps not ready). */
export type Probe = (replica: Replica, timeoutMs: number) => Promise<boolean>;

export interface UpstreamSetOptions {
  dispatcher: (url: string) => Dispatcher;
  probe: Probe;
  policy?: HealthPolicy;
  /** Told each time a replica goes down or comes back. */
  onChange?: (replica: Replica, why: string) => void;
}

/** Why a request was cut: its replica stopped answering its health probe while the request waited. */
export class ReplicaDownError extends Error {
  constructor(url: string) {
    super(`${url} stopped answering its health probe`);
  }
}

/**
 * The replicas of one service: requests go round robin over the ones that are up. A replica goes down when
 * a connection to it is refused (the caller says so) or when its probe fails `failuresToDown` times in a
 * row (a hung process accepts connections and never answers: only the probe can tell); it comes back at the
 * first probe it answers.
 */
export class UpstreamSet {
  private readonly states: ReplicaState[];
  private readonly policy: HealthPolicy;
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    readonly service: string,
    urls: string[],
    private readonly opts: UpstreamSetOptions,
  ) {
    if (urls.length === 0) throw new Error(`${service}: no replica URL`);
    this.policy = opts.policy ?? DEFAULT_HEALTH_POLICY;
    this.states = urls.map((url) => ({ url, dispatcher: opts.dispatcher(url), up: true, failures: 0, probing: false, answeredAt: 0, inFlight: new Set<InFlight>() }));
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

  /**
   * A connection to the replica was refused or never made: out until its probe answers again. A lone URL
   * stays in: there is nothing to skip to, a refusal costs the next request only a round trip, and the name
   * may stand for several hosts (a DNS-balanced Compose service) of which one refused.
   */
  refused(replica: Replica, err: Error): void {
    const state = this.stateOf(replica);
    if (this.states.length === 1) return;
    state.failures = Math.max(state.failures, this.policy.failuresToDown);
    this.setUp(state, false, `connection failed: ${err.message}`);
  }

  /**
   * The replica sent part of an answer: it is alive. A saturated process answers its probe late but keeps
   * answering requests, and taking it out would turn its queue into 503s; a hung one answers nothing.
   */
  answered(replica: Replica, now = Date.now()): void {
    this.stateOf(replica).answeredAt = now;
  }

  /** Probes every replica once (each on its own: a hung one does not hold up the others' probes). */
  async probeAll(): Promise<void> {
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

  private async probeOne(state: ReplicaState): Promise<void> {
    if (state.probing) return;
    state.probing = true;
    const startedAt = Date.now();
    const probed = await this.opts.probe(state, this.policy.timeoutMs).catch(() => false);
    state.probing = false;
    // An answer to a request while the probe waited is as good as the probe's own.
    const alive = probed || state.answeredAt >= startedAt;
    if (this.closed) return;
    if (alive) {
      state.failures = 0;
      this.setUp(state, true, 'answered its health probe');
    } else if (++state.failures >= this.policy.failuresToDown && state.up) {
      this.setUp(state, false, `no answer to ${state.failures} health probes in a row`);
      // What waits on a hung process would wait for ever: answer those callers now.
      const reason = new ReplicaDownError(state.url);
      for (const request of [...state.inFlight]) request.giveUp(reason);
    }
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

/** No answer's headers within this long, or this long between two chunks of one: a backstop only, the probe decides first. */
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
export function httpUpstreamSet(service: string, urls: string[], opts: { policy?: HealthPolicy; onChange?: UpstreamSetOptions['onChange'] } = {}): UpstreamSet {
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
      const answer = await probes.get(replica.url)!.request({ method: 'GET', path: '/healthz', signal: AbortSignal.timeout(timeoutMs) });
      await answer.body.dump();
      return true;
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

export function startUpstreams<S extends string>(urls: Partial<Record<S, string[]>>, logger: Logger, registry: Registry, policy?: HealthPolicy): Upstreams<S> {
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
