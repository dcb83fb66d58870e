import nodemailer, { type Transporter } from 'nodemailer';
import { BRAND_COLORS, BRAND_NAME } from '@midway/contracts/brand';
import { INSPECTION_CONDITION_LABELS, type InspectionCondition } from '@midway/contracts';

/** One damage report's e-mail: what was found on which item, and the photos as links that need no session. */
export interface DamageLetter {
  to: string[];
  itemName: string;
  projectName: string;
  /** The project's page on the platform (PUBLIC_URL), where the report is too. */
  projectUrl: string;
  condition: InspectionCondition;
  notes: string | null;
  /** Absolute signed links, one per photo. */
  photoLinks: string[];
  /** Until when the photo links open. */
  linksUntil: Date;
  reportedAt: Date;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const day = (d: Date) => d.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');

/** The e-mail in plain text and HTML (the same words). */
export function composeDamageReport(l: DamageLetter, from: string) {
  const condition = INSPECTION_CONDITION_LABELS[l.condition];
  const subject = `Damage report: ${l.itemName} (${l.projectName}) — ${condition}`;
  const photos = l.photoLinks.length
    ? [`Photos (the links open until ${day(l.linksUntil)}, no sign-in needed):`, ...l.photoLinks.map((p, i) => `  Photo ${i + 1}: ${p}`)]
    : ['No photos were taken.'];
  const text = [
    `Our warehouse inspected "${l.itemName}" of the project "${l.projectName}" on ${day(l.reportedAt)} and found it: ${condition}.`,
    '',
    `Item: ${l.itemName}`,
    `Project: ${l.projectName}`,
    `Condition: ${condition}`,
    `Notes: ${l.notes ?? '—'}`,
    '',
    ...photos,
    '',
    `The report is also on the project's page in ${BRAND_NAME}: ${l.projectUrl}`,
  ].join('\n');
  const c = BRAND_COLORS;
  const row = (k: string, v: string) => `<tr><td style="padding:4px 12px 4px 0;color:${c.textMuted};font-size:14px">${k}</td><td style="padding:4px 0;font-size:14px">${v}</td></tr>`;
  const photoHtml = l.photoLinks.length
    ? `<p style="margin:16px 0 8px;font-size:14px">Photos (the links open until ${escape(day(l.linksUntil))}, no sign-in needed):</p><ul style="margin:0;padding-left:20px">${l.photoLinks
        .map((p, i) => `<li style="font-size:14px"><a href="${escape(p)}" style="color:${c.accent}">Photo ${i + 1}</a></li>`)
        .join('')}</ul>`
    : `<p style="margin:16px 0 0;font-size:14px">No photos were taken.</p>`;
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:${c.background};font-family:Arial,Helvetica,sans-serif;color:${c.text}">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:${c.surface};border:1px solid ${c.border};border-radius:12px"><tr><td style="padding:28px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${BRAND_NAME} — damage report</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5">Our warehouse inspected <strong>${escape(l.itemName)}</strong> of the project <strong>${escape(l.projectName)}</strong> on ${escape(day(l.reportedAt))} and found it: <strong>${escape(condition)}</strong>.</p>
<table role="presentation">${row('Item', escape(l.itemName))}${row('Project', escape(l.projectName))}${row('Condition', escape(condition))}${row('Notes', escape(l.notes ?? '—'))}</table>
${photoHtml}
<p style="margin:20px 0 0;font-size:14px"><a href="${escape(l.projectUrl)}" style="color:${c.accent};font-weight:bold">Open ${escape(l.projectName)} in ${BRAND_NAME}</a></p>
<p style="margin:8px 0 0;font-size:13px;color:${c.textMuted}">The report is also on the project's page: ${escape(l.projectUrl)}</p>
</td></tr></table></body></html>`;
  return { from, to: l.to, subject, text, html };
}

/** Sends damage reports over SMTP. */
export class DamageReportMailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(letter: DamageLetter): Promise<void> {
    await this.transport.sendMail(composeDamageReport(letter, this.from));
  }

  close(): void {
    this.transport.close();
  }
}
