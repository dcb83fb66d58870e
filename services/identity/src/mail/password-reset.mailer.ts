import nodemailer from 'nodemailer';
import { BackgroundMail } from '@midway/service-kit';
import type { Logger } from 'pino';
import { PASSWORD_RESET_TTL_MINUTES } from '@midway/contracts';
import type { ResetLinkSender } from '../domain/password.service';

/** Sends reset links through SMTP after the request has been answered (the kit's BackgroundMail). */
export class PasswordResetMailer implements ResetLinkSender {
  private readonly mail: BackgroundMail;

  constructor(
    smtpUrl: string,
    private readonly opts: { from: string; logger: Logger; retryDelaysMs?: number[] },
  ) {
    this.mail = new BackgroundMail(nodemailer.createTransport(smtpUrl), { logger: opts.logger, what: 'password reset', retryDelaysMs: opts.retryDelaysMs });
  }

  send(to: string, link: string): void {
    this.mail.send(this.compose(to, link));
  }

  stop(): Promise<void> {
    return this.mail.stop();
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
