import { INVOICE_KIND_LABELS, type InvoiceDetail, type InvoiceTax } from '@midway/contracts';

/** Money as every invoice document shows it: US dollars (the payment currency), en-US, two decimals. */
export const formatMoney = (amount: string): string => {
  const negative = amount.startsWith('-');
  const [whole, cents = '00'] = (negative ? amount.slice(1) : amount).split('.');
  return `${negative ? '-' : ''}$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0')}`;
};

/** Whom an invoice bills, the same words on the PDF, the e-mail and the page: the client's name and e-mail. */
export const billedParty = (invoice: Pick<InvoiceDetail, 'clientName' | 'clientEmail'>): string => `${invoice.clientName}${invoice.clientEmail ? ` <${invoice.clientEmail}>` : ''}`;

/** 'Invoice' or 'Supplementary invoice'. */
export const invoiceTitle = (invoice: Pick<InvoiceDetail, 'kind'>): string => INVOICE_KIND_LABELS[invoice.kind];

/** 'GST (5%)'. */
export const taxLabel = (t: Pick<InvoiceTax, 'name' | 'percent'>): string => `${t.name} (${t.percent}%)`;
