import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { PASSWORD_RESET_TTL_MINUTES } from '@midway/contracts';
import type { ResetLinkSender } from '../domain/password.service';

/**
 * Sends reset links through SMTP after the request has been answered, so the answer takes the same time
 * whether or not the address has an account. The link's token is not stored (only its hash), so a failed
 * send is retried a few times in this process and then logged: the user asks for a new link.
 */
export class PasswordResetMailer implements ResetLinkSender {
  private readonly transport: Transporter;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    smtpUrl: string,
    private readonly opts: { from: string; logger: Logger; retryDelaysMs?: number[] },
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  send(to: string, link: string): void {
    const p = this.deliver(to, link).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    this.transport.close();
  }

  private async deliver(to: string, link: string): Promise<void> {
    const delays = this.opts.retryDelaysMs ?? [1000, 5000];
    for (let attempt = 0; ; attempt++) {
      try {
        await this.transport.sendMail(this.compose(to, link));
        return;
      } catch (err) {
        if (attempt >= delays.length) {
          this.opts.logger.error({ err }, 'password reset e-mail not sent');
          return;
        }
        this.opts.logger.warn({ err, attempt }, 'password reset e-mail not sent; retrying');
        await new Promise((r) => setTimeout(r, delays[attempt]));
      }
    }
  }

  private compose(to: string, link: string) {
    return {
      from: this.opts.from,
      to,
      subject: 'Choose a new Midway password',
      text: [
        'Someone (we hope you) asked to reset the password of your Midway account.',
        '',
        `Choose a new password here: ${link}`,
        '',
        `The link works once, within ${PASSWORD_RESET_TTL_MINUTES} minutes. Choosing a new password signs you out everywhere.`,
        "If you did not ask, ignore this e-mail: your password stays as it is.",
      ].join('\n'),
    };
  }
}
