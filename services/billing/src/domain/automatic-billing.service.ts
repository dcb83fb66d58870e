import type { Caller } from '@midway/service-kit';
import { INVOICE_DUE_DAYS, MONTHS, type BillingPeriodBody } from '@midway/contracts';
import type { InvoiceRow } from '../data/invoice.repository';
import type { Repos, UnitOfWork } from '../data/unit-of-work';
import { requireAdmin } from './billing-access';
import { billingEvents } from './billing-events';
import { dayIn } from './calendar';
import { publishCosts } from './cost-events';

const monthName = (p: BillingPeriodBody) => `${MONTHS[p.month - 1]} ${p.year}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export interface BillingSettings {
  tz: string;
  /** Fraction as a decimal string, e.g. '0.05'. */
  taxRate: string;
}

/**
 * The automatic runs: the day's storage fees, the month's cycles and invoices, overdue marking. The
 * scheduled jobs and the admin's buttons call the same methods; each is idempotent and safe to race.
 */
export class AutomaticBillingService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly settings: BillingSettings,
  ) {}

  async recordStorageAsAdmin(caller: Caller) {
    requireAdmin(caller, 'record storage fees');
    return this.recordStorage();
  }

  /** Storage for every item in storage, every day up to `upto` (today) not yet recorded. */
  async recordStorage(upto = dayIn(this.settings.tz)): Promise<{ message: string; added: number }> {
    const costs = await this.uow.run(async (r) => {
      const rows = await r.events.recordStorage(upto, this.settings.tz);
      await publishCosts(r, rows);
      return rows;
    });
    const added = costs.reduce((n, c) => n + c.added, 0);
    return { added, message: added > 0 ? `Daily storage fees recorded through ${upto}: ${plural(added, 'item-day')} added` : `Storage fees were already recorded through ${upto}; nothing to add` };
  }

  async createCyclesAsAdmin(caller: Caller, p: BillingPeriodBody) {
    requireAdmin(caller, 'create billing cycles');
    return this.createCycles(p);
  }

  /** A cycle per project with billable events in the month; existing cycles are kept. */
  async createCycles(p: BillingPeriodBody): Promise<{ message: string; created: number }> {
    const { created, total } = await this.uow.run((r) => r.cycles.create(p.year, p.month));
    const message = created > 0 ? `Billing cycles created for ${monthName(p)}: ${plural(created, 'new cycle')} (${total} in all)` : `No new billing cycles for ${monthName(p)} (${plural(total, 'cycle')} already)`;
    return { created, message };
  }

  async generateAsAdmin(caller: Caller, p: BillingPeriodBody) {
    requireAdmin(caller, 'generate invoices');
    return this.generate(p);
  }

  /** One invoice per cycle of the month with unbilled events, sent to the project's owner; a second run adds none. */
  async generate(p: BillingPeriodBody): Promise<{ message: string; invoices: InvoiceRow[] }> {
    const today = dayIn(this.settings.tz);
    const invoices = await this.uow.run(async (r) => {
      const created = await r.generation.generate({ year: p.year, month: p.month, issueYear: Number(today.slice(0, 4)), today, dueDays: INVOICE_DUE_DAYS, taxRate: this.settings.taxRate });
      await publishInvoices(r, created, 'billing.invoice.created.v1');
      return created;
    });
    const message = invoices.length > 0 ? `Generated ${plural(invoices.length, 'invoice')} for ${monthName(p)}: ${invoices.map((i) => i.invoiceNumber).join(', ')}` : `No invoices to generate for ${monthName(p)}`;
    return { message, invoices };
  }

  /** The 1st of the month: last month's cycles, then its invoices. */
  async closeMonth(p: BillingPeriodBody): Promise<void> {
    await this.createCycles(p);
    await this.generate(p);
  }

  /** Sent invoices past their due date become overdue (only sent ones: drafts and paid ones never do). */
  async markOverdue(): Promise<number> {
    return this.uow.run(async (r) => {
      const rows = await r.invoices.markOverdue(dayIn(this.settings.tz));
      return rows.length;
    });
  }
}

export async function publishInvoices(r: Pick<Repos, 'outbox'>, rows: InvoiceRow[], type: 'billing.invoice.created.v1' | 'billing.invoice.sent.v1' | 'billing.invoice.voided.v1') {
  if (rows.length === 0) return;
  const changedAt = new Date().toISOString();
  const build = type === 'billing.invoice.created.v1' ? billingEvents.invoiceCreated : type === 'billing.invoice.sent.v1' ? billingEvents.invoiceSent : billingEvents.invoiceVoided;
  await r.outbox.add(...rows.map((i) => build(i, changedAt)));
}
