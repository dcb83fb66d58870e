import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { isPortOpen, waitFor } from './ports';

const CANDIDATES = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];

export function findNatsServer(): string | null {
  const found = CANDIDATES.find((p) => fs.existsSync(p));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

/** Installs Debian's nats-server when missing and we are root with apt; otherwise says the one command to run. */
export function ensureNatsServer(log: (line: string) => void = console.log): string {
  const existing = findNatsServer();
  if (existing) return existing;
  const canApt = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!canApt) {
    throw new Error('NATS server not found. Install it with:\n\n  sudo apt-get install -y nats-server\n\nor set NATS_URL to a running NATS server with JetStream (-js).');
  }
  log('Installing nats-server with apt-get (one time)...');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server'], { stdio: 'inherit' });
  const installed = findNatsServer();
  if (!installed) throw new Error('apt-get finished but nats-server is still missing.');
  return installed;
}

export interface RunningNats {
  url: string;
  /** Stops the server (SIGTERM) and starts it again on the same port and store: clients see it go and come back. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startNats(opts: { dir: string; port: number; log?: (line: string) => void }): Promise<RunningNats> {
  const bin = ensureNatsServer(opts.log);
  fs.mkdirSync(opts.dir, { recursive: true });
  let server = await spawnNats(bin, opts);
  // If this process ends without calling stop() (a crash, jest killed mid-run), take the server with it.
  const killOnExit = () => server.child.exitCode === null && server.child.kill('SIGKILL');
  process.once('exit', killOnExit);
  return {
    url: `nats://127.0.0.1:${opts.port}`,
    restart: async () => {
      await server.stop();
      server = await spawnNats(bin, opts);
    },
    stop: async () => {
      process.off('exit', killOnExit);
      await server.stop();
    },
  };
}

async function spawnNats(bin: string, opts: { dir: string; port: number }): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(bin, ['-js', '-sd', opts.dir, '-a', '127.0.0.1', '-p', String(opts.port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const closed = new Promise<void>((r) => child.once('close', () => r()));
  try {
    await waitFor(`NATS on port ${opts.port}`, async () => {
      if (child.exitCode !== null) throw new Error(`nats-server exited: ${output}`);
      return isPortOpen(opts.port);
    }, 20_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${output.slice(-2000)}`);
  }
  return {
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      // 'exit' can come before the pipes close; until they do, the child's handle keeps jest's process open.
      child.stdout.destroy(); child.stderr.destroy();
      await closed;
    },
  };
}
