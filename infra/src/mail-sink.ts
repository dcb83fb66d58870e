import { spawn } from 'node:child_process';
import path from 'node:path';
import { isPortOpen, waitFor } from './ports';
import { REPO_ROOT } from './paths';

const REPO_NODE_MODULES = path.join(REPO_ROOT, 'node_modules');

export interface RunningMailSink {
  smtpUrl: string;
  webUrl: string;
  stop(): Promise<void>;
}

/** MailDev catches every outgoing e-mail; its web UI shows them in the browser (tests read them with @midway/testing's readMail). */
export async function startMailSink(opts: { smtpPort: number; webPort: number; dir?: string }): Promise<RunningMailSink> {
  // maildev exports only its ESM entry; its CLI sits beside it.
  const bin = path.join(REPO_NODE_MODULES, 'maildev', 'dist', 'bin', 'maildev.js');
  const args = [bin, '--smtp', String(opts.smtpPort), '--web', String(opts.webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--silent'];
  if (opts.dir) args.push('--mail-directory', opts.dir);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const closed = new Promise<void>((r) => child.once('close', () => r()));
  // If this process ends without calling stop() (a crash, jest killed mid-run), take the server with it.
  const killOnExit = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', killOnExit);
  await waitFor('the mail sink', async () => {
    if (child.exitCode !== null) throw new Error(`maildev exited: ${err}`);
    return (await isPortOpen(opts.smtpPort)) && (await isPortOpen(opts.webPort));
  }, 30_000);
  return {
    smtpUrl: `smtp://127.0.0.1:${opts.smtpPort}`,
    webUrl: `http://127.0.0.1:${opts.webPort}`,
    stop: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      // 'exit' can come before the pipes close; until they do, the child's handle keeps jest's process open.
      child.stderr.destroy();
      await closed;
    },
  };
}
