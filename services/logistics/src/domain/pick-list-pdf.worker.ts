/**
 * Runs in a worker thread of the pick list pool (pick-list-pdf.pool.ts), never on the service's event loop: a
 * 100-item list takes pdfkit ~100 ms of CPU. Self-contained on purpose (type imports only; pdfkit comes by the path
 * the pool resolved), so that under jest the pool can compile this one file and run it as it is.
 */
import type { PickList } from '@midway/contracts';

type PdfKit = typeof import('pdfkit');
export interface PickListPdfTask {
  list: PickList;
  /** require.resolve('pdfkit'), from the pool. */
  pdfkit: string;
}

const LETTER: [number, number] = [612, 792];
const MARGIN = 40;
const ROW = 30;
const COLUMNS = [
  { title: 'Location', x: MARGIN, width: 70 },
  { title: 'Item', x: MARGIN + 74, width: 190 },
  { title: 'Project · client · designer', x: MARGIN + 268, width: 170 },
  { title: 'Pieces', x: MARGIN + 442, width: 44 },
  { title: 'Loaded', x: MARGIN + 490, width: 42 },
] as const;

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** What the Loaded column says of an entry: the pieces on the truck, or that it stays behind. */
export const loadedCell = (e: PickList['items'][number]): string => (e.leftBehindReason !== null ? 'left' : `${new Set(e.loadedPieces).size}/${Math.max(e.piecesExpected, e.piecesReceived)}`);

/**
 * A run's pick list as a Letter page staff carry along the aisles: one line per item in location order (the
 * order the list already has), with a box to tick, its place in large type, and the pieces to take.
 */
export function pickListPdf(list: PickList, PDFDocument: PdfKit): Promise<Buffer> {
  const doc = new PDFDocument({ size: LETTER, margin: MARGIN, info: { Title: `Pick list ${list.date}`, Author: 'Midway' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let y = MARGIN;
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(16).text(`Pick list · run of ${list.date}`, MARGIN, y);
    doc.font('Helvetica').fontSize(8).text(`Run ${list.runId} · ${list.items.length} item${list.items.length === 1 ? '' : 's'}`, MARGIN, y + 20);
    y += 38;
    doc.font('Helvetica-Bold').fontSize(8);
    for (const c of COLUMNS) doc.text(c.title, c.x, y, { width: c.width, lineBreak: false });
    y += 14;
    doc.moveTo(MARGIN, y - 3).lineTo(LETTER[0] - MARGIN, y - 3).lineWidth(0.5).stroke();
  };
  header();
  for (const e of list.items) {
    if (y + ROW > LETTER[1] - MARGIN) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    doc.font('Helvetica-Bold').fontSize(12).text(e.location?.code ?? '—', COLUMNS[0].x, y, { width: COLUMNS[0].width, lineBreak: false });
    doc.font('Helvetica').fontSize(9).text(cut(e.itemName, 40), COLUMNS[1].x, y, { width: COLUMNS[1].width, lineBreak: false });
    doc.fontSize(7).text(e.itemId, COLUMNS[1].x, y + 12, { width: COLUMNS[1].width, lineBreak: false });
    doc.fontSize(8).text(cut(e.projectName, 34), COLUMNS[2].x, y, { width: COLUMNS[2].width, lineBreak: false });
    doc.fontSize(7).text(cut(`${e.clientName} · ${e.designerName}`, 44), COLUMNS[2].x, y + 12, { width: COLUMNS[2].width, lineBreak: false });
    const pieces = Math.max(e.piecesExpected, e.piecesReceived);
    doc.fontSize(9).text(e.piecesReceived < e.piecesExpected ? `${e.piecesReceived} of ${e.piecesExpected}` : String(pieces), COLUMNS[3].x, y, { width: COLUMNS[3].width, lineBreak: false });
    doc.rect(COLUMNS[4].x, y - 1, 10, 10).lineWidth(0.8).stroke();
    doc.fontSize(8).text(loadedCell(e), COLUMNS[4].x + 13, y, { width: COLUMNS[4].width - 13, lineBreak: false });
    y += ROW;
  }
  doc.end();
  return done;
}

/** The pool's task: the PDF's bytes. */
export default async function render(task: PickListPdfTask): Promise<Uint8Array> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const PDFDocument = require(task.pdfkit) as PdfKit;
  return new Uint8Array(await pickListPdf(task.list, PDFDocument));
}
