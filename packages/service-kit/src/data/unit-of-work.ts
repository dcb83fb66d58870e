import type { EventEnvelope } from '@midway/contracts';
import { crashPoints } from '../crash-point';
import { isTransactionConflict } from '../db/database-unavailable';
import { PgIdempotencyStore } from '../http/idempotency.store';
import { currentIdempotencyKey } from '../request-context';
import { enqueueEvents, noteInboxDuplicate, recordInbox, type RawTx } from '../nats/outbox';

/** A transaction rolled back for a deadlock or serialization failure is run again, up to this many times in all. */
const TRANSACTION_ATTEMPTS = 3;

/** Events written with the change; the relay publishes them after commit. */
export interface Outbox {
  add(...events: EventEnvelope[]): Promise<void>;
}

/** A service's repositories plus the outbox of the same transaction. */
export type WithOutbox<R> = R & { outbox: Outbox };

/** What the kit needs of a Prisma client (any service's generated client fits). */
export interface TransactionalDb<Tx> extends RawTx {
  $transaction<T>(work: (tx: Tx) => Promise<T>, options?: { maxWait?: number; timeout?: number }): Promise<T>;
}

export interface UnitOfWorkOptions<Tx extends RawTx, R> {
  db: TransactionalDb<Tx>;
  /** The service's Postgres schema, where the kit's outbox and inbox tables live. */
  schema: string;
  /**
   * Builds the service's repositories over a client: the database itself outside a transaction
   * (`inTransaction: false`), or the transaction.
   */
  repos(client: Tx | TransactionalDb<Tx>, ctx: { inTransaction: boolean }): R;
  /** Runs after a transaction that wrote events commits: nudge the relay so they go out now. */
  afterCommit?: () => void;
  /** How long a transaction may run (default a minute, which also covers billing's generation of a big month). */
  timeoutMs?: number;
  /** How long a transaction may wait for a connection (default 10 s). */
  maxWaitMs?: number;
}

/**
 * The one way a service writes a change and its events: repositories outside a transaction (`read`) and
 * inside one (`run`), where everything written — the change, its history, its events, a consumer's inbox
 * record — commits or rolls back together.
 */
export class UnitOfWork<Tx extends RawTx, R extends object> {
  readonly read: WithOutbox<R>;

  constructor(private readonly opts: UnitOfWorkOptions<Tx, R>) {
    this.read = {
      ...opts.repos(opts.db, { inTransaction: false }),
      // Outside a transaction an event is still written under the same rules, in a transaction of its own.
      outbox: { add: (...events: EventEnvelope[]) => this.run((r) => r.outbox.add(...events)) },
    };
  }

  /** Runs `work` in one transaction; events it adds are published after the commit. */
  async run<T>(work: (r: WithOutbox<R>) => Promise<T>): Promise<T> {
    return this.transaction((tx, r) => work(r));
  }

  /**
   * After a change committed as one statement outside run() (its row and its outbox rows written by one
   * data-modifying CTE): the same crash point and relay nudge as after run()'s commit, so the fault suite's crash
   * between commit and publish reaches these writes too.
   */
  committedAlone(eventIds: string[]): void {
    if (eventIds.length === 0) return;
    crashPoints.pass('after-commit-before-publish', { schema: this.opts.schema, events: eventIds });
    this.opts.afterCommit?.();
  }

  /**
   * A consumer's effect with its inbox record in one transaction: a redelivered event (same id) does
   * nothing the second time. Returns whether the effect ran.
   */
  async once(event: Pick<EventEnvelope, 'id' | 'type'>, work: (r: WithOutbox<R>) => Promise<void>): Promise<boolean> {
    return this.transaction(async (tx, r) => {
      if (!(await recordInbox(tx, this.opts.schema, event))) {
        noteInboxDuplicate(event.type);
        return false;
      }
      await work(r);
      return true;
    });
  }

  /**
   * Runs the transaction, and again (up to TRANSACTION_ATTEMPTS in all) when Postgres rolled it back for a
   * deadlock or serialization failure: racing writers to shared counter rows then both succeed instead of
   * one getting a 500. Nothing of the rolled-back attempt remains, so running the work again is safe.
   */
  private async transaction<T>(work: (tx: Tx, r: WithOutbox<R>) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.transactionOnce(work);
      } catch (err) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(err)) throw err;
        await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
      }
    }
  }

  private async transactionOnce<T>(work: (tx: Tx, r: WithOutbox<R>) => Promise<T>): Promise<T> {
    let written: string[] = [];
    const out = await this.opts.db.$transaction(
      async (tx) => {
        // Events wait until the work is done and are written just before the commit: writing them takes the
        // schema's outbox lock (commit order, see enqueueEvents), which must not be held while the work
        // waits for row locks of its own.
        const pending: EventEnvelope[] = [];
        const outbox: Outbox = {
          add: async (...events) => {
            pending.push(...events);
          },
        };
        const result = await work(tx, { ...this.opts.repos(tx, { inTransaction: true }), outbox });
        // A keyed request's change and the mark that it happened commit together: a retry after a crash
        // before the answer is told so instead of making the change twice.
        const held = currentIdempotencyKey();
        if (held) await PgIdempotencyStore.markCommitted(tx, this.opts.schema, held);
        if (pending.length) {
          await enqueueEvents(tx, this.opts.schema, pending);
          written = pending.map((e) => e.id);
        }
        return result;
      },
      { timeout: this.opts.timeoutMs ?? 60_000, maxWait: this.opts.maxWaitMs ?? 10_000 },
    );
    if (written.length) {
      // A fault test's crash here leaves committed events the relay has not heard of: the restart must publish them.
      crashPoints.pass('after-commit-before-publish', { schema: this.opts.schema, events: written });
      this.opts.afterCommit?.();
    }
    return out;
  }
}
