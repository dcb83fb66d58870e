import { BRAND_COLORS, BRAND_NAME } from '@midway/contracts/brand';
import { escapeHtml as e } from './mailer';

export interface Letter {
  /** The letter's first line, in bold, e.g. "Invoice INV-2026-000001 for $54.00". */
  heading: string;
  paragraphs: string[];
  /** Label and value pairs (the totals, the receipt's facts); `strong` marks the total. */
  rows: { label: string; value: string; strong?: boolean }[];
  button?: { label: string; href: string };
  /** Small print under the button. */
  notes: string[];
}

/**
 * The HTML of billing's e-mails in the layout every Midway e-mail has (catalog's invitations, logistics' delivery
 * and damage notices): the brand's name on a white card on the page colour, a button for the one thing to do, the
 * facts in a two-column table and the small print muted; every value escaped.
 */
export function letterHtml(l: Letter): string {
  const c = BRAND_COLORS;
  const rows = l.rows
    .map(
      (r) =>
        `<tr><td style="padding:6px 0;border-top:1px solid ${c.border};color:${c.textMuted}">${e(r.label)}</td><td align="right" style="padding:6px 0;border-top:1px solid ${c.border};${r.strong ? 'font-weight:bold;font-size:16px' : ''}">${e(r.value)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:${c.background};font-family:Arial,Helvetica,sans-serif;color:${c.text}">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:${c.surface};border:1px solid ${c.border};border-radius:12px"><tr><td style="padding:28px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${BRAND_NAME}</p>
<p style="margin:0 0 12px;font-size:16px;font-weight:bold">${e(l.heading)}</p>
${l.paragraphs.map((p) => `<p style="margin:0 0 12px;font-size:15px;line-height:1.5">${e(p)}</p>`).join('\n')}
<table role="presentation" width="100%" style="margin:8px 0 20px;font-size:14px;border-collapse:collapse">${rows}</table>
${l.button ? `<p style="margin:0 0 20px"><a href="${e(l.button.href)}" style="display:inline-block;padding:11px 18px;border-radius:8px;background:${c.accent};color:${c.accentText};font-weight:bold;text-decoration:none">${e(l.button.label)}</a></p>` : ''}
${l.notes.map((n) => `<p style="margin:0 0 8px;font-size:13px;color:${c.textMuted};overflow-wrap:anywhere">${e(n)}</p>`).join('\n')}
</td></tr></table></body></html>`;
}
