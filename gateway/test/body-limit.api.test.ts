import net from 'node:net';
import { PHOTO_MAX_BYTES } from '@midway/contracts';
import { signUp, standInService, useGateway } from './gateway-harness';

/**
 * A body over its route's limit gets the 413 JSON message in the caller's hands, through the real gateway and
 * Node's fetch (undici, as a browser does: it sends the whole body, then reads the answer), never a reset
 * connection (EPIPE, ECONNRESET) instead. Billing and logistics are stand-ins that count what reaches them:
 * nothing over a limit may.
 */
const t = useGateway({ standIns: { BILLING_URL: () => standInService(() => ({ ok: true })), LOGISTICS_URL: () => standInService(() => ({ ok: true })) } });
let cookie: string;
beforeAll(async () => {
  cookie = await signUp(t.gateway.url);
});

interface Answer {
  status: number;
  body: { error?: string; message?: string };
}

/** The answer, or the connection's failure as what fetch threw (its cause's code): the test prints it when it is not a 413. */
async function send(method: string, path: string, body: BodyInit, headers: Record<string, string>): Promise<Answer | string> {
  try {
    const res = await fetch(`${t.gateway.url}${path}`, { method, headers, body, signal: AbortSignal.timeout(20_000) });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return `fetch failed: ${cause?.code ?? cause?.message ?? (err as Error).message}`;
  }
}

const tooLarge = { status: 413, body: { error: 'payload_too_large', message: expect.stringMatching(/too large/) } };
const oneMbJson = (field: string) => JSON.stringify({ [field]: 'x'.repeat(1024 * 1024) });
const jsonHeaders = () => ({ 'content-type': 'application/json', cookie });

describe('a body over its route’s limit', () => {
  it('gets 413 with its JSON message on sign-in: a 1 MB JSON string', async () => {
    expect(await send('POST', '/api/login', JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }), { 'content-type': 'application/json' })).toEqual(tooLarge);
  });

  it('gets 413 with its JSON message on invoice lines and billing actions, and reaches no service', async () => {
    const before = t.standIn('BILLING_URL').requests();
    expect(await send('POST', '/api/invoices/0b8f3c2e-1111-4a4a-9b9b-123456789abc/items', oneMbJson('description'), jsonHeaders())).toEqual(tooLarge);
    expect(await send('POST', '/api/billing/runs', oneMbJson('note'), jsonHeaders())).toEqual(tooLarge);
    expect(t.standIn('BILLING_URL').requests()).toBe(before);
  });

  it('gets 413 with its JSON message for a photo over 10 MB, and a PDF over 10 MB', async () => {
    const before = t.standIn('LOGISTICS_URL').requests();
    const photo = await send('PUT', '/api/objects/uploads/7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab?sig=x', new Uint8Array(11 * 1024 * 1024), { 'content-type': 'image/jpeg', cookie });
    expect(photo).toEqual(tooLarge);
    const pdf = await send('POST', '/api/projects/0b8f3c2e-4444-4a4a-9b9b-123456789abc/purchase-orders', new Uint8Array(PHOTO_MAX_BYTES + 1024 * 1024), { 'content-type': 'application/pdf', cookie });
    expect(pdf).toEqual(tooLarge);
    expect(t.standIn('LOGISTICS_URL').requests()).toBe(before);
  });

  it('gets 413 with its JSON message when the body comes chunked, without a length', async () => {
    const chunk = new Uint8Array(256 * 1024).fill(0x20);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 8; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const res = await fetch(`${t.gateway.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('reaches a client that sends its whole body before it reads the answer (the connection is not reset under it)', async () => {
    const answer = await sendAllThenRead('/api/objects/uploads/7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab?sig=x', 11 * 1024 * 1024);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"error":"payload_too_large"');
  });

  it('answers 413 on several at once, each one', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => send('POST', '/api/login', JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }), { 'content-type': 'application/json' })));
    expect(answers).toEqual(Array(6).fill(tooLarge));
  });
});

/**
 * A raw HTTP/1.1 PUT whose `bytes` of body are all written (each write waited for) before the answer is read,
 * as a browser uploading a file does: what it then reads, or the connection's error.
 */
function sendAllThenRead(path: string, bytes: number): Promise<string> {
  const { hostname, port } = new URL(t.gateway.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const received: Buffer[] = [];
    let failed: string | undefined;
    socket.pause(); // nothing is read until the whole body is sent
    socket.on('data', (c: Buffer) => received.push(c));
    socket.on('error', (err: NodeJS.ErrnoException) => (failed ??= `connection failed: ${err.code ?? err.message}`));
    socket.on('close', () => resolve(failed && received.length === 0 ? failed : Buffer.concat(received).toString('latin1')));
    socket.once('connect', async () => {
      const write = (chunk: Buffer | string) => new Promise<void>((ok) => socket.write(chunk, () => ok()));
      await write(`PUT ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: image/jpeg\r\nCookie: ${cookie}\r\nContent-Length: ${bytes}\r\nConnection: close\r\n\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 0xab);
      for (let sent = 0; sent < bytes && !failed; sent += chunk.length) await write(chunk.subarray(0, Math.min(chunk.length, bytes - sent)));
      socket.resume();
    });
  });
}
