/** Runs in a worker thread of the invoice PDF pool (invoice-pdf.pool.ts): pdfkit's layout never on billing's event loop. */
import type { InvoiceDetail } from '@midway/contracts';
import { renderInvoicePdf } from './invoice-pdf';

export default async function renderInWorker(invoice: InvoiceDetail): Promise<Uint8Array> {
  return new Uint8Array(await renderInvoicePdf(invoice));
}
