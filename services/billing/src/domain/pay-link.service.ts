import { learnProjectPeople, noCatchUp, notFound, type CatchUp } from '@midway/service-kit';
import type { PublicInvoice } from '@midway/contracts';
import type { InvoiceRow } from '../data/invoice.repository';
import type { UnitOfWork } from '../data/unit-of-work';
import type { MailMessage } from '../mail/mailer';
import { receiptEmail } from '../mail/receipt-email';
import { detail } from './invoice.service';
import { invoiceOfToken, PAY_LINK_KEY_NAME, payLinkUrl } from './pay-link';
import type { PaymentService } from './payment.service';

const LINK_NOT_FOUND = 'This payment link is not valid. Use the link in your invoice e-mail, or ask for a new one.';

/**
 * The billed person's side, without an account: the invoice its e-mailed link opens, paying it through the same
 * intent rules as the Billing page, and the receipt once the processor says it was paid.
 */
export class PayLinkService {
  private secret: Promise<Buffer> | null = null;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly deps: { publicUrl: string; tz: string; testMode: boolean; mail: ((m: MailMessage) => Promise<void>) | null; onError(err: unknown, what: string): void; catchUp?: CatchUp },
  ) {}

  private signingKey(): Promise<Buffer> {
    this.secret ??= this.uow.run((r) => r.signingKeys.getOrCreate(PAY_LINK_KEY_NAME)).catch((err) => {
      this.secret = null;
      throw err;
    });
    return this.secret;
  }

  async url(invoiceId: string): Promise<string> {
    return payLinkUrl(this.deps.publicUrl, await this.signingKey(), invoiceId);
  }

  /** The invoice a token opens (drafts are not sent, so their links open nothing); 404 otherwise. */
  private async invoiceOf(token: string): Promise<InvoiceRow> {
    const id = invoiceOfToken(await this.signingKey(), token);
    const invoice = id ? await this.uow.read.invoices.find(id) : null;
    if (!invoice || invoice.status === 'draft') throw notFound(LINK_NOT_FOUND);
    return invoice;
  }

  /** GET /api/pay/{token}: what the page shows, and nothing else of the invoice or the project. */
  async view(token: string): Promise<PublicInvoice> {
    const d = await detail(this.uow.read, await this.invoiceOf(token));
    return {
      invoiceNumber: d.invoiceNumber,
      kind: d.kind,
      status: d.status,
      clientName: d.clientName,
      clientEmail: d.clientEmail,
      projectName: d.project.name,
      billingPeriodStart: d.billingPeriodStart,
      billingPeriodEnd: d.billingPeriodEnd,
      dueDate: d.dueDate,
      paidAt: d.paidAt,
      lines: d.invoiceItems.map((l) => ({ description: l.description, quantity: l.quantity, rate: l.rate, amount: l.amount })),
      subtotal: d.subtotal,
      taxes: d.taxes,
      tax: d.tax,
      total: d.total,
      testMode: this.deps.testMode,
    };
  }

  /** POST /api/pay/{token}/payment-intent: the signed-in call's rules (the open intent reused; 409 when not payable). */
  async createIntent(token: string, payments: PaymentService): Promise<{ clientSecret: string; testMode: boolean }> {
    return payments.intentFor(await this.invoiceOf(token));
  }

  /**
   * After the webhook paid an invoice: its receipt to the payer (the bill-to e-mail) and the project's owner,
   * once per payment (taken in the database first; given back if the e-mail fails).
   */
  async sendReceipt(p: { intentId: string; last4: string | null }): Promise<void> {
    const mail = this.deps.mail;
    if (!mail) return;
    const payment = await this.uow.run((r) => r.payments.claimReceipt(p.intentId));
    if (!payment) return;
    try {
      const invoice = (await this.uow.read.invoices.find(payment.invoiceId))!;
      await learnProjectPeople(this.deps.catchUp ?? noCatchUp, this.uow.read.users, invoice.projectId);
      const [project, owner] = await Promise.all([this.uow.read.access.project(invoice.projectId), this.uow.read.users.ownerEmail(invoice.projectId)]);
      const to = [...new Set([invoice.clientEmail, owner].filter((e): e is string => Boolean(e)))];
      if (to.length === 0) return;
      await mail(receiptEmail(to, { invoiceNumber: invoice.invoiceNumber, projectName: project?.name ?? null, projectUrl: project ? `${this.deps.publicUrl.replace(/\/+$/, '')}/projects/${invoice.projectId}` : null, amount: payment.amount, currency: payment.currency, paidAt: payment.createdAt, last4: p.last4 }, this.deps.tz));
    } catch (err) {
      await this.uow.run((r) => r.payments.releaseReceipt(p.intentId)).catch(() => undefined);
      this.deps.onError(err, 'receipt e-mail');
    }
  }
}
