import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitFor } from './ports';

export interface RunningProcess {
  name: string;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a compiled service (`node <entry>`) with its env, logs to `<logDir>/<name>.log`, and resolves once
 * its `readyPath` answers 200. A service that exits during start-up fails with the tail of its log.
 */
export async function startNodeProcess(opts: {
  name: string;
  entry: string;
  env: Record<string, string | undefined>;
  url: string;
  readyPath: string;
  logDir: string;
  timeoutMs?: number;
}): Promise<RunningProcess> {
  if (!fs.existsSync(opts.entry)) throw new Error(`${opts.name} is not built (${path.relative(process.cwd(), opts.entry)} missing). Run npm run build.`);
  fs.mkdirSync(opts.logDir, { recursive: true });
  const logFile = path.join(opts.logDir, `${opts.name}.log`);
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--enable-source-maps', opts.entry], {
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  let tail = '';
  const keep = (d: Buffer) => (tail = (tail + d.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    await waitFor(
      `${opts.name} at ${opts.url}${opts.readyPath}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${opts.name} exited with code ${child.exitCode}:\n${tail}`);
        const res = await fetch(`${opts.url}${opts.readyPath}`, { signal: AbortSignal.timeout(1000) }).catch(() => null);
        return res?.status === 200;
      },
      opts.timeoutMs ?? 90_000,
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n--- last output of ${opts.name} (${logFile}) ---\n${tail}`);
  }
  return {
    name: opts.name,
    url: opts.url,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
      log.end();
    },
  };
}
