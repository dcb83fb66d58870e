import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { useGateway, type StandIn } from './gateway-harness';

/** A catalog in a process of its own on a fixed port, so it can be killed with SIGKILL and started again. */
let port = 0;
let catalog: ChildProcess | undefined;
const SCRIPT = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json' }); s.end('{"ok":true}'); }).listen(Number(process.env.PORT), '127.0.0.1', () => process.send('up'));`;

function startCatalog(): Promise<void> {
  catalog = spawn(process.execPath, ['-e', SCRIPT], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    catalog!.once('message', () => resolve());
    catalog!.once('exit', (code) => reject(new Error(`the stand-in catalog exited (${code})`)));
  });
}

async function catalogStandIn(): Promise<StandIn> {
  port = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as AddressInfo;
      probe.close(() => resolve(p));
    });
  });
  await startCatalog();
  return { url: `http://127.0.0.1:${port}`, requests: () => 0, close: () => void catalog?.kill('SIGKILL') };
}

const t = useGateway({ standIns: { CATALOG_URL: catalogStandIn } });

async function timedGet(): Promise<{ status: number; body: { message?: string; ok?: boolean }; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${t.gateway.url}/api/shared/projects/some-link`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as { message?: string }, ms: Date.now() - started };
}

describe('a service killed and restarted behind the gateway', () => {
  it('answers 503 with a JSON message within 5 s while it is down, then 200 again once it is back', async () => {
    expect((await timedGet()).status).toBe(200); // a kept-alive connection to it now exists

    const exited = new Promise((r) => catalog!.once('exit', r));
    catalog!.kill('SIGKILL');
    await exited;
    for (let i = 0; i < 3; i++) {
      const down = await timedGet();
      expect(down.status).toBe(503);
      expect(down.body.message).toMatch(/catalog service is not answering/);
      expect(down.ms).toBeLessThan(5000);
    }

    // Back at once, or, if its health probe took it out meanwhile, at the first probe it answers (every second).
    await startCatalog();
    const backBy = Date.now() + 3000;
    let back = await timedGet();
    while (back.status !== 200 && Date.now() < backBy) {
      expect(back.status).toBe(503);
      await new Promise((r) => setTimeout(r, 100));
      back = await timedGet();
    }
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ ok: true });
  });
});
