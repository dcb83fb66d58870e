import PDFDocument from 'pdfkit';
import { INVOICE_DUE_DAYS, type InvoiceDetail } from '@midway/contracts';
import { billedParty, formatMoney as usd, invoiceTitle, taxLabel } from './invoice-presentation';

/** The invoice as a PDF (lines and totals), for download and as the e-mail's attachment. */
export function renderInvoicePdf(invoice: InvoiceDetail): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: `Invoice ${invoice.invoiceNumber}`, Author: 'Midway' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(20).text('Midway', { continued: false });
    doc.fontSize(14).text(`${invoiceTitle(invoice)} ${invoice.invoiceNumber}`);
    doc.moveDown();
    doc.fontSize(10);
    doc.text(`Bill to: ${billedParty(invoice)}`);
    if (invoice.supplementsInvoiceNumber) doc.text(`Supplements invoice ${invoice.supplementsInvoiceNumber}: fees of the same period recorded after it was issued`);
    if (invoice.project.name) doc.text(`Project: ${invoice.project.name}`);
    doc.text(`Invoice date: ${invoice.createdAt.slice(0, 10)}`);
    doc.text(`Due date: ${invoice.dueDate ?? `${INVOICE_DUE_DAYS} days after sending`}`);
    if (invoice.billingPeriodStart && invoice.billingPeriodEnd) doc.text(`Billing period: ${invoice.billingPeriodStart} to ${invoice.billingPeriodEnd}`);
    doc.text(`Status: ${invoice.status}`);
    doc.moveDown();

    const cols = [50, 290, 370, 410, 480];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      cells.forEach((c, i) => doc.text(c, cols[i]!, y, { width: (cols[i + 1] ?? 560) - cols[i]! - 6, align: i >= 2 ? 'right' : 'left' }));
      doc.moveDown(0.4);
      doc.x = 50;
    };
    row(['Description', 'Type', 'Qty', 'Rate', 'Amount'], true);
    for (const l of invoice.invoiceItems) row([l.description, l.type, String(l.quantity), usd(l.rate), usd(l.amount)]);
    if (invoice.invoiceItems.length === 0) row(['No items yet', '', '', '', '']);
    doc.moveDown();
    row(['', '', '', 'Subtotal', usd(invoice.subtotal)]);
    for (const t of invoice.taxes) row(['', '', '', taxLabel(t), usd(t.amount)]);
    if (invoice.taxes.length === 0) row(['', '', '', 'Tax', usd(invoice.tax)]);
    row(['', '', '', 'Total', usd(invoice.total)], true);
    if (invoice.notes) {
      doc.moveDown();
      doc.font('Helvetica').text(`Notes: ${invoice.notes}`, 50);
    }
    doc.end();
  });
}
