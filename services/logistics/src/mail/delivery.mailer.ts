import nodemailer, { type Transporter } from 'nodemailer';
import { BRAND_COLORS, BRAND_NAME } from '@midway/contracts/brand';
import { DELIVERY_WINDOW_LABELS, type DeliveryWindow } from '@midway/contracts';

/** A delivery's e-mail to the project's owner, members and client: it is on its way, or it was delivered. */
export interface DeliveryLetter {
  to: string[];
  kind: 'out' | 'completed';
  projectName: string;
  /** The project's page on the platform (PUBLIC_URL). */
  projectUrl: string;
  date: string;
  window: DeliveryWindow;
  address: string;
  items: { name: string; exception: string | null }[];
  receivedBy: string | null;
  /** Absolute signed links to the proof photos, which open without a session until `linksUntil`. */
  photoLinks: string[];
  linksUntil: Date | null;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const day = (d: Date) => d.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
const longDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The e-mail in plain text and HTML (the same words). */
export function composeDeliveryLetter(l: DeliveryLetter, from: string) {
  const when = `${longDate(l.date)} (${DELIVERY_WINDOW_LABELS[l.window].toLowerCase()})`;
  const delivered = l.items.filter((i) => !i.exception);
  const excepted = l.items.filter((i) => i.exception);
  const subject = l.kind === 'out' ? `Out for delivery: ${l.projectName}, ${when}` : `Delivered: ${l.projectName} — ${delivered.length} of ${l.items.length} items`;
  const lead =
    l.kind === 'out'
      ? `Your delivery for "${l.projectName}" is on its way to ${l.address}, ${when}.`
      : `Your delivery for "${l.projectName}" was delivered to ${l.address}${l.receivedBy ? `, received by ${l.receivedBy}` : ''}.`;
  const lines = [
    lead,
    '',
    l.kind === 'out' ? 'Items:' : 'Delivered:',
    ...(l.kind === 'out' ? l.items : delivered).map((i) => `  - ${i.name}`),
    ...(excepted.length ? ['', 'Not delivered:', ...excepted.map((i) => `  - ${i.name}: ${i.exception}`)] : []),
    ...(l.photoLinks.length && l.linksUntil ? ['', `Photos (the links open until ${day(l.linksUntil)}, no sign-in needed):`, ...l.photoLinks.map((p, i) => `  Photo ${i + 1}: ${p}`)] : []),
    '',
    `The project in ${BRAND_NAME}: ${l.projectUrl}`,
  ];
  const c = BRAND_COLORS;
  const list = (items: { name: string; exception: string | null }[], note: boolean) =>
    `<ul style="margin:0 0 12px;padding-left:20px">${items.map((i) => `<li style="font-size:14px">${escape(i.name)}${note && i.exception ? ` — ${escape(i.exception)}` : ''}</li>`).join('')}</ul>`;
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:${c.background};font-family:Arial,Helvetica,sans-serif;color:${c.text}">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:${c.surface};border:1px solid ${c.border};border-radius:12px"><tr><td style="padding:28px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${BRAND_NAME} — ${l.kind === 'out' ? 'out for delivery' : 'delivered'}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escape(lead)}</p>
<p style="margin:0 0 4px;font-size:14px;font-weight:bold">${l.kind === 'out' ? 'Items' : 'Delivered'}</p>${list(l.kind === 'out' ? l.items : delivered, false)}
${excepted.length ? `<p style="margin:0 0 4px;font-size:14px;font-weight:bold">Not delivered</p>${list(excepted, true)}` : ''}
${l.photoLinks.length && l.linksUntil ? `<p style="margin:16px 0 8px;font-size:14px">Photos (the links open until ${escape(day(l.linksUntil))}, no sign-in needed):</p><ul style="margin:0;padding-left:20px">${l.photoLinks.map((p, i) => `<li style="font-size:14px"><a href="${escape(p)}" style="color:${c.accent}">Photo ${i + 1}</a></li>`).join('')}</ul>` : ''}
<p style="margin:20px 0 0;font-size:14px"><a href="${escape(l.projectUrl)}" style="color:${c.accent};font-weight:bold">Open ${escape(l.projectName)} in ${BRAND_NAME}</a></p>
</td></tr></table></body></html>`;
  return { from, to: l.to, subject, text: lines.join('\n'), html };
}

/** Sends deliveries' e-mails over SMTP. */
export class DeliveryMailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(letter: DeliveryLetter): Promise<void> {
    await this.transport.sendMail(composeDeliveryLetter(letter, this.from));
  }

  close(): void {
    this.transport.close();
  }
}
