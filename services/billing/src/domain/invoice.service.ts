import { badRequest, conflict, HttpError, notFound, notSeenYet, type Caller, type CatchUp } from '@midway/service-kit';
import { fromCents, INVOICE_DUE_DAYS, INVOICE_TOTAL_MAX, isUuid, LINE_AMOUNT_MAX, toCents, type AddInvoiceItemBody, type CreateInvoiceBody, type UpdateInvoiceItemBody, type InvoiceDetail, type InvoiceListEntry, type InvoiceItem, type InvoicesSummary, type InvoicesSummaryQuery, type ListInvoicesQuery } from '@midway/contracts';
import { decodeInvoiceCursor } from '../data/invoice-cursor.codec';
import { isNumericOverflow, type InvoiceRow } from '../data/invoice.repository';
import type { Repos, UnitOfWork } from '../data/unit-of-work';
import { invoiceEmail } from '../mail/invoice-email';
import type { MailMessage } from '../mail/mailer';
import { readableInvoice, requireAdmin } from './billing-access';
import { publishInvoices } from './automatic-billing.service';
import { addDays, dayIn } from './calendar';
import { linesChangeRefusal, replacementRefusal, statusesBefore, voidRefusal } from './invoice-lifecycle';
import { lineAmount } from './money';

export interface InvoiceDeps {
  tz: string;
  renderPdf(invoice: InvoiceDetail): Promise<Buffer>;
  /** Null when no SMTP server is configured: sending then refuses with a clear message. */
  mail: ((m: MailMessage) => Promise<void>) | null;
  /** Asks catalog about a project billing has not seen yet (or a membership) before answering 404. */
  catchUp: CatchUp;
  /** The invoice's pay link, which its e-mail carries. */
  payUrl(invoiceId: string): Promise<string>;
}

const toInvoice = (r: InvoiceRow & { projectName: string | null }): InvoiceListEntry => r;
const LINE_NOT_FOUND = 'Invoice line not found; reload the invoice';

/** Invoices: who may see them (those who reach the project, admins all) and what admins may do to them. */
export class InvoiceService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly deps: InvoiceDeps,
  ) {}

  /** A page of the invoices the caller may see, filtered; a cursor this call did not give is the caller's 400. */
  async list(caller: Caller, q: ListInvoicesQuery): Promise<{ invoices: InvoiceListEntry[]; nextCursor: string | null }> {
    const after = q.cursor ? decodeInvoiceCursor(q.cursor) : null;
    if (q.cursor && !after) throw badRequest('cursor is not valid; start again without it');
    const page = await this.uow.read.invoices.page(caller, q, after);
    return { invoices: page.rows.map(toInvoice), nextCursor: page.nextCursor };
  }

  async summary(caller: Caller, q: InvoicesSummaryQuery): Promise<InvoicesSummary> {
    return this.uow.read.invoices.summary(caller, q);
  }

  /** The invoice with its lines and project name; 404 to a caller who cannot reach its project. */
  async get(caller: Caller, id: string): Promise<InvoiceDetail> {
    return detail(this.uow.read, await this.deps.catchUp.retrying(() => this.visible(this.uow.read, caller, id)));
  }

  async pdf(caller: Caller, id: string): Promise<{ filename: string; pdf: Buffer }> {
    const invoice = await this.get(caller, id);
    return { filename: `${invoice.invoiceNumber}.pdf`, pdf: await this.deps.renderPdf(invoice) };
  }

  /** An admin's draft invoice for a project; the number is the server's, lines come with Add Item. */
  async create(caller: Caller, projectId: string, body: CreateInvoiceBody): Promise<InvoiceDetail> {
    requireAdmin(caller, 'create invoices');
    if (body.projectId && body.projectId !== projectId) throw badRequest('projectId in the body must match the project in the path');
    return this.deps.catchUp.retrying(() => this.uow.run(async (r) => {
      const project = isUuid(projectId) ? await r.access.project(projectId) : null;
      if (!project) throw notSeenYet('catalog.project', projectId, 'Project not found');
      if (body.replacesInvoiceId) {
        const refusal = replacementRefusal(await r.invoices.find(body.replacesInvoiceId), projectId);
        if (refusal) throw badRequest(refusal);
      }
      const id = await r.invoices.create({ projectId, clientName: body.clientName, clientEmail: body.clientEmail, dueDate: body.dueDate, notes: body.notes, replacesInvoiceId: body.replacesInvoiceId, year: Number(dayIn(this.deps.tz).slice(0, 4)) });
      const row = (await r.invoices.find(id))!;
      await publishInvoices(r, [row], 'billing.invoice.created.v1');
      return detail(r, row);
    }));
  }

  /** A line priced by the server: amount = rate × quantity; an amount sent along must be exactly that. */
  async addItem(caller: Caller, id: string, body: AddInvoiceItemBody): Promise<InvoiceItem> {
    requireAdmin(caller, 'add invoice items');
    const amount = lineAmount(body.rate, body.quantity);
    if (body.amount !== undefined && toCents(body.amount) !== toCents(amount)) {
      throw badRequest(`amount must be rate × quantity = ${amount} (it was ${body.amount}); leave it out to let the server compute it`);
    }
    if (toCents(amount) > toCents(LINE_AMOUNT_MAX)) throw badRequest(`rate × quantity = ${amount} is more than one line may be (at most ${LINE_AMOUNT_MAX})`);
    return this.uow.run(async (r) => {
      const invoice = await this.lockedOrMissing(r, id);
      const refusal = linesChangeRefusal(invoice);
      if (refusal) throw conflict(refusal);
      if (body.itemId && (await r.items.projectOf(body.itemId)) !== invoice.projectId) throw badRequest('itemId must be an item of the invoice’s project');
      const after = toCents(invoice.subtotal) + toCents(amount);
      if (after > toCents(INVOICE_TOTAL_MAX)) throw badRequest(`The invoice's total would be ${fromCents(after)}, over the most an invoice may total (${INVOICE_TOTAL_MAX}); put the rest on another invoice`);
      const line = await r.invoices.addLine(id, { itemId: body.itemId ?? null, description: body.description, quantity: body.quantity, rate: toFixed2(body.rate), amount, type: body.type });
      // Taxes come on top of the subtotal checked above: a total past the column is the caller's 400, not a 500.
      await r.invoices.retotal([id], this.deps.tz).catch((e: unknown) => {
        if (isNumericOverflow(e)) throw badRequest(`The invoice's total with its taxes would be more than ${INVOICE_TOTAL_MAX}; put the rest on another invoice`);
        throw e;
      });
      return line;
    });
  }

  /**
   * A draft's line corrected in place (amount = rate × quantity again) and the invoice retotalled. A generated
   * line's fees stay with this invoice whatever the correction, so no run bills them a second time.
   */
  async updateItem(caller: Caller, id: string, lineId: string, body: UpdateInvoiceItemBody): Promise<InvoiceItem> {
    requireAdmin(caller, 'change invoice lines');
    const amount = this.checkedLineAmount(body);
    return this.uow.run(async (r) => {
      const invoice = await this.draftLocked(r, id);
      const before = isUuid(lineId) ? await r.invoices.lineAmount(id, lineId) : null;
      if (before === null) throw notFound(LINE_NOT_FOUND);
      const after = toCents(invoice.subtotal) - toCents(before) + toCents(amount);
      if (after > toCents(INVOICE_TOTAL_MAX)) throw badRequest(`The invoice's total would be ${fromCents(after)}, over the most an invoice may total (${INVOICE_TOTAL_MAX}); put the rest on another invoice`);
      const line = (await r.invoices.updateLine(id, lineId, { description: body.description, quantity: body.quantity, rate: toFixed2(body.rate), amount, type: body.type }))!;
      await this.retotal(r, id);
      return line;
    });
  }

  /** A draft's line removed and the invoice retotalled; a line already gone is a 404 (the first removal had the effect). */
  async removeItem(caller: Caller, id: string, lineId: string): Promise<void> {
    requireAdmin(caller, 'remove invoice lines');
    await this.uow.run(async (r) => {
      await this.draftLocked(r, id);
      if (!isUuid(lineId) || !(await r.invoices.removeLine(id, lineId))) throw notFound(LINE_NOT_FOUND);
      await this.retotal(r, id);
    });
  }

  /** draft → sent (due in 30 days unless set) and the e-mail with the PDF; sending again changes nothing. */
  async send(caller: Caller, id: string): Promise<InvoiceDetail> {
    requireAdmin(caller, 'send invoices');
    if (!this.deps.mail) throw conflict('E-mail is not configured (SMTP_URL); the invoice was not sent');
    const sent = await this.uow.run(async (r) => {
      const invoice = await this.lockedOrMissing(r, id);
      if (invoice.status !== 'draft') return null;
      if (!invoice.clientEmail) throw badRequest('The invoice has no client e-mail to send it to; create it with a Client Email');
      const due = invoice.dueDate ?? addDays(dayIn(this.deps.tz), INVOICE_DUE_DAYS);
      await r.invoices.transition(id, ['draft'], 'sent', { dueDate: due });
      const row = (await r.invoices.find(id))!;
      await publishInvoices(r, [row], 'billing.invoice.sent.v1');
      return detail(r, row);
    });
    // After the commit, once: a raced second click finds the e-mail taken and sends nothing; one that failed is sent
    // by the next click.
    const { failed } = await this.deliver([id]);
    if (failed[0]) {
      throw new HttpError(502, 'mail_unavailable', `Invoice ${failed[0].invoiceNumber} is marked sent, but the e-mail could not be delivered. Download the PDF and send it to ${failed[0].clientEmail}, or try again later.`);
    }
    return sent ?? this.get(caller, id);
  }

  /**
   * E-mails sent invoices to their clients with their PDF, as Send does, each once: taken first (so two callers
   * never both send it) and given back if delivery fails. The automatic runs deliver what they mark sent here.
   */
  async deliver(ids: readonly string[]): Promise<{ mailed: string[]; failed: InvoiceDetail[] }> {
    const out: { mailed: string[]; failed: InvoiceDetail[] } = { mailed: [], failed: [] };
    const mail = this.deps.mail;
    if (!mail) return out;
    for (const id of ids) {
      if (!(await this.uow.run((r) => r.invoices.claimEmail(id)))) continue;
      const invoice = await detail(this.uow.read, (await this.uow.read.invoices.find(id))!);
      try {
        await mail(invoiceEmail(invoice, await this.deps.renderPdf(invoice), await this.deps.payUrl(id)));
        out.mailed.push(id);
      } catch {
        await this.uow.run((r) => r.invoices.releaseEmail(id));
        out.failed.push(invoice);
      }
    }
    return out;
  }

  /** Unpaid invoices only; voiding twice changes nothing the second time. */
  async void(caller: Caller, id: string): Promise<InvoiceDetail> {
    requireAdmin(caller, 'void invoices');
    return this.uow.run(async (r) => {
      const invoice = await this.lockedOrMissing(r, id);
      const refusal = voidRefusal(invoice);
      if (refusal) throw conflict(refusal);
      if (invoice.status !== 'void') {
        await r.invoices.transition(id, statusesBefore('void'), 'void');
        await publishInvoices(r, [(await r.invoices.find(id))!], 'billing.invoice.voided.v1');
      }
      return detail(r, (await r.invoices.find(id))!);
    });
  }

  private checkedLineAmount(body: { rate: string; quantity: number }): string {
    const amount = lineAmount(body.rate, body.quantity);
    if (toCents(amount) > toCents(LINE_AMOUNT_MAX)) throw badRequest(`rate × quantity = ${amount} is more than one line may be (at most ${LINE_AMOUNT_MAX})`);
    return amount;
  }

  /** The invoice, locked, when its lines may change (a draft); 404 or the lifecycle's 409 otherwise. */
  private async draftLocked(r: Omit<Repos, 'outbox'>, id: string): Promise<InvoiceRow> {
    const invoice = await this.lockedOrMissing(r, id);
    const refusal = linesChangeRefusal(invoice);
    if (refusal) throw conflict(refusal);
    return invoice;
  }

  private async retotal(r: Omit<Repos, 'outbox'>, id: string): Promise<void> {
    // Taxes come on top of the subtotal checked: a total past the column is the caller's 400, not a 500.
    await r.invoices.retotal([id], this.deps.tz).catch((e: unknown) => {
      if (isNumericOverflow(e)) throw badRequest(`The invoice's total with its taxes would be more than ${INVOICE_TOTAL_MAX}; put the rest on another invoice`);
      throw e;
    });
  }

  private async visible(r: Omit<Repos, 'outbox'>, caller: Caller, id: string): Promise<InvoiceRow> {
    return readableInvoice(r, caller, isUuid(id) ? await r.invoices.find(id) : null);
  }

  private async lockedOrMissing(r: Omit<Repos, 'outbox'>, id: string): Promise<InvoiceRow> {
    const invoice = isUuid(id) ? await r.invoices.find(id, true) : null;
    if (!invoice) throw notFound('Invoice not found');
    return invoice;
  }
}

export async function detail(r: Pick<Repos, 'invoices' | 'access'>, row: InvoiceRow): Promise<InvoiceDetail> {
  const [lines, project, taxes, supplements] = await Promise.all([r.invoices.lines(row.id), r.access.project(row.projectId), r.invoices.taxes(row.id), r.invoices.numberOf(row.supplementsInvoiceId)]);
  return { ...row, invoiceItems: lines, project: { id: row.projectId, name: project?.name ?? null }, taxes, supplementsInvoiceNumber: supplements };
}

const toFixed2 = (v: string) => (v.includes('.') ? v : `${v}.00`);
