import { randomUUID } from 'node:crypto';

/** What the fault suite's clients met, over every attempt of every write and probe. */
export class Tally {
  requests = 0;
  succeeded = 0;
  /** 503s with a JSON `message` (the gateway's "not answering", a starting gateway's "not ready"). */
  unavailable = 0;
  /** Connections refused: the gateway itself was down. */
  refused = 0;
  /** Requests cut by a dying gateway (only counted while the gateway is being killed; anywhere else a failure). */
  cut = 0;
  /** Anything else: a 5xx other than a JSON 503, a 4xx, a hang. Each fails the suite. */
  readonly failures: string[] = [];
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ClientOptions {
  baseUrl: string;
  tally: Tally;
  cookie?: string;
  /** Whether a connection the gateway cut mid-request is expected now (its kill -9 is under way). */
  gatewayDying?: () => boolean;
  /** How long one write may keep retrying before it is a failure. */
  giveUpAfterMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const REFUSED = new Set(['ECONNREFUSED']);
const CUT = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
/** No answer in this long is a hang: the platform promises a 503 within seconds. */
const HANG_MS = 20_000;

function errorCode(err: unknown): string {
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  return e.cause?.code ?? e.code ?? e.cause?.name ?? e.name ?? 'unknown';
}

/**
 * A client as the apps behave under faults: a refused connection, a cut one or a 503 is retried after a short
 * pause (a POST under the same Idempotency-Key, so a retried write has one effect), each counted; any other
 * answer is recorded as a failure and thrown.
 */
export class FaultClient {
  constructor(private readonly opts: ClientOptions) {}

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const { tally } = this.opts;
    const key = method === 'POST' ? randomUUID() : undefined;
    const deadline = Date.now() + (this.opts.giveUpAfterMs ?? 120_000);
    let pause = 100;
    for (;;) {
      if (Date.now() > deadline) throw this.fail(`${method} ${path}: still unavailable after ${(this.opts.giveUpAfterMs ?? 120_000) / 1000} s`);
      tally.requests++;
      let status: number;
      let text: string;
      let headers: Headers;
      try {
        const res = await fetch(`${this.opts.baseUrl}${path}`, {
          method,
          headers: {
            ...(this.opts.cookie ? { cookie: this.opts.cookie } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(key ? { 'idempotency-key': key } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(HANG_MS),
        });
        status = res.status;
        headers = res.headers;
        text = await res.text();
      } catch (err) {
        const code = errorCode(err);
        if (REFUSED.has(code)) tally.refused++;
        else if (CUT.has(code) && this.opts.gatewayDying?.()) tally.cut++;
        else throw this.fail(`${method} ${path}: ${code === 'TimeoutError' ? `no answer in ${HANG_MS / 1000} s` : `connection failed (${code})`}`);
        await sleep(pause);
        pause = Math.min(1000, pause * 2);
        continue;
      }
      if (status === 503) {
        const message = safeJson(text)?.message;
        if (typeof message !== 'string' || !message) throw this.fail(`${method} ${path}: 503 without a JSON message: ${text.slice(0, 200)}`);
        tally.unavailable++;
        await sleep(pause);
        pause = Math.min(1000, pause * 2);
        continue;
      }
      if (status >= 200 && status < 300) {
        tally.succeeded++;
        return { status, body: (text ? safeJson(text) : null) as T, headers };
      }
      throw this.fail(`${method} ${path}: ${status} ${text.slice(0, 300)}`);
    }
  }

  private fail(message: string): Error {
    this.opts.tally.failures.push(message);
    return new Error(message);
  }
}

function safeJson(text: string): { message?: unknown } | null {
  try {
    return JSON.parse(text) as { message?: unknown };
  } catch {
    return null;
  }
}

/** Signs in (or up) through the gateway; the session cookie as name=value. */
export async function session(baseUrl: string, path: '/api/login' | '/api/register', body: Record<string, string>): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('midway_session='));
  if (!cookie) throw new Error(`${path} set no session cookie`);
  return cookie.split(';')[0]!;
}
