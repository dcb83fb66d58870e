import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { ContactRepository, ContactRecord } from '../data/contact.repository';

/** Sends each stored contact message to the provider's inbox, retrying until the SMTP server accepts it. */
export class ContactMailer {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    smtpUrl: string,
    private readonly opts: { to: string; from: string; repo: ContactRepository; logger: Logger; retryMs?: number },
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  start() {
    this.timer = setInterval(() => this.nudge(), this.opts.retryMs ?? 30_000);
    this.timer.unref();
    this.nudge();
  }

  nudge() {
    this.running ??= this.flush().finally(() => (this.running = null));
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport.close();
  }

  async flush(): Promise<void> {
    const pending = await this.opts.repo.pendingEmails().catch((err) => {
      this.opts.logger.warn({ err }, 'could not read pending contact e-mails');
      return [];
    });
    for (const m of pending) {
      try {
        await this.transport.sendMail(this.compose(m));
        await this.opts.repo.markEmailed(m.id);
      } catch (err) {
        await this.opts.repo.markFailed(m.id).catch(() => undefined);
        this.opts.logger.warn({ err, contactId: m.id }, 'contact e-mail not sent; will retry');
        return;
      }
    }
  }

  private compose(m: ContactRecord) {
    const lines = [
      `From: ${m.firstName} ${m.lastName} <${m.email}>`,
      `Phone: ${m.phone ?? 'not given'}`,
      `Received: ${m.createdAt.toISOString()}`,
      '',
      m.message,
    ];
    return {
      from: this.opts.from,
      to: this.opts.to,
      replyTo: m.email,
      subject: `New contact message from ${m.firstName} ${m.lastName}`,
      text: lines.join('\n'),
    };
  }
}
