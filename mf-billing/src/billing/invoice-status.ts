import type { Invoice } from '@midway/contracts';

/** A card payment can be started (the server refuses paid and void invoices, and drafts until they are sent). */
export const isPayable = (invoice: Pick<Invoice, 'status'>) => invoice.status === 'sent' || invoice.status === 'overdue';
/** The spec's Pay button: on every row that is not paid (nor void, which nobody pays). */
export const showsPay = (invoice: Pick<Invoice, 'status'>) => invoice.status !== 'paid' && invoice.status !== 'void';
/** Pending counts sent or draft. */
export const isPending = (invoice: Pick<Invoice, 'status'>) => invoice.status === 'sent' || invoice.status === 'draft';
