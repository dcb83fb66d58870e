import type { Logger } from 'pino';

/** What the kit needs of an SMTP transport (nodemailer's Transporter fits). */
export interface MailTransport {
  sendMail(message: object): Promise<unknown>;
  close(): void;
}

/**
 * Mail sent after the request has been answered, so the answer takes the same time whoever the address belongs
 * to (a reset link, an invitation). Such a message carries a link whose token only it holds (the service keeps a
 * hash), so it cannot be re-sent later from the database: a failed send is retried a few times in this process,
 * then logged. `stop()` waits for what is still being sent.
 */
export class BackgroundMail {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly transport: MailTransport,
    private readonly opts: { logger: Logger; what: string; retryDelaysMs?: number[] },
  ) {}

  send(message: object): void {
    const p = this.deliver(message).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    this.transport.close();
  }

  private async deliver(message: object): Promise<void> {
    const delays = this.opts.retryDelaysMs ?? [1000, 5000];
    for (let attempt = 0; ; attempt++) {
      try {
        await this.transport.sendMail(message);
        return;
      } catch (err) {
        if (attempt >= delays.length) return void this.opts.logger.error({ err }, `${this.opts.what} e-mail not sent`);
        this.opts.logger.warn({ err, attempt }, `${this.opts.what} e-mail not sent; retrying`);
        await new Promise((r) => setTimeout(r, delays[attempt]));
      }
    }
  }
}
