import { formatMoney } from '../documents/invoice-presentation';
import { letterHtml } from './email-layout';
import type { MailMessage } from './mailer';

export interface Receipt {
  invoiceNumber: string;
  projectName: string | null;
  /** The project's page on the platform (PUBLIC_URL/projects/<id>), linked beside its name. */
  projectUrl: string | null;
  amount: string;
  currency: string;
  /** When the processor's word that it was paid arrived. */
  paidAt: Date;
  /** Null when the processor's event did not say: the receipt then says "card". */
  last4: string | null;
}

/** The receipt of a card payment, to the payer and the project's owner: amount, date, card and invoice number. */
export function receiptEmail(to: string[], r: Receipt, tz: string): MailMessage {
  const date = new Intl.DateTimeFormat('en-US', { timeZone: tz, dateStyle: 'long' }).format(r.paidAt);
  const card = r.last4 ? `card ending in ${r.last4}` : 'card';
  const amount = `${formatMoney(r.amount)} ${r.currency.toUpperCase()}`;
  const rows: [string, string][] = [
    ['Invoice', r.invoiceNumber],
    ...(r.projectName ? [['Project', r.projectName] as [string, string]] : []),
    ['Amount paid', amount],
    ['Date', date],
    ['Paid with', card],
  ];
  const intro = `We received ${amount} for invoice ${r.invoiceNumber}. Thank you.`;
  return {
    to,
    subject: `Receipt for invoice ${r.invoiceNumber}`,
    text: [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), ...(r.projectUrl ? ['', `The project in Midway: ${r.projectUrl}`] : []), '', 'Keep this e-mail as your receipt.', '', 'Midway'].join('\n'),
    html: letterHtml({
      heading: `Receipt for invoice ${r.invoiceNumber}`,
      paragraphs: [intro],
      rows: rows.map(([label, value]) => ({ label, value, strong: label === 'Amount paid' })),
      ...(r.projectUrl && r.projectName ? { button: { label: `Open ${r.projectName} in Midway`, href: r.projectUrl } } : {}),
      notes: ['Keep this e-mail as your receipt.', 'Midway'],
    }),
  };
}
