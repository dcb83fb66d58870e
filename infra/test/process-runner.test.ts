import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from '../src/ports';
import { restartDelay, startNodeProcess, type RunningProcess } from '../src/process-runner';

const entry = path.join(__dirname, 'fixtures', 'fake-service.js');
const policy = { initialDelayMs: 200, maxDelayMs: 800, resetAfterMs: 60_000 };

async function pidAt(url: string): Promise<number | null> {
  const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(500) }).catch(() => null);
  return res?.ok ? ((await res.json()) as { pid: number }).pid : null;
}

describe('the process runner supervises what it starts', () => {
  let proc: RunningProcess | undefined;
  afterEach(async () => proc?.stop());

  it('doubles the restart delay up to its ceiling', () => {
    expect([0, 1, 2, 3, 4].map((n) => restartDelay({ initialDelayMs: 500, maxDelayMs: 10_000, resetAfterMs: 30_000 }, n))).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(restartDelay({ initialDelayMs: 500, maxDelayMs: 10_000, resetAfterMs: 30_000 }, 9)).toBe(10_000);
  });

  it('restarts a child killed with SIGKILL, waiting longer each time, logs each restart and stops without one', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const lines: string[] = [];
    proc = await startNodeProcess({ name: 'fake', entry, env: { PORT: String(port) }, url, readyPath: '/readyz', logDir: path.join(os.tmpdir(), 'midway-runner-test'), restart: policy, log: (l) => lines.push(l) });
    const gaps: number[] = [];
    let pid = proc.child.pid!;
    for (let round = 1; round <= 3; round++) {
      const killedAt = Date.now();
      process.kill(pid, 'SIGKILL');
      let next: number | null = null;
      await waitFor('the restarted child', async () => ((next = await pidAt(url)) !== null && next !== pid), 10_000, 20);
      gaps.push(Date.now() - killedAt);
      expect(proc.restarts).toBe(round);
      pid = next!;
    }
    // 200, 400, 800 ms of backoff: each wait at least its delay, the third clearly longer than the first.
    expect(gaps[0]).toBeGreaterThanOrEqual(200);
    expect(gaps[1]).toBeGreaterThanOrEqual(400);
    expect(gaps[2]).toBeGreaterThanOrEqual(800);
    expect(lines.filter((l) => /fake exited \(SIGKILL\); restarting in \d+ ms/.test(l))).toHaveLength(3);

    const last = proc.child;
    await proc.stop();
    proc = undefined;
    expect(last.exitCode !== null || last.signalCode !== null).toBe(true);
    await new Promise((r) => setTimeout(r, 600));
    expect(await pidAt(url)).toBeNull();
  });

  it('starts the next restart only with the env asked for it, the one after with the usual env again', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    proc = await startNodeProcess({ name: 'fake-once', entry, env: { PORT: String(port) }, url, readyPath: '/readyz', logDir: path.join(os.tmpdir(), 'midway-runner-test'), restart: policy });
    const crashPointAfterKill = async () => {
      const pid = proc!.child.pid!;
      process.kill(pid, 'SIGKILL');
      let seen: { pid: number; crashPoint: string | null } | null = null;
      await waitFor('the restarted child', async () => {
        const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(500) }).catch(() => null);
        seen = res?.ok ? ((await res.json()) as { pid: number; crashPoint: string | null }) : null;
        return !!seen && seen.pid !== pid;
      }, 10_000, 20);
      return seen!.crashPoint;
    };
    proc.nextStartEnv({ MIDWAY_CRASH_POINT: 'after-commit-before-publish:3' });
    expect(await crashPointAfterKill()).toBe('after-commit-before-publish:3');
    expect(await crashPointAfterKill()).toBeNull();
  });

  it('halted, a child that exits stays down', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    proc = await startNodeProcess({ name: 'fake-halted', entry, env: { PORT: String(port) }, url, readyPath: '/readyz', logDir: path.join(os.tmpdir(), 'midway-runner-test'), restart: policy });
    proc.halt();
    process.kill(proc.child.pid!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 600));
    expect(await pidAt(url)).toBeNull();
    expect(proc.restarts).toBe(0);
  });
});
