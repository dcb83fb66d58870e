import nodemailer from 'nodemailer';
import { BackgroundMail } from '@midway/service-kit';
import type { Logger } from 'pino';
import { BRAND_COLORS, BRAND_NAME } from '@midway/contracts/brand';
import type { InvitationLetter, InvitationSender } from '../domain/member.service';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const ROLE_TEXT = { member: 'work on its items with them', viewer: 'follow it (read only)' } as const;

/** The e-mail an invitation sends, in plain text and HTML (the same words). */
export function composeInvitation(l: InvitationLetter, from: string) {
  const until = l.expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
  const subject = `${l.invitedBy} invited you to the project "${l.projectName}" on ${BRAND_NAME}`;
  const text = [
    `${l.invitedBy} invited you to the project "${l.projectName}" on ${BRAND_NAME}, to ${ROLE_TEXT[l.role]}.`,
    '',
    `Join the project here: ${l.link}`,
    '',
    `The link works until ${until}. If you have no ${BRAND_NAME} account yet, the link lets you create one with this address.`,
    'If you did not expect this invitation, ignore this e-mail: nothing changes until you accept.',
  ].join('\n');
  const c = BRAND_COLORS;
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:${c.background};font-family:Arial,Helvetica,sans-serif;color:${c.text}">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:${c.surface};border:1px solid ${c.border};border-radius:12px"><tr><td style="padding:28px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${BRAND_NAME}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5"><strong>${escape(l.invitedBy)}</strong> invited you to the project <strong>${escape(l.projectName)}</strong>, to ${ROLE_TEXT[l.role]}.</p>
<p style="margin:0 0 20px"><a href="${escape(l.link)}" style="display:inline-block;padding:11px 18px;border-radius:8px;background:${c.accent};color:${c.accentText};font-weight:bold;text-decoration:none">Join the project</a></p>
<p style="margin:0 0 8px;font-size:13px;color:${c.textMuted}">Or open this link: <a href="${escape(l.link)}" style="color:${c.accent}">${escape(l.link)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:${c.textMuted}">The link works until ${escape(until)}. If you have no ${BRAND_NAME} account yet, it lets you create one with this address.</p>
<p style="margin:0;font-size:13px;color:${c.textMuted}">If you did not expect this invitation, ignore this e-mail: nothing changes until you accept.</p>
</td></tr></table></body></html>`;
  return { from, to: l.to, subject, text, html };
}

/** Sends invitations through SMTP after the request has been answered (the kit's BackgroundMail). */
export class InvitationMailer implements InvitationSender {
  private readonly mail: BackgroundMail;

  constructor(
    smtpUrl: string,
    private readonly opts: { from: string; logger: Logger; retryDelaysMs?: number[] },
  ) {
    this.mail = new BackgroundMail(nodemailer.createTransport(smtpUrl), { logger: opts.logger, what: 'invitation', retryDelaysMs: opts.retryDelaysMs });
  }

  send(letter: InvitationLetter): void {
    this.mail.send(composeInvitation(letter, this.opts.from));
  }

  stop(): Promise<void> {
    return this.mail.stop();
  }
}
