import type { TextPage } from './pdf-text';

/** Text drawn close together on one baseline: a table cell, a label, a value. */
export interface Segment {
  x: number;
  end: number;
  text: string;
  size: number;
}

/** One baseline of one page, its segments left to right. */
export interface Line {
  page: number;
  y: number;
  size: number;
  segments: Segment[];
  text: string;
}

/**
 * The pages as lines top to bottom, each cut into segments where the gap between two pieces of text is wider than
 * a space: that is how a table's cells stay apart whatever program printed the PDF (pdfkit draws a cell as one
 * piece, Chromium as several runs of glyphs).
 */
export function toLines(pages: TextPage[]): Line[] {
  const lines: Line[] = [];
  pages.forEach((page, index) => {
    const items = [...page.items].sort((a, b) => b.y - a.y || a.x - b.x);
    const rows: { y: number; size: number; items: typeof items }[] = [];
    for (const item of items) {
      const row = rows.find((r) => Math.abs(r.y - item.y) <= 0.4 * Math.max(r.size, item.size));
      if (row) {
        row.items.push(item);
        row.size = Math.max(row.size, item.size);
      } else rows.push({ y: item.y, size: item.size, items: [item] });
    }
    rows.sort((a, b) => b.y - a.y);
    for (const row of rows) {
      row.items.sort((a, b) => a.x - b.x);
      const segments: Segment[] = [];
      for (const item of row.items) {
        const last = segments.at(-1);
        const gap = last ? item.x - last.end : Infinity;
        if (last && gap <= 0.7 * Math.max(last.size, item.size)) {
          const space = gap > 0.12 * item.size && !last.text.endsWith(' ') && !item.text.startsWith(' ');
          last.text += (space ? ' ' : '') + item.text;
          last.end = Math.max(last.end, item.x + item.width);
          last.size = Math.max(last.size, item.size);
        } else segments.push({ x: item.x, end: item.x + item.width, text: item.text, size: item.size });
      }
      for (const s of segments) s.text = s.text.replace(/\s+/g, ' ').trim();
      const kept = segments.filter((s) => s.text !== '');
      if (kept.length === 0) continue;
      lines.push({ page: index, y: row.y, size: row.size, segments: kept, text: kept.map((s) => s.text).join(' ') });
    }
  });
  return lines;
}
