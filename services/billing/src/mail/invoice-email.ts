import { INVOICE_DUE_DAYS, type InvoiceDetail } from '@midway/contracts';
import { billedParty, formatMoney, invoiceTitle, taxLabel } from '../documents/invoice-presentation';
import { letterHtml } from './email-layout';
import type { MailMessage } from './mailer';

/**
 * The e-mail of a sent invoice, its PDF attached: it names whom it bills exactly as the PDF does (billedParty),
 * and shows the same totals, each tax on its own line. The recipient pays by its pay link, no account needed.
 */
export function invoiceEmail(invoice: InvoiceDetail, pdf: Buffer, payUrl: string): MailMessage {
  const title = invoiceTitle(invoice);
  const due = invoice.dueDate ? `due ${invoice.dueDate}` : `due ${INVOICE_DUE_DAYS} days after sending`;
  const rows: [string, string][] = [
    ['Subtotal', formatMoney(invoice.subtotal)],
    ...invoice.taxes.map((t): [string, string] => [taxLabel(t), formatMoney(t.amount)]),
    ...(invoice.taxes.length === 0 ? [['Tax', formatMoney(invoice.tax)] as [string, string]] : []),
    ['Total', formatMoney(invoice.total)],
  ];
  const intro = `Please find attached ${title.toLowerCase()} ${invoice.invoiceNumber} for ${formatMoney(invoice.total)}, ${due}.`;
  const supplement = invoice.supplementsInvoiceNumber ? `It bills fees of the same period recorded after invoice ${invoice.supplementsInvoiceNumber} was issued.` : null;
  const period = invoice.billingPeriodStart && invoice.billingPeriodEnd ? `Billing period: ${invoice.billingPeriodStart} to ${invoice.billingPeriodEnd}` : null;
  const lines = [
    `Hello ${invoice.clientName},`,
    '',
    intro,
    ...(supplement ? [supplement] : []),
    '',
    `Bill to: ${billedParty(invoice)}`,
    ...(invoice.project.name ? [`Project: ${invoice.project.name}`] : []),
    ...(period ? [period] : []),
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `Pay it by card online: ${payUrl}`,
    '',
    'Thank you,',
    'Midway',
  ];
  const html = letterHtml({
    heading: `${title} ${invoice.invoiceNumber} for ${formatMoney(invoice.total)}`,
    paragraphs: [`Hello ${invoice.clientName},`, intro, ...(supplement ? [supplement] : [])],
    rows: [
      { label: 'Bill to', value: billedParty(invoice) },
      ...(invoice.project.name ? [{ label: 'Project', value: invoice.project.name }] : []),
      ...(period ? [{ label: 'Billing period', value: `${invoice.billingPeriodStart} to ${invoice.billingPeriodEnd}` }] : []),
      ...rows.map(([label, value], n) => ({ label, value, strong: n === rows.length - 1 })),
    ],
    button: { label: `Pay ${formatMoney(invoice.total)} by card`, href: payUrl },
    notes: [`Or open this link: ${payUrl}`, 'No account is needed to pay. The invoice is attached as a PDF.', 'Thank you, Midway'],
  });
  return {
    to: invoice.clientEmail!,
    subject: `${title} ${invoice.invoiceNumber} from Midway`,
    text: lines.join('\n'),
    html,
    attachments: [{ filename: `${invoice.invoiceNumber}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}
