import nodemailer, { type Transporter } from 'nodemailer';

export interface InvoiceMail {
  to: string;
  invoiceNumber: string;
  total: string;
  dueDate: string | null;
  pdf: Buffer;
}

/** Sends a sent invoice to its client over SMTP, the PDF attached. */
export class InvoiceMailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(m: InvoiceMail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: m.to,
      subject: `Invoice ${m.invoiceNumber} from Midway`,
      text: `Hello,\n\nPlease find attached invoice ${m.invoiceNumber} for $${m.total}${m.dueDate ? `, due ${m.dueDate}` : ''}.\nYou can pay it by card from the Billing page.\n\nThank you,\nMidway`,
      attachments: [{ filename: `${m.invoiceNumber}.pdf`, content: m.pdf, contentType: 'application/pdf' }],
    });
  }

  close(): void {
    this.transport.close();
  }
}
