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

  /** Messages whose notification e-mail has not been accepted yet, oldest first. */
  async pendingEmails(limit = 20): Promise<ContactRecord[]> {
    const rows = await this.db.contactMessage.findMany({ where: { emailedAt: null, attempts: { lt: 20 } }, orderBy: { createdAt: 'asc' }, take: limit });
    return rows.map((r) => ({ ...r, phone: r.phone ?? undefined }));
  }

  async markEmailed(id: string): Promise<void> {
    await this.db.contactMessage.update({ where: { id }, data: { emailedAt: new Date(), attempts: { increment: 1 } } });
  }

  async markFailed(id: string): Promise<void> {
    await this.db.contactMessage.update({ where: { id }, data: { attempts: { increment: 1 } } });
  }
}
