/**
 * Runs in a worker thread of the label pool (label-pdf.pool.ts), never on the service's event loop: one 4×6 in
 * label with its QR takes ~25–35 ms of CPU (bwip-js draws the code, pdfkit the page). Self-contained on purpose (type
 * imports only; pdfkit and bwip-js come by the paths the pool resolved), so that under jest the pool can compile
 * this one file and run it as it is.
 */
type PdfKit = typeof import('pdfkit');
type Bwip = typeof import('bwip-js/node');

/** An item's labels: one page per piece, a QR of `<itemId>/<piece>` with that text small under it, and the sidemark. */
export interface ItemLabelTask {
  kind: 'item';
  itemId: string;
  itemName: string;
  designerName: string;
  projectName: string;
  clientName: string;
  roomLocation: string | null;
  pieces: number;
}
/** A location's label: its code as Code 128 and printed large, with its name. */
export interface LocationLabelTask {
  kind: 'location';
  code: string;
  name: string;
  kindLabel: string;
}
export type LabelTask = (ItemLabelTask | LocationLabelTask) & { pdfkit: string; bwip: string };

/** 4×6 in, portrait, in points. Pages have no margins of pdfkit's (every line is placed, with no line breaks): text
 * that reached a margin would otherwise start a page of its own. */
const PAGE: [number, number] = [288, 432];
const M = 18;
const W = PAGE[0] - 2 * M;

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function collect(doc: InstanceType<PdfKit>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export async function itemLabelPdf(t: ItemLabelTask, PDFDocument: PdfKit, bwip: Bwip): Promise<Buffer> {
  const doc = new PDFDocument({ size: PAGE, margin: 0, autoFirstPage: false, info: { Title: `Labels: ${t.itemName}`, Author: 'Midway' } });
  const done = collect(doc);
  const pieces = Math.max(1, t.pieces);
  for (let piece = 1; piece <= pieces; piece++) {
    const code = `${t.itemId}/${piece}`;
    const qr = await bwip.toBuffer({ bcid: 'qrcode', text: code, scale: 4 });
    doc.addPage();
    doc.image(qr, M + (W - 180) / 2, M, { width: 180, height: 180 });
    doc.font('Courier').fontSize(7).text(code, M, M + 184, { width: W, align: 'center', lineBreak: false });
    let y = M + 204;
    const line = (label: string, value: string, size = 11) => {
      doc.font('Helvetica').fontSize(7).fillColor('#555').text(label.toUpperCase(), M, y, { width: W, lineBreak: false });
      doc.font('Helvetica-Bold').fontSize(size).fillColor('#000').text(cut(value || '—', 40), M, y + 8, { width: W, lineBreak: false, ellipsis: true });
      y += size + 14;
    };
    line('Designer', t.designerName);
    line('Project', t.projectName);
    line('Client', t.clientName);
    line('Room', t.roomLocation ?? '');
    line('Item', t.itemName, 13);
    doc.font('Helvetica-Bold').fontSize(22).text(`piece ${piece} of ${pieces}`, M, PAGE[1] - M - 26, { width: W, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}

export async function locationLabelPdf(t: LocationLabelTask, PDFDocument: PdfKit, bwip: Bwip): Promise<Buffer> {
  const doc = new PDFDocument({ size: PAGE, margin: 0, info: { Title: `Location ${t.code}`, Author: 'Midway' } });
  const done = collect(doc);
  const barcode = await bwip.toBuffer({ bcid: 'code128', text: t.code, scale: 3, height: 22, includetext: false });
  // The code as large as fits the width (72 pt for a short one), readable from the aisle.
  doc.font('Helvetica-Bold').fontSize(72);
  doc.fontSize(Math.min(72, Math.floor((72 * W) / doc.widthOfString(t.code))));
  doc.text(t.code, M, M + 20, { width: W, align: 'center', lineBreak: false });
  doc.image(barcode, M, 200, { fit: [W, 110], align: 'center' });
  doc.font('Helvetica').fontSize(14).text(cut(t.name, 36), M, 330, { width: W, align: 'center', lineBreak: false });
  doc.fontSize(10).fillColor('#555').text(t.kindLabel, M, 370, { width: W, align: 'center', lineBreak: false });
  doc.end();
  return done;
}

/** The pool's entry: a label task in, the PDF's bytes out. */
export default async function render(task: LabelTask): Promise<Uint8Array> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const PDFDocument = require(task.pdfkit) as PdfKit;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bwip = require(task.bwip) as Bwip;
  return task.kind === 'item' ? itemLabelPdf(task, PDFDocument, bwip) : locationLabelPdf(task, PDFDocument, bwip);
}
