import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request (or event) being handled, for code that is not handed the request: the outbox stores its id
 * with the events written while answering it, and every log line carries it. Set by the kit's request id
 * middleware and by its consumers around a handler.
 */
const store = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request (or of the request behind the event) being handled, if any. */
export const currentRequestId = (): string | undefined => store.getStore()?.requestId;

/** Runs `fn` as part of the request `requestId`. */
export const withRequestId = <T>(requestId: string | undefined, fn: () => T): T => (requestId ? store.run({ requestId }, fn) : fn());

/** The Idempotency-Key a request holds while its handler runs (see the kit's idempotency middleware). */
export interface HeldIdempotencyKey {
  caller: string;
  key: string;
  lease: string;
  /** The projects the handler's access checks let the caller reach: a replay of its answer checks them again. */
  reached?: Set<string>;
  /** For a body the handler reads as a stream (readBody): records its digest as part of the key's fingerprint. */
  bodyRead?: (digest: string) => Promise<void>;
}
const heldKeys = new AsyncLocalStorage<HeldIdempotencyKey>();

/** The key the request being handled holds, if any: its unit of work stamps the key's row as it commits. */
export const currentIdempotencyKey = (): HeldIdempotencyKey | undefined => heldKeys.getStore();

/**
 * Called by a service's access check when it lets the caller reach a project: while a keyed request runs, the
 * project is stored with its answer, and a replay of the answer is refused to a caller who no longer reaches it.
 */
export const noteProjectReached = (projectId: string): void => void heldKeys.getStore()?.reached?.add(projectId.toLowerCase());

/** Runs `fn` (the rest of the request) holding `held`. */
export const withIdempotencyKey = <T>(held: HeldIdempotencyKey, fn: () => T): T => heldKeys.run(held, fn);
