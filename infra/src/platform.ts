import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadOrCreateKeyPair } from '@midway/service-kit';
import { startMailSink, type RunningMailSink } from './mail-sink';
import { startNats } from './nats';
import { startObjectStore } from './object-store';
import { DEFAULT_DATA_DIR, REPO_ROOT } from './paths';
import { freePort, isPortOpen } from './ports';
import { startPostgres } from './postgres';
import { startNodeProcess, type RunningProcess } from './process-runner';
import { SERVICES, type ServiceContext } from './service-registry';

export interface PlatformOptions {
  dataDir?: string;
  /** Gateway port; 0 picks a free one. */
  port?: number;
  /** Use fixed default ports for the embedded parts (npm start) rather than free ones (tests). */
  fixedPorts?: boolean;
  env?: NodeJS.ProcessEnv;
  disableRemotes?: string[];
  /** Extra env for every service (e.g. rate limits in tests). */
  serviceEnv?: Record<string, string>;
  /**
   * Processes of every service and of the gateway (default 1; npm start reads MIDWAY_REPLICAS). Replica k of
   * a service listens on its own port (fixed ports: the default + 100 × (k − 1)); the gateway's replicas share
   * the one public port (SO_REUSEPORT), each with an admin port of its own.
   */
  replicas?: number;
  log?: (line: string) => void;
}

export interface Platform {
  baseUrl: string;
  mailUrl: string | null;
  dataDir: string;
  admin: { email: string; password: string };
  /** Each service's first replica's URL (the gateway's is baseUrl). */
  services: Record<string, string>;
  /** Each service's replicas' URLs, replica 1 first; the gateway's replicas all answer at baseUrl. */
  serviceUrls: Record<string, string[]>;
  /** How many processes each service and the gateway run. */
  replicas: number;
  /** The gateway's admin listener (Prometheus' /metrics); each service serves its own on its port. */
  gatewayAdminUrl: string;
  /** Every gateway replica's admin listener, replica 1 first. */
  gatewayAdminUrls: string[];
  databaseUrl: string;
  natsUrl: string;
  /**
   * Every supervised process (services, then the gateway), each with its `name` (the service's), `replica`
   * (1…replicas), `url`, `pid()` and `kill(signal?)`: a fault test kills them by pid and watches them come back.
   */
  processes: RunningProcess[];
  stop(): Promise<void>;
}

const DEFAULT_PORTS = { postgres: 5433, nats: 4222, s3: 9000, smtp: 1025, mailWeb: 1080, gatewayAdmin: 9080 };

/**
 * Starts the whole platform: embedded Postgres, NATS, object store and mail sink (each replaced by a real
 * server when its env variable is set), then every service and the gateway, each in its own process.
 */
export async function startPlatform(opts: PlatformOptions = {}): Promise<Platform> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? (() => undefined);
  const replicas = replicaCount(opts.replicas);
  const dataDir = path.resolve(opts.dataDir ?? env.MIDWAY_DATA_DIR ?? DEFAULT_DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  const port = async (name: keyof typeof DEFAULT_PORTS) => (opts.fixedPorts ? DEFAULT_PORTS[name] : freePort());
  const stops: { name: string; stop: () => Promise<void> }[] = [];
  const push = (name: string, stop: () => Promise<void>) => stops.push({ name, stop });
  // Reverse start order: the gateway first, the database last. Each part gets 15 s before we move on.
  const supervised: RunningProcess[] = [];
  const stopAll = async () => {
    for (const proc of supervised) proc.halt();
    for (const { name, stop } of stops.reverse()) {
      const t = Date.now();
      await Promise.race([stop().catch(() => undefined), new Promise((r) => setTimeout(r, 15_000).unref())]);
      log(`  stopped ${name} (${Date.now() - t} ms)`);
    }
    stops.length = 0;
  };

  try {
    if (opts.fixedPorts) await assertPortsFree(env, opts.port ?? (env.PORT ? Number(env.PORT) : 8080), replicas);
    const [databaseUrl, natsUrl, s3, mail] = await Promise.all([
      env.DATABASE_URL
        ? Promise.resolve(env.DATABASE_URL)
        : port('postgres').then(async (p) => {
            log(`  starting PostgreSQL on 127.0.0.1:${p}`);
            const pg = await startPostgres({ dir: path.join(dataDir, 'postgres'), port: p });
            push('postgres', pg.stop);
            return pg.url;
          }),
      env.NATS_URL
        ? Promise.resolve(env.NATS_URL)
        : port('nats').then(async (p) => {
            log(`  starting NATS JetStream on 127.0.0.1:${p}`);
            const nats = await startNats({ dir: path.join(dataDir, 'nats'), port: p, log });
            push('nats', nats.stop);
            return nats.url;
          }),
      env.S3_ENDPOINT
        ? Promise.resolve({ endpoint: env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY ?? '', secretKey: env.S3_SECRET_KEY ?? '', bucket: env.S3_BUCKET ?? 'midway-uploads' })
        : port('s3').then(async (p) => {
            log(`  starting S3-compatible object store on 127.0.0.1:${p}`);
            const store = await startObjectStore({ dir: path.join(dataDir, 's3'), port: p });
            push('object store', store.stop);
            return store;
          }),
      env.SMTP_URL
        ? Promise.resolve<RunningMailSink | null>(null)
        : Promise.all([port('smtp'), port('mailWeb')]).then(async ([smtp, web]) => {
            log(`  starting mail sink: SMTP 127.0.0.1:${smtp}, inbox http://127.0.0.1:${web}`);
            const sink = await startMailSink({ smtpPort: smtp, webPort: web, dir: path.join(dataDir, 'mail') });
            push('mail sink', sink.stop);
            return sink;
          }),
    ]);

    const keyDir = path.join(dataDir, 'keys');
    const session = env.SESSION_PRIVATE_KEY && env.SESSION_PUBLIC_KEY ? { privateKey: env.SESSION_PRIVATE_KEY, publicKey: env.SESSION_PUBLIC_KEY } : loadOrCreateKeyPair(keyDir, 'session');
    const internal =
      env.INTERNAL_TOKEN_PRIVATE_KEY && env.INTERNAL_TOKEN_PUBLIC_KEY
        ? { privateKey: env.INTERNAL_TOKEN_PRIVATE_KEY, publicKey: env.INTERNAL_TOKEN_PUBLIC_KEY }
        : loadOrCreateKeyPair(keyDir, 'internal');
    const admin = { email: env.ADMIN_EMAIL ?? 'admin@midway.local', password: env.ADMIN_PASSWORD ?? adminPassword(dataDir) };

    const ctx: ServiceContext = {
      databaseUrl,
      natsUrl,
      smtpUrl: env.SMTP_URL ?? mail!.smtpUrl,
      s3,
      session,
      internal,
      admin,
      staticRoot: REPO_ROOT,
      disabledRemotes: opts.disableRemotes ?? [],
      urls: {},
      publicUrl: '',
      env,
    };
    const logDir = path.join(dataDir, 'logs');
    const startOne = async (spec: (typeof SERVICES)[number], replica: number, p: number, extra: { env?: Record<string, string>; readyUrl?: string } = {}) => {
      const url = `http://127.0.0.1:${p}`;
      log(`  starting ${spec.name}${replicas > 1 ? ` (replica ${replica})` : ''} on ${url}`);
      const proc = await startNodeProcess({
        name: spec.name,
        replica,
        entry: path.join(REPO_ROOT, spec.entry),
        env: { ...spec.env(ctx), [spec.portEnv]: String(p), HOST: '127.0.0.1', ...extra.env, ...opts.serviceEnv },
        url,
        readyPath: spec.readyPath,
        readyUrl: extra.readyUrl,
        logDir,
        log,
      });
      push(replica === 1 ? spec.name : `${spec.name} (replica ${replica})`, proc.stop);
      supervised.push(proc);
      return proc;
    };
    const replicaNumbers = Array.from({ length: replicas }, (_, i) => i + 1);
    // The gateway's port is chosen first: services that write links (identity's reset e-mails) need its address.
    const chosenGatewayPort = opts.port ?? (env.PORT ? Number(env.PORT) : opts.fixedPorts ? 8080 : await freePort());
    const gatewayPort = chosenGatewayPort === 0 ? await freePort() : chosenGatewayPort;
    ctx.publicUrl = env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`;
    const backends = SERVICES.filter((s) => s.name !== 'gateway');
    const ports = await Promise.all(backends.map((s) => Promise.all(replicaNumbers.map(async (k) => (opts.fixedPorts ? replicaPort(s.defaultPort, k) : freePort())))));
    backends.forEach((s, i) => (ctx.urls[s.name] = ports[i]!.map((p) => `http://127.0.0.1:${p}`)));
    // Every replica at once: the kit migrates under a Postgres advisory lock, so the first migrates and the others wait for it.
    await Promise.all(backends.flatMap((s, i) => replicaNumbers.map((k) => startOne(s, k, ports[i]![k - 1]!))));
    // The gateway's admin ports (its /metrics): the default one (+ 100 per replica) for npm start, free ones for tests.
    const adminPorts = await Promise.all(
      replicaNumbers.map(async (k) => (opts.fixedPorts || env.GATEWAY_ADMIN_PORT ? replicaPort(Number(env.GATEWAY_ADMIN_PORT ?? DEFAULT_PORTS.gatewayAdmin), k) : freePort())),
    );
    const gatewaySpec = SERVICES.find((s) => s.name === 'gateway')!;
    const gatewayEnv = (k: number): Record<string, string> => ({ GATEWAY_ADMIN_PORT: String(adminPorts[k - 1]), ...(replicas > 1 ? { GATEWAY_REUSE_PORT: 'true' } : {}) });
    ctx.urls.gateway = [`http://127.0.0.1:${gatewayPort}`];
    // Replica 1 first, ready once every service answers through it; the others share its port, so each is
    // asked on its own admin port whether it is up.
    await startOne(gatewaySpec, 1, gatewayPort, { env: gatewayEnv(1) });
    await Promise.all(replicaNumbers.slice(1).map((k) => startOne(gatewaySpec, k, gatewayPort, { env: gatewayEnv(k), readyUrl: `http://127.0.0.1:${adminPorts[k - 1]}/metrics` })));
    const adminUrls = adminPorts.map((p) => `http://127.0.0.1:${p}`);
    const order = (name: string) => SERVICES.findIndex((s) => s.name === name);

    return {
      baseUrl: ctx.urls.gateway[0]!,
      mailUrl: mail?.webUrl ?? null,
      dataDir,
      admin,
      services: Object.fromEntries(Object.entries(ctx.urls).map(([name, urls]) => [name, urls[0]!])),
      serviceUrls: Object.fromEntries(backends.map((s) => [s.name, [...ctx.urls[s.name]!]])),
      replicas,
      gatewayAdminUrl: adminUrls[0]!,
      gatewayAdminUrls: adminUrls,
      databaseUrl,
      natsUrl,
      processes: [...supervised].sort((a, b) => order(a.name) - order(b.name) || a.replica - b.replica),
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** Replica k's port when ports are fixed: replica 1 on the default, each next one 100 above. */
export const replicaPort = (defaultPort: number, replica: number): number => defaultPort + 100 * (replica - 1);

function replicaCount(asked: number | undefined): number {
  const n = asked ?? 1;
  if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error(`replicas must be a whole number from 1 to 9 (got ${asked})`);
  return n;
}

/**
 * npm start uses fixed ports; say up front which one is taken and what to do, rather than letting an
 * embedded server fail with a bare error.
 */
async function assertPortsFree(env: NodeJS.ProcessEnv, gatewayPort: number, replicas: number): Promise<void> {
  const ks = Array.from({ length: replicas }, (_, i) => i + 1);
  const of = (what: string, k: number) => (replicas > 1 ? `${what} (replica ${k})` : what);
  const wanted: [string, number, string][] = [
    ['the gateway', gatewayPort, 'set PORT to another port'],
    ...ks.map((k): [string, number, string] => [of('the gateway admin port', k), replicaPort(env.GATEWAY_ADMIN_PORT ? Number(env.GATEWAY_ADMIN_PORT) : DEFAULT_PORTS.gatewayAdmin, k), 'set GATEWAY_ADMIN_PORT to another port']),
    ...SERVICES.filter((s) => s.name !== 'gateway').flatMap((s) => ks.map((k): [string, number, string] => [of(`the ${s.name} service`, k), replicaPort(s.defaultPort, k), 'stop whatever uses it'])),
  ];
  if (!env.DATABASE_URL) wanted.push(['PostgreSQL', DEFAULT_PORTS.postgres, 'stop the other server, or set DATABASE_URL to use it']);
  if (!env.NATS_URL) wanted.push(['NATS', DEFAULT_PORTS.nats, 'stop the other server, or set NATS_URL to use it']);
  if (!env.S3_ENDPOINT) wanted.push(['the object store', DEFAULT_PORTS.s3, 'stop the other server, or set S3_ENDPOINT to use it']);
  if (!env.SMTP_URL) wanted.push(['the mail sink', DEFAULT_PORTS.smtp, 'stop the other server, or set SMTP_URL'], ['the mail inbox', DEFAULT_PORTS.mailWeb, 'stop the other server, or set SMTP_URL']);
  const taken = [];
  for (const [what, port, fix] of wanted) if (await isPortOpen(port)) taken.push(`  port ${port} (${what}) is already in use: ${fix}`);
  if (taken.length) throw new Error(`Midway is already running, or another program holds its ports:\n${taken.join('\n')}`);
}

/** The seeded admin's password: generated on first start and kept in the data dir, never a shared default. */
function adminPassword(dataDir: string): string {
  const file = path.join(dataDir, 'admin-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const pw = randomBytes(12).toString('base64url');
  fs.writeFileSync(file, `${pw}\n`, { mode: 0o600 });
  return pw;
}
