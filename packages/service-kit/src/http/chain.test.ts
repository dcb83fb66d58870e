import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { chain, pathOf, under } from './chain';

type Step = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => unknown;
const req = (url: string) => ({ url, headers: {} }) as IncomingMessage;
const res = {} as ServerResponse;

/** Runs a chain on a request and reports what reached its end: nothing, `done()` or `done(err)`. */
function run(steps: Step[], url = '/api/x'): Promise<{ ended: boolean; err?: unknown; seen: string[] }> {
  const seen: string[] = [];
  return new Promise((resolve) => {
    const handlers = steps.map((s, i) => ((r: IncomingMessage, w: ServerResponse, n: (e?: unknown) => void) => (seen.push(String(i)), s(r, w, n))) as Step);
    chain(...handlers)(req(url), res, (err) => resolve({ ended: true, err, seen }));
    setTimeout(() => resolve({ ended: false, seen }), 20);
  });
}

describe('chain', () => {
  it('runs the handlers in order and ends when the last one goes on', async () => {
    expect(await run([(_q, _s, n) => n(), (_q, _s, n) => n()])).toEqual({ ended: true, err: undefined, seen: ['0', '1'] });
  });

  it('stops at a handler that answers (does not call next)', async () => {
    expect(await run([(_q, _s, n) => n(), () => undefined, (_q, _s, n) => n()])).toEqual({ ended: false, seen: ['0', '1'] });
  });

  it('leaves with the error passed to next, a thrown one or a rejected promise, skipping the rest', async () => {
    const boom = new Error('boom');
    expect(await run([(_q, _s, n) => n(boom), (_q, _s, n) => n()])).toEqual({ ended: true, err: boom, seen: ['0'] });
    expect(await run([() => { throw boom; }, (_q, _s, n) => n()])).toEqual({ ended: true, err: boom, seen: ['0'] });
    expect(await run([async () => { throw boom; }, (_q, _s, n) => n()])).toEqual({ ended: true, err: boom, seen: ['0'] });
  });

  it("passes express's 'route' on instead of running the rest", async () => {
    expect(await run([(_q, _s, n) => n('route'), (_q, _s, n) => n()])).toEqual({ ended: true, err: 'route', seen: ['0'] });
  });
});

describe('under', () => {
  const applies = (prefix: string, url: string) => {
    let ran = false;
    under(prefix, (_q, _s, n) => ((ran = true), n()))(req(url), res, () => undefined);
    return ran;
  };

  it('applies to the prefix and the paths below it, as app.use(prefix) does (case-insensitive, whole segments)', () => {
    expect(applies('/api', '/api')).toBe(true);
    expect(applies('/api', '/api/projects?x=1')).toBe(true);
    expect(applies('/api', '/API/projects')).toBe(true);
    expect(applies('/api', '/apikeys')).toBe(false);
    expect(applies('/api', '/')).toBe(false);
    expect(applies('/api', 'http://example.com/api/projects')).toBe(true);
  });

  it('reads the path as express does, query and absolute form aside', async () => {
    // The same requests through a real server: node's parse of the request line is what pathOf sees.
    const paths: string[] = [];
    const server = http.createServer((r, w) => (paths.push(pathOf(r)), w.end())).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    for (const path of ['/api/items?page=2', 'http://elsewhere.test/api/items']) {
      await new Promise<void>((resolve, reject) => http.get({ host: '127.0.0.1', port, path }, (r) => (r.resume(), r.on('end', resolve))).on('error', reject));
    }
    server.close();
    expect(paths).toEqual(['/api/items', '/api/items']);
  });
});
