import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { Caller } from '../auth/identity-token';
import { HttpError, notFound } from '../errors';
import { withIdempotencyKey, type HeldIdempotencyKey } from '../request-context';

/**
 * `Idempotency-Key`, with Stripe's semantics: a POST that carries one, from a signed-in caller, has its
 * effect once. Retries of it with the same key within IDEMPOTENCY_KEY_TTL_MS get the first answer (status,
 * body and the headers that matter) without the handler running again; the same key on a different request
 * is a 422; a retry that arrives while the first is still running waits for its answer. The key is the
 * caller's own (scoped by their user id, per service), so one user cannot replay another's answer.
 * "The same request" includes its body: a JSON or form body as parsed, and a body the handler reads as a stream
 * (an upload, through `readBody`) by what it read, so the same key on another file is a 422, never the first
 * file's answer. A replay checks access again: the projects the first handler's access checks reached are stored
 * with its answer, and a caller who no longer reaches one of them (a member removed since) gets a 404.
 * Anonymous requests are left alone: the public POSTs (sign-in, sign-up, contact, the signed webhook) have
 * no caller to scope a key to, and the webhook deduplicates by its event id.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Stripe's window: a key is remembered for a day, then forgotten (and pruned by housekeeping). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/**
 * While a keyed request runs, its process beats on the key's row this often; a row still unanswered whose
 * last beat is older than IDEMPOTENCY_ABANDONED_MS belongs to a process that died (killed, crashed) before
 * its handler's transaction committed, so a retry takes it over and runs it (the client's retry succeeds
 * within seconds of the restart instead of meeting 409s until a fixed timeout).
 */
export const IDEMPOTENCY_HEARTBEAT_MS = 2_000;
export const IDEMPOTENCY_ABANDONED_MS = 10_000;
/** A handler that has not answered after this long is not beaten for any more (it is stuck, not running). */
const HEARTBEAT_LIMIT_MS = 5 * 60_000;
/** Visible ASCII, like Stripe's keys (a UUID fits); anything else is refused rather than silently ignored. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** The answer is the request's own: replayed answers carry neither another exchange's cookies nor framing. */
const NOT_REPLAYED = new Set(['set-cookie', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id']);
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export interface StoredAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export interface IdempotencyRecord {
  fingerprint: string;
  createdAt: Date;
  /** The attempt holding the key. */
  lease: string;
  /** When its holder last said it was still running (its claim at first). */
  heartbeatAt: Date;
  /** Whether its handler's transaction committed (the change happened, answered or not). */
  committed: boolean;
  /** Null while the first request is still running. */
  answer: StoredAnswer | null;
  /** The projects its handler reached (see noteProjectReached): a replay checks the caller still reaches them. */
  projects: string[];
}

export interface IdempotencyClaim {
  caller: string;
  key: string;
  fingerprint: string;
  /** This attempt's own token: only it may complete or release the row it claimed. */
  lease: string;
  now: Date;
}

/**
 * Where keys live: the kit's `idempotency_keys` table in each service's schema (PgIdempotencyStore), or a
 * fake in unit tests. Each call is its own statement, committed before the handler's transaction starts,
 * so two requests at once see each other's row.
 */
export interface IdempotencyStore {
  /**
   * Inserts the key's row unless a live one holds it (the primary key lets exactly one of many racing
   * requests win); a row created before `now - TTL`, or still unanswered and uncommitted with no beat since
   * `now - abandoned`, is taken over. True when this attempt now holds the key.
   */
  claim(c: IdempotencyClaim): Promise<boolean>;
  /** The holder is still running the request (see IDEMPOTENCY_HEARTBEAT_MS). */
  heartbeat(caller: string, key: string, lease: string, now: Date): Promise<void>;
  find(caller: string, key: string): Promise<IdempotencyRecord | null>;
  /** The holder's handler has read its streamed body: the fingerprint now includes what it read. */
  refine(caller: string, key: string, lease: string, fingerprint: string): Promise<void>;
  complete(caller: string, key: string, lease: string, answer: StoredAnswer, projects?: readonly string[]): Promise<void>;
  /** Forgets a claim whose request failed (5xx, 429): a retry runs it afresh. */
  release(caller: string, key: string, lease: string): Promise<void>;
}

export interface IdempotencyOptions {
  store: IdempotencyStore;
  logger?: Logger;
  /** The clock keys age by; tests move it forward a day. Waiting for a running request uses real time. */
  now?: () => number;
  /** How long a retry waits for the first request's answer before answering 409: under the gateway's 30 s, so the 409 reaches the client. */
  maxWaitMs?: number;
  /** First pause between looks at a running request's row; doubles up to 250 ms. */
  pollMs?: number;
  /**
   * Whether the caller still reaches every one of these projects (the service's own access rule). A stored
   * answer whose handler reached projects is replayed only when this says yes; without it, never (404).
   */
  reaches?: (caller: Caller, projectIds: readonly string[]) => Promise<boolean>;
}

const bodyDigests = new WeakMap<IncomingMessage, string>();

/**
 * The JSON parser's `verify` hook: the SHA-256 of the body's exact bytes, taken only when the request
 * carries a key, so a 10 MB import is not serialised again to compare it.
 */
export function noteBodyDigest(req: IncomingMessage, buf: Buffer): void {
  if (req.headers[IDEMPOTENCY_KEY_HEADER] !== undefined) bodyDigests.set(req, createHash('sha256').update(buf).digest('hex'));
}

/**
 * A body no parser read (an upload the handler streams itself): its bytes are known only once the handler has
 * read them (readBody), so until then the request's fingerprint says "a streamed body" (STREAMED).
 */
export function hasStreamedBody(req: Request): boolean {
  if (bodyDigests.has(req) || Buffer.isBuffer(req.body) || req.readableEnded) return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
const STREAMED = 'streamed body, not read yet';

const fingerprintOf = (req: Request, bodyDigest: string) => createHash('sha256').update(`${req.method}\n${req.originalUrl}\n${bodyDigest}`).digest('hex');

/** What "the same request" means: method, path with query, and body (a streamed one: see hasStreamedBody). */
export function requestFingerprint(req: Request): string {
  if (hasStreamedBody(req)) return fingerprintOf(req, STREAMED);
  return fingerprintOf(req, bodyDigests.get(req) ?? createHash('sha256').update(Buffer.isBuffer(req.body) ? req.body : JSON.stringify(req.body ?? null)).digest('hex'));
}

/** A retry's streamed body, hashed as it arrives and not kept: its fingerprint, to compare with the first's. */
async function streamedFingerprint(req: Request): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of req as AsyncIterable<Buffer>) hash.update(chunk);
  return fingerprintOf(req, hash.digest('hex'));
}

export const invalidIdempotencyKey = () =>
  new HttpError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good key).');
export const idempotencyKeyReused = () =>
  new HttpError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different request (another method, path or body). Send a new key for a new request.',
  );
export const idempotencyKeyInUse = () =>
  new HttpError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry shortly with the same key.');
/** A replay to a caller who no longer reaches a project the first answer was about: as a fresh request would answer. */
export const replayRefused = () => notFound('Project not found');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The answer to a retry of a request whose change committed but whose process died before it answered. */
export const ANSWER_LOST: StoredAnswer = {
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(
    JSON.stringify({ message: 'This request was already carried out; its original answer was lost when the service restarted. Reload to see the result.' }),
  ),
};

/** The middleware: mount after the caller is known (the runtime mounts it after identityMiddleware). */
export function idempotency({ store, logger, now = Date.now, maxWaitMs = 25_000, pollMs = 20, reaches }: IdempotencyOptions): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers[IDEMPOTENCY_KEY_HEADER];
    if (req.method !== 'POST' || header === undefined || !req.caller) return next();
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) return next(invalidIdempotencyKey());
    const caller = req.caller.userId;
    const key = header;
    const streamed = hasStreamedBody(req);
    const unread = requestFingerprint(req);
    let fingerprint = unread;
    /** This retry's streamed body was hashed to compare it: it can no longer be handed to a handler. */
    let consumed = false;
    const waitUntil = Date.now() + maxWaitMs;
    let pause = pollMs;
    try {
      for (;;) {
        const lease = randomUUID();
        if (!consumed && (await store.claim({ caller, key, fingerprint, lease, now: new Date(now()) }))) {
          const beat = setInterval(() => void store.heartbeat(caller, key, lease, new Date(now())).catch(() => undefined), IDEMPOTENCY_HEARTBEAT_MS);
          beat.unref();
          const stopBeating = () => clearInterval(beat);
          setTimeout(stopBeating, HEARTBEAT_LIMIT_MS).unref();
          const held: HeldIdempotencyKey = { caller, key, lease, reached: new Set() };
          if (streamed) held.bodyRead = (digest) => store.refine(caller, key, lease, fingerprintOf(req, digest));
          recordAnswer(res, store, held, logger ?? req.log, stopBeating);
          return withIdempotencyKey(held, next);
        }
        const found = await store.find(caller, key);
        // Released (its first attempt failed) or expired between the two statements: claim again (a retry whose
        // body was read to compare it cannot run: it is told to retry, and its next attempt claims the key).
        if (!found) {
          if (consumed) return next(inUse(res));
          continue;
        }
        // A first request whose handler has not read its streamed body (or never does): nothing to compare yet.
        const undecided = streamed && found.fingerprint === unread;
        if (!undecided && found.fingerprint !== fingerprint) {
          if (!streamed || consumed) return next(idempotencyKeyReused());
          fingerprint = await streamedFingerprint(req);
          consumed = true;
          if (found.fingerprint !== fingerprint) return next(idempotencyKeyReused());
        }
        if (found.answer) {
          if (found.projects.length > 0 && !(reaches && (await reaches(req.caller, found.projects)))) return next(replayRefused());
          return replay(res, found.answer);
        }
        if (found.committed && now() - found.heartbeatAt.getTime() >= IDEMPOTENCY_ABANDONED_MS) {
          // Its change committed, then its process died before answering: running it again would repeat the change.
          await store.complete(caller, key, found.lease, ANSWER_LOST);
          return replay(res, ANSWER_LOST);
        }
        if (Date.now() >= waitUntil) return next(inUse(res));
        await sleep(pause);
        pause = Math.min(pause * 2, 250);
      }
    } catch (err) {
      next(err);
    }
  };
}

function inUse(res: Response): HttpError {
  res.setHeader('Retry-After', '1');
  return idempotencyKeyInUse();
}

function replay(res: Response, answer: StoredAnswer): void {
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  res.end(answer.body);
}

type EndArgs = [chunk?: unknown, encoding?: unknown, cb?: unknown];

/**
 * Captures what the handler sends and stores it before the last byte leaves: a client that has the answer
 * and retries at once finds it stored, not still running. A 5xx or 429 releases the key instead.
 */
function recordAnswer(res: Response, store: IdempotencyStore, { caller, key, lease, reached }: HeldIdempotencyKey, logger: Logger | undefined, stopBeating: () => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => Response;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return write(...args);
  }) as Response['write'];
  res.end = ((...args: EndArgs) => {
    if (typeof args[0] !== 'function') keep(args[0], args[1]);
    const status = res.statusCode;
    stopBeating();
    const settle =
      status >= 500 || status === 429
        ? store.release(caller, key, lease)
        : store.complete(caller, key, lease, { status, headers: replayableHeaders(res), body: Buffer.concat(chunks) }, [...(reached ?? [])]);
    settle
      .catch(async (err: unknown) => {
        logger?.warn({ err }, 'could not store the answer of an idempotent request; releasing its key');
        await store.release(caller, key, lease).catch(() => undefined);
      })
      .finally(() => end(...args));
    return res;
  }) as Response['end'];
}

function replayableHeaders(res: Response): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || NOT_REPLAYED.has(name)) continue;
    out[name] = Array.isArray(value) ? value : String(value);
  }
  return out;
}
