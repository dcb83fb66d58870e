import type { Logger } from 'pino';
import type { EventEnvelope, OwnerQueryKind } from '@midway/contracts';
import { HttpError } from '../errors';
import type { Bus } from '../nats/connection';
import { askOwner } from './owner-queries';

/**
 * A read model's 404 for an id it has not seen: still a 404 to the caller, but one a `CatchUp` may turn into
 * an answer by asking the id's owner first. `kind` names what to ask for (the owner's question).
 */
export class NotSeenYetError extends HttpError {
  constructor(
    readonly kind: OwnerQueryKind,
    readonly id: string,
    message: string,
  ) {
    super(404, 'not_found', message);
  }
}

/** Where a read model would answer 404 for `id` (an item, a project it reaches nothing of): ask before. */
export const notSeenYet = (kind: OwnerQueryKind, id: string, message: string) => new NotSeenYetError(kind, id, message);

/** What domain code needs of the mechanism (a domain unit test passes `noCatchUp`). */
export interface CatchUp {
  /**
   * Runs `work`; when it fails with `notSeenYet`, asks the owner, applies what it knows and runs `work` once
   * more, so its 404 then means "does not exist" (or "not yours"). `work` must have had no effect when it
   * throws: one transaction, rolled back.
   */
  retrying<T>(work: () => Promise<T>): Promise<T>;
  /** Asks the owner of `kind` about `id` and applies what it knows; true when it knows the id. */
  learn(kind: OwnerQueryKind, id: string): Promise<boolean>;
}

/** Runs the work once: a 404 is final (for domain unit tests and tools without a bus). */
export const noCatchUp: CatchUp = { retrying: (work) => work(), learn: async () => false };

export interface ReadModelCatchUpOptions {
  /** Asks the owner: its events for the id, empty when it does not exist, null when it did not answer. */
  ask(kind: OwnerQueryKind, id: string): Promise<EventEnvelope[] | null>;
  /**
   * Applies one of the owner's events the way the service's consumer does (its fact handler inside
   * `uow.once`), so the live event arriving later changes nothing.
   */
  apply(event: EventEnvelope): Promise<unknown>;
}

/**
 * The one mechanism by which a read model fed by another domain's events avoids a false 404: before it
 * answers 404 for an id it does not know, it asks the owner (request/reply), applies the answer through its
 * own idempotent fact handler and looks again. Questions about the same id that overlap share one answer.
 */
export class ReadModelCatchUp implements CatchUp {
  private readonly underWay = new Map<string, Promise<boolean>>();

  constructor(private readonly opts: ReadModelCatchUpOptions) {}

  /** Asks the owner about `id` and applies its answer; true when the owner knows it. */
  learn(kind: OwnerQueryKind, id: string): Promise<boolean> {
    const key = `${kind}:${id}`;
    let learning = this.underWay.get(key);
    if (!learning) {
      learning = this.askAndApply(kind, id).finally(() => this.underWay.delete(key));
      this.underWay.set(key, learning);
    }
    return learning;
  }

  async retrying<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof NotSeenYetError) || !(await this.learn(err.kind, err.id))) throw err;
      return work();
    }
  }

  private async askAndApply(kind: OwnerQueryKind, id: string): Promise<boolean> {
    const events = await this.opts.ask(kind, id);
    if (!events?.length) return false;
    // In the owner's order: a project before its items.
    for (const event of events) await this.opts.apply(event);
    return true;
  }
}

/** A `ReadModelCatchUp` that asks over the service's bus (core NATS request/reply, short timeout). */
export function catchUpOverBus(bus: Bus, logger: Logger, apply: ReadModelCatchUpOptions['apply'], timeoutMs?: number): ReadModelCatchUp {
  return new ReadModelCatchUp({ ask: (kind, id) => askOwner(bus, kind, id, { timeoutMs, logger }), apply });
}
