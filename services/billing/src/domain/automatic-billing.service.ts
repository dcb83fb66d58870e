import type { Caller } from '@midway/service-kit';
import { INVOICE_DUE_DAYS, MONTHS, type BillingPeriodBody, type UnbilledSummary } from '@midway/contracts';
import type { GenerationResult } from '../data/invoice-generation.repository';
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
  /** E-mails sent invoices with their PDF exactly as Send does (InvoiceService.deliver); answers what went out. */
  deliver(invoiceIds: readonly string[]): Promise<{ mailed: string[] }>;
  logger?: { error(obj: unknown, msg: string): void };
}

/**
 * The automatic runs: the day's storage fees, the month's cycles and invoices, overdue marking. The
 * scheduled jobs and the admin's buttons call the same methods; each is idempotent and safe to race.
 */
export class AutomaticBillingService {
  /** E-mails of a run still going out (the admin's answer does not wait for them; stop and tests may). */
  private delivering: Promise<unknown> = Promise.resolve();

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

  /**
   * Bills every fee of the month not yet invoiced: onto the month's invoice while it is a draft, else onto a
   * supplementary invoice for the project and month. While the month is still running its invoices stay drafts
   * (later fees join them on the next run); once it has ended they are sent, and e-mailed with their PDF after
   * the commit. A second run, or one at the same time, bills nothing twice.
   */
  async generate(p: BillingPeriodBody, o: { awaitMail?: boolean; today?: string } = {}): Promise<{ message: string; invoices: InvoiceRow[]; sent: InvoiceRow[] }> {
    const today = o.today ?? dayIn(this.settings.tz);
    const ended = monthEnded(p, today);
    const run = await this.uow.run(async (r) => {
      const result = await r.generation.generate({ year: p.year, month: p.month, issueYear: Number(today.slice(0, 4)), today, dueDays: INVOICE_DUE_DAYS, tz: this.settings.tz, ended });
      await publishInvoices(r, result.created, 'billing.invoice.created.v1');
      await publishInvoices(r, result.sent, 'billing.invoice.sent.v1');
      return { ...result, unmailed: ended ? await r.generation.unmailed(p.year, p.month) : [] };
    });
    // Sent by this run, or by an earlier one whose e-mail did not go out.
    const mailing = this.settings.deliver(run.unmailed).catch((err: unknown) => this.settings.logger?.error({ err }, 'invoice e-mails of a billing run failed'));
    this.delivering = Promise.all([this.delivering, mailing]);
    if (o.awaitMail) await mailing;
    return { message: generationMessage(p, ended, run), invoices: run.created, sent: run.sent };
  }

  /** Waits for the e-mails runs have started (before stopping, and in tests). */
  async mailDelivered(): Promise<void> {
    await this.delivering;
  }

  /** What is recorded and not yet on an invoice: in all, per month, and the projects owed the most. */
  async unbilled(caller: Caller): Promise<UnbilledSummary> {
    requireAdmin(caller, 'see unbilled fees');
    const u = await this.uow.read.generation.unbilled();
    return { amount: u.total.amount, fees: u.total.fees, projectCount: u.total.projects, months: u.months, projects: u.projects };
  }

  /** The 1st of the month: last month's cycles, then its invoices. */
  async closeMonth(p: BillingPeriodBody): Promise<void> {
    await this.createCycles(p);
    await this.generate(p, { awaitMail: true });
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

/** Whether the month is over on `today` (YYYY-MM-DD): a month still running (or to come) may get more fees. */
export const monthEnded = (p: BillingPeriodBody, today: string): boolean => p.year * 12 + p.month < Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7));

/** The run's summary for the toast: how many invoices, the first and last number, what was sent, and what comes next. */
export function generationMessage(p: BillingPeriodBody, ended: boolean, run: GenerationResult): string {
  const month = monthName(p);
  const parts: string[] = [];
  const created = run.created;
  if (created.length > 0) {
    const supplementary = created.filter((i) => i.kind === 'supplementary').length;
    const range = created.length === 1 ? created[0]!.invoiceNumber : `${created[0]!.invoiceNumber} to ${created[created.length - 1]!.invoiceNumber}`;
    parts.push(`Created ${plural(created.length, 'invoice')}${supplementary > 0 ? ` (${supplementary} supplementary)` : ''}, ${range}, for ${month}`);
  }
  if (run.added.length > 0) parts.push(`${created.length > 0 ? 'added' : 'Added'} later fees to ${plural(run.added.length, 'draft invoice')}`);
  if (run.sent.length > 0) parts.push(`${plural(run.sent.length, 'invoice')} sent and e-mailed with ${run.sent.length === 1 ? 'its' : 'their'} PDF`);
  const done = parts.length > 0 ? `${parts.join('; ')}.` : `Nothing to bill for ${month}: every fee recorded for it is already on an invoice.`;
  return ended ? done : `${done} ${month} is still running: its invoices stay drafts, and fees recorded later are billed by the next run.`;
}
