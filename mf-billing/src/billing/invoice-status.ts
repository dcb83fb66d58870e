import type { Invoice } from '@midway/contracts';

/** A card payment can be started (the server refuses paid and void invoices, and drafts until they are sent). */
export const isPayable = (invoice: Pick<Invoice, 'status'>) => invoice.status === 'sent' || invoice.status === 'overdue';
/**
 * Pay is offered where the server takes a payment: sent and overdue invoices. A draft may still change, so it is
 * shown "Not yet sent" and without Pay; paid and void invoices are settled.
 */
export const showsPay = isPayable;
/** Drafts are listed to designers too (Pending counts them), marked with this. */
export const NOT_YET_SENT = 'Not yet sent';
export const isDraft = (invoice: Pick<Invoice, 'status'>) => invoice.status === 'draft';
