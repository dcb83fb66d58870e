import nodemailer, { type Transporter } from 'nodemailer';

/** One e-mail: a subject, its text and HTML bodies (the same words), and attachments. */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Billing's outgoing mail over SMTP (MailDev in development and tests); every e-mail billing sends goes through it. */
export class Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments });
  }

  close(): void {
    this.transport.close();
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML content or attribute: names and notes come from users. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
