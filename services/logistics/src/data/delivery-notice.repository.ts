import type { Client } from './prisma-client';

export type DeliveryNoticeKind = 'out' | 'completed';

/** A notice the sweep should try now. */
export interface DueNotice {
  deliveryId: string;
  kind: DeliveryNoticeKind;
}

/** Deliveries' e-mails waiting for the SMTP server to accept them (domain/delivery-notices.service). */
export class DeliveryNoticeRepository {
  constructor(private readonly db: Client) {}

  /** Records the e-mail the change calls for, in the change's transaction; a second one of the same kind is no-op. */
  async add(deliveryId: string, kind: DeliveryNoticeKind, at: Date): Promise<void> {
    await this.db.$executeRaw`INSERT INTO delivery_notices (delivery_id, kind, created_at, next_attempt_at) VALUES (${deliveryId}::uuid, ${kind}, ${at}, ${at})
      ON CONFLICT (delivery_id, kind) DO NOTHING`;
  }

  /**
   * Claims the notice for one sender until `until` when it is unsent and due at `at`: the attempt's number, or null
   * when it was sent already or another sender holds it (the conditional update decides who won).
   */
  async claim(deliveryId: string, kind: DeliveryNoticeKind, at: Date, until: Date): Promise<number | null> {
    const where = { deliveryId, kind, sentAt: null, nextAttemptAt: { lte: at } };
    const { count } = await this.db.deliveryNotice.updateMany({ where, data: { nextAttemptAt: until, attempts: { increment: 1 } } });
    if (count === 0) return null;
    return (await this.db.deliveryNotice.findUnique({ where: { deliveryId_kind: { deliveryId, kind } }, select: { attempts: true } }))?.attempts ?? null;
  }

  async markSent(deliveryId: string, kind: DeliveryNoticeKind, at: Date): Promise<void> {
    await this.db.deliveryNotice.updateMany({ where: { deliveryId, kind }, data: { sentAt: at } });
  }

  /** Gives a failed attempt back, to be tried again at `at`. */
  async retryAt(deliveryId: string, kind: DeliveryNoticeKind, at: Date): Promise<void> {
    await this.db.deliveryNotice.updateMany({ where: { deliveryId, kind, sentAt: null }, data: { nextAttemptAt: at } });
  }

  /** The unsent notices due at `at`, longest waiting first. */
  async due(at: Date, limit = 50): Promise<DueNotice[]> {
    const rows = await this.db.deliveryNotice.findMany({ where: { sentAt: null, nextAttemptAt: { lte: at } }, orderBy: { nextAttemptAt: 'asc' }, take: limit, select: { deliveryId: true, kind: true } });
    return rows.map((r) => ({ deliveryId: r.deliveryId, kind: r.kind as DeliveryNoticeKind }));
  }
}
