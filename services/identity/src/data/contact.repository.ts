import type { ContactBody } from '@midway/contracts';
import type { Db } from './prisma-client';

export interface ContactRecord extends ContactBody {
  id: string;
  createdAt: Date;
}

export class ContactRepository {
  constructor(private readonly db: Db) {}

  async create(message: ContactBody): Promise<ContactRecord> {
    const row = await this.db.contactMessage.create({ data: { ...message, phone: message.phone ?? null } });
    return { ...row, phone: row.phone ?? undefined };
  }

  /**
   * Claims up to `limit` messages whose e-mail has not been accepted yet, oldest first, for `leaseMs`.
   * SKIP LOCKED and the lease keep two replicas from sending the same message.
   */
  async claimPending(limit = 20, leaseMs = 60_000): Promise<ContactRecord[]> {
    const rows = await this.db.$queryRaw<{ id: string; first_name: string; last_name: string; email: string; phone: string | null; message: string; created_at: Date }[]>`
      UPDATE contact_messages SET claimed_until = now() + ${leaseMs} * interval '1 millisecond', attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM contact_messages
        WHERE emailed_at IS NULL AND attempts < 20 AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, first_name, last_name, email, phone, message, created_at`;
    return rows
      .map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, phone: r.phone ?? undefined, message: r.message, createdAt: r.created_at }))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async markEmailed(id: string): Promise<void> {
    await this.db.contactMessage.update({ where: { id }, data: { emailedAt: new Date(), claimedUntil: null } });
  }

  /** Gives the message back for the next pass (the attempt was counted when it was claimed). */
  async release(id: string): Promise<void> {
    await this.db.contactMessage.update({ where: { id }, data: { claimedUntil: null } });
  }
}
