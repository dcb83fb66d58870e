import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '@midway/infra';
import { signUp, startTestGateway, startTestIdentity, type Gateway } from './gateway-harness';

/**
 * Two catalog replicas, each a process of its own, behind one gateway (CATALOG_URL lists both): killed with
 * SIGKILL, hung with SIGSTOP (it still accepts connections, and answers nothing, its health probe included)
 * and brought back, as a crashed or wedged replica would be. Each tells the test over IPC what reached it.
 */
const REPLICA = `
const name = process.env.REPLICA;
require('node:http').createServer((req, res) => {
  if (req.url === '/healthz') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString();
    process.send({ method: req.method, url: req.url, body });
    const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ replica: name, body }));
    // A long request on a healthy replica (an import): only the health probe may decide it is hung.
    if (req.url.endsWith('/slow')) setTimeout(answer, 5000); else answer();
  });
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send('up'));`;

interface Seen {
  method: string;
  url: string;
  body: string;
}

class Replica {
  child: ChildProcess | undefined;
  seen: Seen[] = [];
  constructor(
    readonly name: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  start(): Promise<void> {
    const child = spawn(process.execPath, ['-e', REPLICA], { env: { ...process.env, PORT: String(this.port), REPLICA: this.name }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child = child;
    child.on('message', (m) => void (m !== 'up' && this.seen.push(m as Seen)));
    return new Promise((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`replica ${this.name} exited (${code})`)));
    });
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async kill(): Promise<void> {
    const child = this.child!;
    if (!this.running) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited;
  }
}

let gateway: Gateway;
let identity: Awaited<ReturnType<typeof startTestIdentity>>;
let a: Replica;
let b: Replica;
let cookie: string;

beforeAll(async () => {
  a = new Replica('a', await freePort());
  b = new Replica('b', await freePort());
  [identity] = await Promise.all([startTestIdentity(), a.start(), b.start()]);
  gateway = await startTestGateway(identity.url, { CATALOG_URL: `${a.url}, ${b.url}` });
  await gateway.feed.ready;
  cookie = await signUp(gateway.url);
});

/** Each test starts with both replicas running and taken by the gateway, whatever the one before did. */
beforeEach(async () => {
  for (const r of [a, b]) {
    r.child?.kill('SIGCONT');
    if (!r.running) await r.start();
  }
  // A replica taken out again soon after coming back stays out longer each time (up to 10 s here, after the tests before).
  await until('both replicas in the gateway', async () => (await upGauge(a)) === '1' && (await upGauge(b)) === '1', 15_000);
}, 20_000);

afterAll(async () => {
  await Promise.all([a.kill(), b.kill()]);
  await gateway?.stop();
  await identity?.stop();
});

async function get(path = '/api/shared/projects/link'): Promise<{ status: number; body: { replica?: string; message?: string; error?: string }; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${gateway.url}${path}`, { signal: AbortSignal.timeout(25_000) });
  return { status: res.status, body: await res.json(), ms: Date.now() - started };
}

const post = (n: number) => fetch(`${gateway.url}/api/projects/p1/items`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ n }) });

/** What the gateway's admin port says of a replica: 1 taken, 0 taken out. */
async function upGauge(replica: Replica): Promise<string | undefined> {
  const text = await (await fetch(`${gateway.adminUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('midway_upstream_up{') && l.includes(`replica="${replica.url}"`) && l.includes('upstream_service="catalog"'));
  return line?.split(' ').pop();
}

async function until(what: string, check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const replicasOf = (answers: { body: { replica?: string } }[]) => answers.map((x) => x.body.replica);
const count = (names: (string | undefined)[], name: string) => names.filter((n) => n === name).length;

describe('a service with two replicas behind the gateway', () => {
  it('shares the requests between them in turn', async () => {
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await get());
    expect(answers.map((x) => x.status)).toEqual(Array(20).fill(200));
    expect(count(replicasOf(answers), 'a')).toBe(10);
    expect(count(replicasOf(answers), 'b')).toBe(10);
  });

  it('sends the writes a killed replica refused to the other one, each exactly once, and no GET sees an error', async () => {
    await b.kill();
    await new Promise((r) => setTimeout(r, 100)); // its kept-alive connections are seen closed
    a.seen = [];
    const posts = await Promise.all(Array.from({ length: 10 }, (_, n) => post(n)));
    expect(posts.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = a.seen.filter((s) => s.method === 'POST').map((s) => JSON.parse(s.body).n as number);
    expect(bodies.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const metrics = await (await fetch(`${gateway.adminUrl}/metrics`)).text();
    expect(metrics).toMatch(/^midway_upstream_retries_total\{upstream_service="catalog"[^}]*\} [1-9]/m);

    const answers = await Promise.all(Array.from({ length: 20 }, () => get()));
    expect(answers.map((x) => x.status)).toEqual(Array(20).fill(200));
    expect(count(replicasOf(answers), 'a')).toBe(20);
    expect(await upGauge(b)).toBe('0');
  });

  it('takes a restarted replica back by itself', async () => {
    await b.kill();
    expect((await get()).status).toBe(200);
    await until('replica b taken out', async () => (await upGauge(b)) === '0');
    await b.start();
    await until('replica b back in the gateway', async () => (await upGauge(b)) === '1');
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await get());
    expect(answers.map((x) => x.status)).toEqual(Array(10).fill(200));
    expect(count(replicasOf(answers), 'b')).toBe(5);
  });

  // Taken out once its requests waited 5 s in silence while the other answered, and the requests it holds answered
  // 503 after 15 s of it (upstream-set.ts), checked every second.
  it('answers 503 with a JSON message within 20 s for the requests a hung replica holds, then sends everything to the other', async () => {
    b.child!.kill('SIGSTOP');
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => get()));
      const held = answers.filter((x) => x.status !== 200);
      expect(held.length).toBeGreaterThan(0);
      for (const x of held) {
        expect(x.status).toBe(503);
        expect(x.body).toMatchObject({ error: 'service_unavailable', message: expect.stringMatching(/catalog service is not answering/) });
        expect(x.ms).toBeLessThan(20_000);
      }
      expect(count(replicasOf(answers), 'a')).toBe(6 - held.length);
      expect(await upGauge(b)).toBe('0');

      const after = await Promise.all(Array.from({ length: 6 }, () => get()));
      expect(after.map((x) => x.status)).toEqual(Array(6).fill(200));
      expect(count(replicasOf(after), 'a')).toBe(6);
    } finally {
      b.child!.kill('SIGCONT');
    }
  }, 45_000);

  it('answers 503 at once while every replica is down', async () => {
    await Promise.all([a.kill(), b.kill()]);
    const first = await get(); // both refuse: the first request learns it, and no other replica is left
    expect(first.status).toBe(503);
    const down = await get();
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/catalog service is not answering/);
    expect(down.ms).toBeLessThan(1000);
  });

  it('lets a long request on a healthy replica finish: the probe, not a short timeout, decides', async () => {
    const slow = await get('/api/shared/projects/slow');
    expect(slow.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(5000);
  });
});
