import type { InvoiceStatus } from '@midway/contracts';

/**
 * An invoice's life, as Stripe's invoicing has it: a draft may still change; sending makes it final (its lines
 * never change again: a correction is a new invoice that names the one it replaces, and the old one is voided);
 * a sent invoice is paid, falls overdue past its due date, or is voided. Paid and void are the end.
 */
export const INVOICE_TRANSITIONS: Readonly<Record<InvoiceStatus, readonly InvoiceStatus[]>> = {
  draft: ['sent', 'void'],
  sent: ['paid', 'overdue', 'void'],
  overdue: ['paid', 'void'],
  paid: [],
  void: [],
};

export const canMove = (from: InvoiceStatus, to: InvoiceStatus): boolean => INVOICE_TRANSITIONS[from].includes(to);

/** The statuses an invoice may be in to move to `to` (what the repository's conditional update names). */
export const statusesBefore = (to: InvoiceStatus): InvoiceStatus[] =>
  (Object.keys(INVOICE_TRANSITIONS) as InvoiceStatus[]).filter((from) => canMove(from, to));

/** Pay is offered, and a payment intent created, for sent and overdue invoices only. */
export const isPayable = (status: InvoiceStatus): boolean => canMove(status, 'paid');

interface Named {
  invoiceNumber: string;
  status: InvoiceStatus;
}

/** Why the invoice's lines may not change (409), or null for a draft, whose lines may. */
export function linesChangeRefusal(invoice: Named): string | null {
  switch (invoice.status) {
    case 'draft':
      return null;
    case 'sent':
    case 'overdue':
      return `Invoice ${invoice.invoiceNumber} has been sent and is final: its lines cannot change. Void it and issue a new invoice that replaces it.`;
    case 'paid':
      return `Invoice ${invoice.invoiceNumber} is paid and final: its lines cannot change. Issue a new invoice for anything more.`;
    case 'void':
      return `Invoice ${invoice.invoiceNumber} is void: its lines cannot change. Issue a new invoice that replaces it.`;
  }
}

/** Why a card payment cannot start (409), or null when the invoice is payable. */
export function paymentRefusal(invoice: Named): string | null {
  switch (invoice.status) {
    case 'sent':
    case 'overdue':
      return null;
    case 'draft':
      return `Invoice ${invoice.invoiceNumber} is a draft and may still change; it can be paid once it is sent.`;
    case 'paid':
      return `Invoice ${invoice.invoiceNumber} is already paid; there is nothing to pay.`;
    case 'void':
      return `Invoice ${invoice.invoiceNumber} is void and cannot be paid.`;
  }
}

/** Why a voided invoice stays as it is, or null when voiding is allowed (an unpaid invoice; voiding twice is a no-op). */
export function voidRefusal(invoice: Named): string | null {
  return invoice.status === 'paid' ? `Invoice ${invoice.invoiceNumber} is paid and cannot be voided` : null;
}

/**
 * Why a new invoice may not name `replaced` as the one it replaces, or null when it may: an invoice of the same
 * project that went out (sent, overdue, void). A draft is changed in place, and a paid invoice is settled.
 */
export function replacementRefusal(replaced: (Named & { projectId: string }) | null, projectId: string): string | null {
  if (!replaced || replaced.projectId !== projectId) return 'replacesInvoiceId must name an invoice of the same project';
  if (replaced.status === 'draft') return `Invoice ${replaced.invoiceNumber} is a draft: change it instead of replacing it`;
  if (replaced.status === 'paid') return `Invoice ${replaced.invoiceNumber} is paid: issue a new invoice for anything more instead of replacing it`;
  return null;
}
