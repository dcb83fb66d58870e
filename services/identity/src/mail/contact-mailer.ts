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

  /** Sends every pending message, a claimed batch at a time, until none is left or the server refuses one. */
  async flush(): Promise<void> {
    for (;;) {
      const batch = await this.opts.repo.claimPending().catch((err) => {
        this.opts.logger.warn({ err }, 'could not read pending contact e-mails');
        return [];
      });
      if (batch.length === 0) return;
      for (const [i, m] of batch.entries()) {
        try {
          await this.transport.sendMail(this.compose(m));
          await this.opts.repo.markEmailed(m.id);
        } catch (err) {
          this.opts.logger.warn({ err, contactId: m.id }, 'contact e-mail not sent; will retry');
          // Hand back what this pass will not send, so the next pass (or another replica) can.
          await Promise.all(batch.slice(i).map((rest) => this.opts.repo.release(rest.id).catch(() => undefined)));
          return;
        }
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
      // Staff answer the visitor with Reply, not the no-reply sender.
      replyTo: { name: `${m.firstName} ${m.lastName}`, address: m.email },
      subject: `New contact message from ${m.firstName} ${m.lastName}`,
      text: lines.join('\n'),
    };
  }
}
