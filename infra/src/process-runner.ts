import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitFor } from './ports';

export interface RunningProcess {
  name: string;
  url: string;
  /** The child running now: a new one after each restart. */
  readonly child: ChildProcess;
  /** How many times the process was restarted after it exited or was killed. */
  readonly restarts: number;
  /** Which of its service's processes this is (1 when it runs alone). */
  readonly replica: number;
  /** Its log file (`<name>.log`, or `<name>-<replica>.log` for replica 2 and on). */
  readonly logFile: string;
  /** The pid of the child running now (undefined between a death and its restart). */
  pid(): number | undefined;
  /** Sends the child running now a signal (SIGKILL by default), as a crash or an operator would: the supervisor restarts it. */
  kill(signal?: NodeJS.Signals): void;
  /**
   * Env for the next restart only (a fault test's crash point): the restart after that runs with the usual env
   * again, so a process asked to die once does not die on every start.
   */
  nextStartEnv(env: Record<string, string>): void;
  /** No restart from now on (Ctrl-C reaches every child at once: none may come back while the others stop in order). */
  halt(): void;
  stop(): Promise<void>;
}

/** Restart delays: the first soon, doubling while it keeps dying, reset once a run stays up long enough. */
export interface RestartPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  /** A run that lasted this long was healthy: the next crash restarts after the initial delay again. */
  resetAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { initialDelayMs: 500, maxDelayMs: 10_000, resetAfterMs: 30_000 };

/** The wait before restart number `attempt` (0-based) of a process that keeps dying. */
export const restartDelay = (policy: RestartPolicy, attempt: number): number => Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** attempt);

/**
 * Starts a compiled service (`node <entry>`) with its env, logs to `<logDir>/<name>.log`, and resolves once
 * its `readyPath` answers 200. A service that exits during start-up fails with the tail of its log. Once
 * up, it is supervised as an orchestrator would: if it exits or is killed it is started again after a
 * backoff (each restart logged), until `stop()`, which stops it without a restart.
 */
export async function startNodeProcess(opts: {
  name: string;
  /** Which of its service's processes this is: 1 (the default) logs to `<name>.log`, others to `<name>-<replica>.log`. */
  replica?: number;
  entry: string;
  env: Record<string, string | undefined>;
  url: string;
  readyPath: string;
  /** Where readiness is asked instead of `url` + `readyPath` (a replica sharing its public port asks its own admin port). */
  readyUrl?: string;
  logDir: string;
  timeoutMs?: number;
  restart?: RestartPolicy | false;
  log?: (line: string) => void;
}): Promise<RunningProcess> {
  if (!fs.existsSync(opts.entry)) throw new Error(`${opts.name} is not built (${path.relative(process.cwd(), opts.entry)} missing). Run npm run build.`);
  fs.mkdirSync(opts.logDir, { recursive: true });
  const replica = opts.replica ?? 1;
  const label = replica === 1 ? opts.name : `${opts.name}-${replica}`;
  const logFile = path.join(opts.logDir, `${label}.log`);
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  const say = opts.log ?? (() => undefined);
  let tail = '';
  const keep = (d: Buffer) => (tail = (tail + d.toString()).slice(-4000));
  const spawnChild = (once: Record<string, string> = {}) => {
    const c = spawn(process.execPath, ['--enable-source-maps', opts.entry], { env: { ...process.env, ...opts.env, ...once }, stdio: ['ignore', 'pipe', 'pipe'] });
    c.stdout!.pipe(log, { end: false });
    c.stderr!.pipe(log, { end: false });
    c.stdout!.on('data', keep);
    c.stderr!.on('data', keep);
    return c;
  };

  let child = spawnChild();
  try {
    await waitFor(
      `${opts.name} at ${opts.url}${opts.readyPath}`,
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${opts.name} exited with code ${child.exitCode ?? child.signalCode}:\n${tail}`);
        const res = await fetch(opts.readyUrl ?? `${opts.url}${opts.readyPath}`, { signal: AbortSignal.timeout(1000) }).catch(() => null);
        return res?.status === 200;
      },
      opts.timeoutMs ?? 90_000,
    );
  } catch (err) {
    child.kill('SIGKILL');
    log.end();
    throw new Error(`${(err as Error).message}\n--- last output of ${label} (${logFile}) ---\n${tail}`);
  }

  const policy = opts.restart === false ? null : (opts.restart ?? DEFAULT_RESTART_POLICY);
  let stopping = false;
  let restarts = 0;
  let attempt = 0;
  let pending: NodeJS.Timeout | undefined;
  let startedAt = Date.now();
  let onceEnv: Record<string, string> = {};
  const supervise = (c: ChildProcess) => {
    c.once('exit', (code, signal) => {
      if (stopping || !policy) return;
      if (Date.now() - startedAt >= policy.resetAfterMs) attempt = 0;
      const delay = restartDelay(policy, attempt++);
      const line = `${label} exited (${signal ?? `code ${code}`}); restarting in ${delay} ms (restart ${restarts + 1})`;
      say(`  ${line}`);
      log.write(`[supervisor] ${new Date().toISOString()} ${line}\n`);
      pending = setTimeout(() => {
        pending = undefined;
        if (stopping) return;
        restarts++;
        startedAt = Date.now();
        child = spawnChild(onceEnv);
        onceEnv = {};
        supervise(child);
      }, delay);
    });
  };
  supervise(child);

  return {
    name: opts.name,
    url: opts.url,
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    replica,
    logFile,
    pid: () => (child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    kill: (signal = 'SIGKILL') => void child.kill(signal),
    nextStartEnv: (env) => {
      onceEnv = { ...env };
    },
    halt: () => {
      stopping = true;
      clearTimeout(pending);
    },
    stop: async () => {
      stopping = true;
      clearTimeout(pending);
      const c = child;
      if (c.exitCode === null && c.signalCode === null) {
        const exited = new Promise<void>((r) => c.once('exit', () => r()));
        c.kill('SIGTERM');
        const timer = setTimeout(() => c.kill('SIGKILL'), 12_000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
    },
  };
}
