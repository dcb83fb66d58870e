/**
 * A corpus of vendors' purchase orders made the way vendors' systems make them: pdfkit documents drawn cell by cell,
 * and HTML invoices printed by Chromium (`page.pdf()`). Each document comes with what it must read as.
 */
import PDFDocument from 'pdfkit';
import type { Browser } from 'playwright-core';
import { extend } from '../src/domain/purchase-orders/po-amounts';
import { sumMoney } from '@midway/contracts/money';

export interface CorpusLine {
  sku: string;
  name: string;
  finish?: string;
  quantity: number;
  unitPrice: string;
  /** The amount printed when it is not quantity × unit price (a vendor's mistake kept as printed). */
  printedTotal?: string;
  tracking?: string;
}

export interface Expected {
  vendor: string;
  number: string;
  issueDate: string | null;
  currencyCode: string;
  lines: { lineRef: string; name: string; sku: string; quantity: number; unitPrice: string; lineTotal: string; finish?: string }[];
  subtotalAmount: string;
  taxAmount: string;
  shippingAmount: string;
  totalAmount: string;
  warnings: string[];
  tracking: { trackingNumber: string; lineRefs: string[] }[];
}

export interface CorpusDocument {
  name: string;
  printedBy: 'pdfkit' | 'chromium';
  pdf: (browser: Browser) => Promise<Uint8Array>;
  expected: Expected | { refused: string };
}

/** '1250.00' → '1,250.00' (with a sign in front when given). */
export function printed(amount: string, sign = ''): string {
  const [whole, cents] = amount.split('.');
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

const lineTotal = (l: CorpusLine) => l.printedTotal ?? extend(l.quantity, l.unitPrice);

function expectedLines(lines: CorpusLine[]): Expected['lines'] {
  return lines.map((l, i) => ({
    lineRef: String(i + 1),
    name: l.name,
    sku: l.sku,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    lineTotal: lineTotal(l),
    ...(l.finish ? { finish: l.finish } : {}),
  }));
}

function pdfkitBytes(draw: (doc: PDFKit.PDFDocument) => void): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 40, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve) => doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))));
  draw(doc);
  doc.end();
  return done;
}

interface PdfkitColumn {
  title: string;
  x: number;
  width: number;
  align?: 'left' | 'right';
  cell: (l: CorpusLine, index: number) => string;
}

/** Draws rows under a header, starting a new page (with `continued` and the header again) when one is full. */
function pdfkitTable(doc: PDFKit.PDFDocument, columns: PdfkitColumn[], lines: CorpusLine[], top: number, continued: (page: number) => void): number {
  const header = (y: number) => {
    doc.font('Helvetica-Bold').fontSize(9);
    for (const c of columns) doc.text(c.title, c.x, y, { width: c.width, align: c.align ?? 'left', lineBreak: false });
    doc.moveTo(40, y + 13).lineTo(572, y + 13).stroke();
    doc.font('Helvetica').fontSize(9);
    return y + 20;
  };
  let y = header(top);
  let page = 1;
  lines.forEach((l, i) => {
    const height = Math.max(...columns.map((c) => doc.heightOfString(c.cell(l, i), { width: c.width })));
    if (y + height > 700) {
      doc.fontSize(8).text(`Page ${page} — continued on next page`, 40, 740, { width: 532, align: 'center', lineBreak: false });
      doc.addPage();
      page += 1;
      continued(page);
      y = header(110);
    }
    doc.font('Helvetica').fontSize(9);
    for (const c of columns) doc.text(c.cell(l, i), c.x, y, { width: c.width, align: c.align ?? 'left' });
    y += height + 6;
  });
  return y + 10;
}

function totalsBlock(doc: PDFKit.PDFDocument, y: number, rows: [string, string][]): void {
  doc.font('Helvetica').fontSize(9);
  for (const [label, amount] of rows) {
    doc.text(label, 380, y, { width: 100, lineBreak: false });
    doc.text(amount, 480, y, { width: 92, align: 'right', lineBreak: false });
    y += 15;
  }
}

// 1. pdfkit, letterhead vendor, 'PO Number:', columns Line | SKU | Description | Finish | Qty | Unit Price | Amount,
// wrapped descriptions, shipping and tax.
const northwindLines: CorpusLine[] = [
  { sku: 'NW-DT-096', name: 'Walnut dining table with two leaves, live edge top and hand-rubbed oil finish, seats ten', finish: 'Natural Walnut', quantity: 1, unitPrice: '6840.00' },
  { sku: 'NW-CH-012', name: 'Side chair', finish: 'Ebonized Oak', quantity: 10, unitPrice: '1125.50' },
  { sku: 'NW-SB-072', name: 'Sideboard, four doors with adjustable shelves and soft-close hinges, brass pulls', finish: 'Natural Walnut', quantity: 1, unitPrice: '4980.00' },
  { sku: 'NW-BN-048', name: 'Entry bench', quantity: 2, unitPrice: '1375.25' },
];
const northwindSubtotal = sumMoney(northwindLines.map(lineTotal));
const northwind: CorpusDocument = {
  name: 'pdfkit: letterhead vendor, wrapped descriptions, shipping and tax',
  printedBy: 'pdfkit',
  pdf: () =>
    pdfkitBytes((doc) => {
      doc.font('Helvetica-Bold').fontSize(20).text('Northwind Casegoods', 40, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('1200 Mill Street, Grand Rapids, MI 49503', 40, 66, { lineBreak: false });
      doc.font('Helvetica-Bold').fontSize(14).text('PURCHASE ORDER', 400, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('PO Number: NW-2026-0142', 400, 62, { lineBreak: false });
      doc.text('Date: 11/02/2026', 400, 75, { lineBreak: false });
      doc.text('Ship Date: 12/15/2026', 400, 88, { lineBreak: false });
      doc.text('Ship to: Harbor Residence, 40 Bay Road', 40, 100, { lineBreak: false });
      const y = pdfkitTable(doc, [
        { title: 'Line', x: 40, width: 25, cell: (_l, i) => String(i + 1) },
        { title: 'SKU', x: 70, width: 65, cell: (l) => l.sku },
        { title: 'Description', x: 140, width: 170, cell: (l) => l.name },
        { title: 'Finish', x: 315, width: 75, cell: (l) => l.finish ?? '' },
        { title: 'Qty', x: 392, width: 28, align: 'right', cell: (l) => String(l.quantity) },
        { title: 'Unit Price', x: 425, width: 65, align: 'right', cell: (l) => printed(l.unitPrice, '$') },
        { title: 'Amount', x: 495, width: 77, align: 'right', cell: (l) => printed(lineTotal(l), '$') },
      ], northwindLines, 130, () => undefined);
      totalsBlock(doc, y, [
        ['Subtotal', printed(northwindSubtotal, '$')],
        ['Shipping', '$450.00'],
        ['Sales Tax (6%)', printed('1488.72', '$')],
        ['Total', printed(sumMoney([northwindSubtotal, '450.00', '1488.72']), '$')],
      ]);
    }),
  expected: {
    vendor: 'Northwind Casegoods',
    number: 'NW-2026-0142',
    issueDate: '2026-11-02',
    currencyCode: 'USD',
    lines: expectedLines(northwindLines),
    subtotalAmount: northwindSubtotal,
    taxAmount: '1488.72',
    shippingAmount: '450.00',
    totalAmount: sumMoney([northwindSubtotal, '450.00', '1488.72']),
    warnings: [],
    tracking: [],
  },
};

// 2. pdfkit, three pages with the header repeated under a continuation letterhead; 'Vendor:' and 'P.O. #:',
// columns Qty | Item # | Product | Rate | Ext. in that order; no tax or shipping printed.
const birchLines: CorpusLine[] = Array.from({ length: 75 }, (_, i) => ({
  sku: `BL-${String(1000 + i * 7)}`,
  name: i % 9 === 4 ? `Linen drapery panel ${i + 1}, 108 in. drop, pinch pleat, blackout lining, with matching tiebacks` : `Cushion cover ${i + 1}`,
  quantity: 1 + (i % 4) * 6,
  unitPrice: `${40 + i * 13}.${String((i * 37) % 100).padStart(2, '0')}`,
}));
const birchSubtotal = sumMoney(birchLines.map(lineTotal));
const birch: CorpusDocument = {
  name: 'pdfkit: a three-page table with its header repeated on each page',
  printedBy: 'pdfkit',
  pdf: () =>
    pdfkitBytes((doc) => {
      doc.font('Helvetica-Bold').fontSize(16).text('Purchase Order', 40, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('Vendor: Birch & Loom Textiles', 40, 66, { lineBreak: false });
      doc.text('P.O. #: BL-7781', 40, 79, { lineBreak: false });
      doc.text('Order Date: November 3, 2026', 300, 66, { lineBreak: false });
      doc.text('Required By: December 1, 2026', 300, 79, { lineBreak: false });
      const y = pdfkitTable(doc, [
        { title: 'Qty', x: 40, width: 30, align: 'right', cell: (l) => String(l.quantity) },
        { title: 'Item #', x: 80, width: 60, cell: (l) => l.sku },
        { title: 'Product', x: 150, width: 230, cell: (l) => l.name },
        { title: 'Rate', x: 390, width: 80, align: 'right', cell: (l) => `${printed(l.unitPrice)} ea` },
        { title: 'Ext.', x: 480, width: 92, align: 'right', cell: (l) => printed(lineTotal(l)) },
      ], birchLines, 110, (page) => {
        doc.font('Helvetica').fontSize(9).text(`Birch & Loom Textiles — P.O. BL-7781 (continued, page ${page})`, 40, 60, { lineBreak: false });
      });
      totalsBlock(doc, y, [
        ['Subtotal:', printed(birchSubtotal)],
        ['Total:', printed(birchSubtotal, '$')],
      ]);
    }),
  expected: {
    vendor: 'Birch & Loom Textiles',
    number: 'BL-7781',
    issueDate: '2026-11-03',
    currencyCode: 'USD',
    lines: expectedLines(birchLines),
    subtotalAmount: birchSubtotal,
    taxAmount: '0.00',
    shippingAmount: '0.00',
    totalAmount: birchSubtotal,
    warnings: [],
    tracking: [],
  },
};

// 3. pdfkit, a Canadian vendor: 'Prices are in CAD', 'Purchase Order No.', Description | Model | Quantity | Price | Total,
// GST and PST, freight.
const mapleLines: CorpusLine[] = [
  { sku: 'MC-LC-22', name: 'Lounge chair, boucle', quantity: 2, unitPrice: '2150.00' },
  { sku: 'MC-OT-09', name: 'Ottoman', quantity: 2, unitPrice: '640.00' },
  { sku: 'MC-FL-31', name: 'Floor lamp, blackened steel with linen shade', quantity: 3, unitPrice: '389.99' },
];
const mapleSubtotal = sumMoney(mapleLines.map(lineTotal));
const maple: CorpusDocument = {
  name: 'pdfkit: Canadian dollars, GST and PST, freight',
  printedBy: 'pdfkit',
  pdf: () =>
    pdfkitBytes((doc) => {
      doc.font('Helvetica-Bold').fontSize(18).text('Maple & Crane Furnishings Ltd.', 40, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('88 King St W, Toronto ON M5H 1A1', 40, 64, { lineBreak: false });
      doc.font('Helvetica-Bold').fontSize(12).text('Purchase Order No. MC-55', 40, 90, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('Order Date: 2026-10-28', 360, 90, { lineBreak: false });
      doc.text('Prices are in CAD', 360, 103, { lineBreak: false });
      const y = pdfkitTable(doc, [
        { title: 'Description', x: 40, width: 200, cell: (l) => l.name },
        { title: 'Model', x: 250, width: 70, cell: (l) => l.sku },
        { title: 'Quantity', x: 330, width: 50, align: 'right', cell: (l) => String(l.quantity) },
        { title: 'Price', x: 390, width: 80, align: 'right', cell: (l) => printed(l.unitPrice, 'CA$') },
        { title: 'Total', x: 480, width: 92, align: 'right', cell: (l) => printed(lineTotal(l), 'CA$') },
      ], mapleLines, 130, () => undefined);
      totalsBlock(doc, y, [
        ['Subtotal', printed(mapleSubtotal, 'CA$')],
        ['Freight', 'CA$275.00'],
        ['GST (5%)', printed('322.75', 'CA$')],
        ['PST (8%)', printed('516.40', 'CA$')],
        ['Total', printed(sumMoney([mapleSubtotal, '275.00', '322.75', '516.40']), 'CA$')],
      ]);
    }),
  expected: {
    vendor: 'Maple & Crane Furnishings Ltd.',
    number: 'MC-55',
    issueDate: '2026-10-28',
    currencyCode: 'CAD',
    lines: expectedLines(mapleLines),
    subtotalAmount: mapleSubtotal,
    taxAmount: '839.15',
    shippingAmount: '275.00',
    totalAmount: sumMoney([mapleSubtotal, '275.00', '322.75', '516.40']),
    warnings: ['Prices are in CAD'],
    tracking: [],
  },
};

// 4. pdfkit, lines that do not add up to the printed subtotal ('2 ea', '450.00 ea'): kept as printed, with a warning.
const quarryLines: CorpusLine[] = [
  { sku: 'QS-TL-01', name: 'Marble side table', quantity: 2, unitPrice: '450.00' },
  { sku: 'QS-TL-02', name: 'Travertine coffee table', quantity: 1, unitPrice: '1890.00' },
];
const quarry: CorpusDocument = {
  name: 'pdfkit: lines that do not add up to the printed subtotal',
  printedBy: 'pdfkit',
  pdf: () =>
    pdfkitBytes((doc) => {
      doc.font('Helvetica-Bold').fontSize(18).text('Quarry Stone Studio', 40, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('PO Number: QS-300', 40, 70, { lineBreak: false });
      doc.text('Date: 2026-11-10', 40, 83, { lineBreak: false });
      const y = pdfkitTable(doc, [
        { title: 'SKU', x: 40, width: 70, cell: (l) => l.sku },
        { title: 'Item', x: 120, width: 220, cell: (l) => l.name },
        { title: 'Qty', x: 350, width: 40, align: 'right', cell: (l) => `${l.quantity} ea` },
        { title: 'Price', x: 400, width: 70, align: 'right', cell: (l) => `${printed(l.unitPrice)} ea` },
        { title: 'Amount', x: 480, width: 92, align: 'right', cell: (l) => printed(lineTotal(l)) },
      ], quarryLines, 110, () => undefined);
      totalsBlock(doc, y, [
        ['Subtotal', '2,890.00'],
        ['Total', '2,890.00'],
      ]);
    }),
  expected: {
    vendor: 'Quarry Stone Studio',
    number: 'QS-300',
    issueDate: '2026-11-10',
    currencyCode: 'USD',
    lines: expectedLines(quarryLines),
    subtotalAmount: '2890.00',
    taxAmount: '0.00',
    shippingAmount: '0.00',
    totalAmount: '2890.00',
    warnings: ['The lines add up to 2790.00, not the printed subtotal 2890.00; the lines are kept as printed.'],
    tracking: [],
  },
};

// 5. pdfkit, a scan: the page is only shapes, no text layer.
const scanned: CorpusDocument = {
  name: 'pdfkit: a scanned page with no text layer',
  printedBy: 'pdfkit',
  pdf: () =>
    pdfkitBytes((doc) => {
      doc.rect(40, 40, 200, 24).fill('#333');
      for (let i = 0; i < 12; i++) doc.rect(40, 120 + i * 18, 60 + ((i * 53) % 400), 8).fill('#555');
    }),
  expected: { refused: "This PDF has no text to read (it looks scanned). Export it from the vendor's system as a PDF with text, or use CSV." },
};

function html(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 12px; margin: 0; }
    h1 { font-size: 26px; margin: 0 0 4px; }
    table.lines { width: 100%; border-collapse: collapse; margin-top: 24px; }
    table.lines th { text-align: left; border-bottom: 1px solid #333; padding: 6px 8px; }
    table.lines td { border-bottom: 1px solid #ddd; padding: 8px 8px; }
    .num { text-align: right; white-space: nowrap; }
    .totals { margin-left: auto; margin-top: 16px; }
    .totals td { padding: 3px 8px; }
    .meta td { padding: 2px 12px 2px 0; }
  </style></head><body>${body}</body></html>`;
}

async function chromiumBytes(browser: Browser, page: string): Promise<Uint8Array> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    await tab.setContent(page);
    return new Uint8Array(await tab.pdf({ format: 'Letter', margin: { top: '0.6in', bottom: '0.6in', left: '0.6in', right: '0.6in' } }));
  } finally {
    await context.close();
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

// 6. Chromium, an order acknowledgement with a tracking number per line; cells vertically centred (a table's
// default), so a wrapped description has lines above its figures.
const harborLines: CorpusLine[] = [
  { sku: 'HL-PD-18', name: 'Pendant, hand-blown smoke glass globe, 18 in., with 10 ft cord and canopy kit', finish: 'Aged Brass', quantity: 3, unitPrice: '785.00', tracking: '1Z5R89390357567127' },
  { sku: 'HL-SC-04', name: 'Wall sconce', finish: 'Aged Brass', quantity: 6, unitPrice: '312.40', tracking: '1Z5R89390357567127' },
  { sku: 'HL-TL-11', name: 'Table lamp with pleated silk shade', finish: 'Bronze', quantity: 2, unitPrice: '1045.00', tracking: '986578788855' },
];
const harborSubtotal = sumMoney(harborLines.map(lineTotal));
const harbor: CorpusDocument = {
  name: 'Chromium: an order acknowledgement with tracking numbers',
  printedBy: 'chromium',
  pdf: (browser) =>
    chromiumBytes(browser, html(`
      <h1>Order Acknowledgement</h1>
      <table class="meta">
        <tr><td>Vendor: Harbor Lighting Co.</td><td>PO Number: HL-301</td></tr>
        <tr><td>Acknowledgement No. ACK-9911</td><td>Date: Nov 12, 2026</td></tr>
      </table>
      <table class="lines">
        <thead><tr><th>Model</th><th style="width:40%">Description</th><th>Finish</th><th class="num">Qty</th><th class="num">Unit Price</th><th class="num">Amount</th><th>Tracking #</th></tr></thead>
        <tbody>${harborLines.map((l) => `<tr><td>${l.sku}</td><td>${esc(l.name)}</td><td>${l.finish}</td><td class="num">${l.quantity}</td><td class="num">${printed(l.unitPrice, '$')}</td><td class="num">${printed(lineTotal(l), '$')}</td><td>${l.tracking}</td></tr>`).join('')}</tbody>
      </table>
      <table class="totals">
        <tr><td>Subtotal</td><td class="num">${printed(harborSubtotal, '$')}</td></tr>
        <tr><td>Total</td><td class="num">${printed(harborSubtotal, '$')}</td></tr>
      </table>`)),
  expected: {
    vendor: 'Harbor Lighting Co.',
    number: 'HL-301',
    issueDate: '2026-11-12',
    currencyCode: 'USD',
    lines: expectedLines(harborLines),
    subtotalAmount: harborSubtotal,
    taxAmount: '0.00',
    shippingAmount: '0.00',
    totalAmount: harborSubtotal,
    warnings: [],
    tracking: [
      { trackingNumber: '1Z5R89390357567127', lineRefs: ['1', '2'] },
      { trackingNumber: '986578788855', lineRefs: ['3'] },
    ],
  },
};

// 7. Chromium, a web shop's invoice-style PO: top-aligned cells, Product | Item # | Finish | Quantity | Rate | Ext.,
// shipping & handling and sales tax.
const fernLines: CorpusLine[] = [
  { sku: 'FR-RG-810', name: 'Hand-knotted wool rug, 8 x 10 ft, low pile, ivory field with charcoal border', finish: 'Ivory/Charcoal', quantity: 1, unitPrice: '3460.00' },
  { sku: 'FR-PL-22', name: 'Throw pillow', finish: 'Rust', quantity: 8, unitPrice: '89.95' },
  { sku: 'FR-BS-03', name: 'Woven basket set', finish: 'Natural', quantity: 4, unitPrice: '124.00' },
];
const fernSubtotal = sumMoney(fernLines.map(lineTotal));
const fern: CorpusDocument = {
  name: 'Chromium: top-aligned cells, shipping & handling and sales tax',
  printedBy: 'chromium',
  pdf: (browser) =>
    chromiumBytes(browser, html(`
      <style>table.lines td { vertical-align: top; }</style>
      <h1>Fern &amp; Rye Home</h1>
      <div>410 Orchard Ave, Portland, OR 97205</div>
      <h2 style="font-size:16px">Purchase Order</h2>
      <table class="meta"><tr><td>Purchase Order No. FR-20418</td><td>Issue Date: 2026-11-05</td><td>Delivery Date: 2026-12-20</td></tr></table>
      <table class="lines">
        <thead><tr><th style="width:38%">Product</th><th>Item #</th><th>Finish</th><th class="num">Quantity</th><th class="num">Rate</th><th class="num">Ext.</th></tr></thead>
        <tbody>${fernLines.map((l) => `<tr><td>${esc(l.name)}</td><td>${l.sku}</td><td>${esc(l.finish!)}</td><td class="num">${l.quantity}</td><td class="num">${printed(l.unitPrice, '$')}</td><td class="num">${printed(lineTotal(l), '$')}</td></tr>`).join('')}</tbody>
      </table>
      <table class="totals">
        <tr><td>Subtotal</td><td class="num">${printed(fernSubtotal, '$')}</td></tr>
        <tr><td>Shipping &amp; Handling</td><td class="num">$185.00</td></tr>
        <tr><td>Sales Tax</td><td class="num">$0.00</td></tr>
        <tr><td>Total</td><td class="num">${printed(sumMoney([fernSubtotal, '185.00']), '$')}</td></tr>
      </table>`)),
  expected: {
    vendor: 'Fern & Rye Home',
    number: 'FR-20418',
    issueDate: '2026-11-05',
    currencyCode: 'USD',
    lines: expectedLines(fernLines),
    subtotalAmount: fernSubtotal,
    taxAmount: '0.00',
    shippingAmount: '185.00',
    totalAmount: sumMoney([fernSubtotal, '185.00']),
    warnings: [],
    tracking: [],
  },
};

// 8. Chromium, a long PO whose table runs over pages: Chromium repeats the <thead> at the top of each printed page.
const atlasLines: CorpusLine[] = Array.from({ length: 60 }, (_, i) => ({
  sku: `AT-${String(200 + i)}`,
  name: i % 10 === 3 ? `Upholstered dining chair ${i + 1}, performance velvet, nailhead trim, COM available on request` : `Dining chair ${i + 1}`,
  quantity: 1 + (i % 5),
  unitPrice: `${1000 + i * 41}.${String((i * 13) % 100).padStart(2, '0')}`,
}));
const atlasSubtotal = sumMoney(atlasLines.map(lineTotal));
const atlas: CorpusDocument = {
  name: 'Chromium: a table over pages with the header repeated by the browser',
  printedBy: 'chromium',
  pdf: (browser) =>
    chromiumBytes(browser, html(`
      <style>table.lines td { vertical-align: top; } tr { break-inside: avoid; }</style>
      <h1>Atlas Seating Works</h1>
      <table class="meta"><tr><td>P.O. #: AS-8800</td><td>PO Date: 10/30/2026</td></tr></table>
      <table class="lines">
        <thead><tr><th class="num">Qty</th><th>SKU</th><th style="width:50%">Description</th><th class="num">Price</th><th class="num">Total</th></tr></thead>
        <tbody>${atlasLines.map((l) => `<tr><td class="num">${l.quantity}</td><td>${l.sku}</td><td>${esc(l.name)}</td><td class="num">${printed(l.unitPrice, '$')}</td><td class="num">${printed(lineTotal(l), '$')}</td></tr>`).join('')}</tbody>
      </table>
      <table class="totals">
        <tr><td>Subtotal</td><td class="num">${printed(atlasSubtotal, '$')}</td></tr>
        <tr><td>Tax</td><td class="num">$0.00</td></tr>
        <tr><td>Grand Total</td><td class="num">${printed(atlasSubtotal, '$')}</td></tr>
      </table>`)),
  expected: {
    vendor: 'Atlas Seating Works',
    number: 'AS-8800',
    issueDate: '2026-10-30',
    currencyCode: 'USD',
    lines: expectedLines(atlasLines),
    subtotalAmount: atlasSubtotal,
    taxAmount: '0.00',
    shippingAmount: '0.00',
    totalAmount: atlasSubtotal,
    warnings: [],
    tracking: [],
  },
};

// 9. Chromium, a plain HTML table: headers centred (the browser's default) and a description whose last word wraps
// alone at the left edge of its column, far from the centred header.
const woodLines: CorpusLine[] = Array.from({ length: 4 }, (_, i) => ({
  sku: `OK-${100 + i}`,
  name: i === 0 ? 'Walnut dining table with two leaves, live edge top and hand-rubbed oil finish' : `Oak side chair ${i + 1}`,
  quantity: 1,
  unitPrice: `${100 + i}.00`,
}));
const woodSubtotal = sumMoney(woodLines.map(lineTotal));
const wood: CorpusDocument = {
  name: 'Chromium: centred headers and a word wrapped alone under a wide column',
  printedBy: 'chromium',
  pdf: (browser) =>
    chromiumBytes(browser, `<!doctype html><html><head><style>td, th { padding: 4px 8px; }</style></head><body style="font:12px sans-serif">
      <h1>Woodworks Studio</h1><p>PO Number: WW-77</p><p>Date: 2026-11-20</p>
      <table style="width:100%;border-collapse:collapse"><thead><tr><th>Qty</th><th>SKU</th><th style="width:50%">Description</th><th>Unit Price</th><th>Amount</th></tr></thead>
      <tbody>${woodLines.map((l) => `<tr><td>${l.quantity}</td><td>${l.sku}</td><td>${esc(l.name)}</td><td style="text-align:right">${printed(l.unitPrice, '$')}</td><td style="text-align:right">${printed(lineTotal(l), '$')}</td></tr>`).join('')}</tbody></table>
      <table style="margin-left:auto"><tr><td>Subtotal</td><td>${printed(woodSubtotal, '$')}</td></tr><tr><td>Shipping</td><td>$50.00</td></tr>
      <tr><td>Total</td><td>${printed(sumMoney([woodSubtotal, '50.00']), '$')}</td></tr></table></body></html>`),
  expected: {
    vendor: 'Woodworks Studio',
    number: 'WW-77',
    issueDate: '2026-11-20',
    currencyCode: 'USD',
    lines: expectedLines(woodLines),
    subtotalAmount: woodSubtotal,
    taxAmount: '0.00',
    shippingAmount: '50.00',
    totalAmount: sumMoney([woodSubtotal, '50.00']),
    warnings: [],
    tracking: [],
  },
};

// 10. pdfkit, Northwind's acknowledgement of PO NW-2026-0142 (document 1), sent days after it was imported: its
// lines in another order, the bench left out (backordered), a lamp the order does not have, a tracking number per line.
const northwindAckLines: CorpusLine[] = [
  { sku: 'NW-SB-072', name: 'Sideboard, four doors', quantity: 1, unitPrice: '4980.00', tracking: '1Z5R89390357567127' },
  { sku: 'NW-DT-096', name: 'Walnut dining table', quantity: 1, unitPrice: '6840.00', tracking: '986578788855' },
  { sku: 'NW-CH-012', name: 'Side chair', quantity: 10, unitPrice: '1125.50', tracking: '1Z5R89390357567127' },
  { sku: 'NW-LP-300', name: 'Floor lamp', quantity: 1, unitPrice: '410.00', tracking: '986578788855' },
];
const northwindAckSubtotal = sumMoney(northwindAckLines.map(lineTotal));
const northwindAck: CorpusDocument = {
  name: 'pdfkit: an acknowledgement of an order imported earlier, with a tracking number per line',
  printedBy: 'pdfkit',
  pdf: () =>
    pdfkitBytes((doc) => {
      doc.font('Helvetica-Bold').fontSize(20).text('Northwind Casegoods', 40, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('1200 Mill Street, Grand Rapids, MI 49503', 40, 66, { lineBreak: false });
      doc.font('Helvetica-Bold').fontSize(14).text('ORDER ACKNOWLEDGEMENT', 360, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('PO Number: NW-2026-0142', 360, 62, { lineBreak: false });
      doc.text('Date: 11/20/2026', 360, 75, { lineBreak: false });
      const y = pdfkitTable(doc, [
        { title: 'Line', x: 40, width: 22, cell: (_l, i) => String(i + 1) },
        { title: 'SKU', x: 75, width: 60, cell: (l) => l.sku },
        { title: 'Description', x: 145, width: 130, cell: (l) => l.name },
        { title: 'Qty', x: 280, width: 25, align: 'right', cell: (l) => String(l.quantity) },
        { title: 'Unit Price', x: 312, width: 55, align: 'right', cell: (l) => printed(l.unitPrice, '$') },
        { title: 'Amount', x: 372, width: 68, align: 'right', cell: (l) => printed(lineTotal(l), '$') },
        { title: 'Tracking #', x: 452, width: 120, cell: (l) => l.tracking! },
      ], northwindAckLines, 110, () => undefined);
      totalsBlock(doc, y, [
        ['Subtotal', printed(northwindAckSubtotal, '$')],
        ['Total', printed(northwindAckSubtotal, '$')],
      ]);
    }),
  expected: {
    vendor: 'Northwind Casegoods',
    number: 'NW-2026-0142',
    issueDate: '2026-11-20',
    currencyCode: 'USD',
    lines: expectedLines(northwindAckLines),
    subtotalAmount: northwindAckSubtotal,
    taxAmount: '0.00',
    shippingAmount: '0.00',
    totalAmount: northwindAckSubtotal,
    warnings: [],
    tracking: [
      { trackingNumber: '1Z5R89390357567127', lineRefs: ['1', '3'] },
      { trackingNumber: '986578788855', lineRefs: ['2', '4'] },
    ],
  },
};

// 11. pdfkit, a faxed order: pages 1 and 3 have text, page 2 was scanned in (only shapes). Its lines 4 to 6 cannot be
// read; the answer says which page, and the printed subtotal shows the lines missing. A blank page 4 is no scan.
const faxedLines: CorpusLine[] = Array.from({ length: 8 }, (_, i) => ({ sku: `GS-${310 + i}`, name: `Glass vase ${i + 1}`, quantity: 1 + (i % 3), unitPrice: `${60 + i * 5}.00` }));
const faxedRefs = new Map(faxedLines.map((l, i) => [l, String(i + 1)]));
const faxedRead = [...faxedLines.slice(0, 3), ...faxedLines.slice(6)];
const faxedSubtotal = sumMoney(faxedLines.map(lineTotal));
const faxed: CorpusDocument = {
  name: 'pdfkit: a page scanned in between pages with text',
  printedBy: 'pdfkit',
  pdf: () =>
    pdfkitBytes((doc) => {
      const columns: PdfkitColumn[] = [
        { title: 'Line', x: 40, width: 30, cell: (l) => faxedRefs.get(l)! },
        { title: 'SKU', x: 80, width: 70, cell: (l) => l.sku },
        { title: 'Description', x: 160, width: 220, cell: (l) => l.name },
        { title: 'Qty', x: 390, width: 30, align: 'right', cell: (l) => String(l.quantity) },
        { title: 'Price', x: 425, width: 60, align: 'right', cell: (l) => printed(l.unitPrice) },
        { title: 'Amount', x: 490, width: 82, align: 'right', cell: (l) => printed(lineTotal(l)) },
      ];
      doc.font('Helvetica-Bold').fontSize(18).text('Glass Studio North', 40, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('PO Number: GS-4410', 40, 66, { lineBreak: false });
      doc.text('Date: 2026-11-18', 40, 79, { lineBreak: false });
      pdfkitTable(doc, columns, faxedLines.slice(0, 3), 110, () => undefined);
      doc.addPage();
      doc.rect(40, 40, 532, 30).fill('#444');
      for (let i = 0; i < 6; i++) doc.rect(40, 110 + i * 22, 120 + ((i * 97) % 400), 10).fill('#666');
      doc.addPage();
      const y = pdfkitTable(doc, columns, faxedLines.slice(6), 60, () => undefined);
      totalsBlock(doc, y, [
        ['Subtotal', printed(faxedSubtotal)],
        ['Total', printed(faxedSubtotal, '$')],
      ]);
      // A blank last page draws nothing, so it is no scan and goes unmentioned.
      doc.addPage();
    }),
  expected: {
    vendor: 'Glass Studio North',
    number: 'GS-4410',
    issueDate: '2026-11-18',
    currencyCode: 'USD',
    lines: faxedRead.map((l) => ({ lineRef: faxedRefs.get(l)!, name: l.name, sku: l.sku, quantity: l.quantity, unitPrice: l.unitPrice, lineTotal: lineTotal(l) })),
    subtotalAmount: faxedSubtotal,
    taxAmount: '0.00',
    shippingAmount: '0.00',
    totalAmount: faxedSubtotal,
    warnings: [
      'Page 2 has no text layer (scanned?); its lines were not read.',
      `The lines add up to ${sumMoney(faxedRead.map(lineTotal))}, not the printed subtotal ${faxedSubtotal}; the lines are kept as printed.`,
    ],
    tracking: [],
  },
};

// 12. pdfkit, Northwind's packing list for the backordered bench of PO NW-2026-0142: quantities shipped and tracking
// numbers, no prices.
const northwindPackingLines: CorpusLine[] = [
  { sku: 'NW-BN-048', name: 'Entry bench', quantity: 2, unitPrice: '0.00', tracking: '986578788855' },
];
const northwindPacking: CorpusDocument = {
  name: 'pdfkit: a packing list without prices, with a tracking number',
  printedBy: 'pdfkit',
  pdf: () =>
    pdfkitBytes((doc) => {
      doc.font('Helvetica-Bold').fontSize(20).text('Northwind Casegoods', 40, 40, { lineBreak: false });
      doc.font('Helvetica-Bold').fontSize(14).text('PACKING LIST', 400, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('PO Number: NW-2026-0142', 400, 62, { lineBreak: false });
      doc.text('Ship Date: 12/01/2026', 400, 75, { lineBreak: false });
      pdfkitTable(doc, [
        { title: 'Line', x: 40, width: 25, cell: (_l, i) => String(i + 1) },
        { title: 'SKU', x: 75, width: 70, cell: (l) => l.sku },
        { title: 'Description', x: 155, width: 200, cell: (l) => l.name },
        { title: 'Qty Shipped', x: 365, width: 60, align: 'right', cell: (l) => String(l.quantity) },
        { title: 'Tracking #', x: 440, width: 132, cell: (l) => l.tracking! },
      ], northwindPackingLines, 110, () => undefined);
    }),
  expected: {
    vendor: 'Northwind Casegoods',
    number: 'NW-2026-0142',
    issueDate: null,
    currencyCode: 'USD',
    lines: expectedLines(northwindPackingLines),
    subtotalAmount: '0.00',
    taxAmount: '0.00',
    shippingAmount: '0.00',
    totalAmount: '0.00',
    warnings: ['No prices are printed (a packing list): its lines read as 0.00.'],
    tracking: [{ trackingNumber: '986578788855', lineRefs: ['1'] }],
  },
};

// 13. pdfkit, a letterhead above 'Bill To' and 'Ship To' blocks side by side, their headings printed larger than the
// vendor's name: the buyer's blocks are never the vendor.
const juniperLines: CorpusLine[] = [
  { sku: 'JO-LS-01', name: 'Teak lounge chair', quantity: 4, unitPrice: '1180.00' },
  { sku: 'JO-DT-07', name: 'Outdoor dining table, 96 in.', quantity: 1, unitPrice: '3240.00' },
];
const juniperSubtotal = sumMoney(juniperLines.map(lineTotal));
const juniper: CorpusDocument = {
  name: 'pdfkit: a letterhead above Bill To and Ship To blocks side by side',
  printedBy: 'pdfkit',
  pdf: () =>
    pdfkitBytes((doc) => {
      doc.font('Helvetica-Bold').fontSize(11).text('Juniper Outdoor Living', 40, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(8).text('77 Harbor Way, Sausalito, CA 94965', 40, 54, { lineBreak: false });
      doc.font('Helvetica-Bold').fontSize(16).text('PURCHASE ORDER', 400, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('PO Number: JO-5521', 400, 62, { lineBreak: false });
      doc.text('Date: 11/24/2026', 400, 75, { lineBreak: false });
      doc.font('Helvetica-Bold').fontSize(12).text('Bill To', 40, 100, { lineBreak: false });
      doc.text('Ship To', 300, 100, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('Midway Design Studio', 40, 117, { lineBreak: false });
      doc.text('Harbor Residence', 300, 117, { lineBreak: false });
      doc.text('1800 Granville St, Vancouver BC', 40, 129, { lineBreak: false });
      doc.text('40 Bay Road, West Vancouver BC', 300, 129, { lineBreak: false });
      const y = pdfkitTable(doc, [
        { title: 'SKU', x: 40, width: 70, cell: (l) => l.sku },
        { title: 'Description', x: 120, width: 230, cell: (l) => l.name },
        { title: 'Qty', x: 360, width: 30, align: 'right', cell: (l) => String(l.quantity) },
        { title: 'Unit Price', x: 400, width: 75, align: 'right', cell: (l) => printed(l.unitPrice, '$') },
        { title: 'Amount', x: 480, width: 92, align: 'right', cell: (l) => printed(lineTotal(l), '$') },
      ], juniperLines, 160, () => undefined);
      totalsBlock(doc, y, [['Subtotal', printed(juniperSubtotal, '$')], ['Total', printed(juniperSubtotal, '$')]]);
    }),
  expected: {
    vendor: 'Juniper Outdoor Living',
    number: 'JO-5521',
    issueDate: '2026-11-24',
    currencyCode: 'USD',
    lines: expectedLines(juniperLines),
    subtotalAmount: juniperSubtotal,
    taxAmount: '0.00',
    shippingAmount: '0.00',
    totalAmount: juniperSubtotal,
    warnings: [],
    tracking: [],
  },
};

// 14. pdfkit, a 'Sold To:' block beside the order's details, the buyer's name in it larger than the letterhead.
const rattanLines: CorpusLine[] = [
  { sku: 'PR-AC-12', name: 'Rattan accent chair', quantity: 2, unitPrice: '865.00' },
  { sku: 'PR-SD-30', name: 'Woven side table', quantity: 2, unitPrice: '410.50' },
];
const rattanSubtotal = sumMoney(rattanLines.map(lineTotal));
const rattan: CorpusDocument = {
  name: 'pdfkit: a Sold To block beside the order details',
  printedBy: 'pdfkit',
  pdf: () =>
    pdfkitBytes((doc) => {
      doc.font('Helvetica-Bold').fontSize(11).text('Pacific Rattan Co.', 40, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(8).text('5 Dockside Ave, Seattle, WA 98101', 40, 54, { lineBreak: false });
      doc.font('Helvetica-Bold').fontSize(9).text('Sold To:', 40, 84, { lineBreak: false });
      doc.font('Helvetica-Bold').fontSize(13).text('Midway Design Studio', 40, 97, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('1800 Granville St, Vancouver BC', 40, 114, { lineBreak: false });
      doc.font('Helvetica-Bold').fontSize(9).text('Order Details', 330, 84, { lineBreak: false });
      doc.font('Helvetica').fontSize(9).text('PO Number: PR-3310', 330, 98, { lineBreak: false });
      doc.text('Order Date: 11/25/2026', 330, 111, { lineBreak: false });
      const y = pdfkitTable(doc, [
        { title: 'Qty', x: 40, width: 30, align: 'right', cell: (l) => String(l.quantity) },
        { title: 'Item #', x: 80, width: 70, cell: (l) => l.sku },
        { title: 'Description', x: 160, width: 220, cell: (l) => l.name },
        { title: 'Price', x: 390, width: 80, align: 'right', cell: (l) => printed(l.unitPrice) },
        { title: 'Amount', x: 480, width: 92, align: 'right', cell: (l) => printed(lineTotal(l)) },
      ], rattanLines, 145, () => undefined);
      totalsBlock(doc, y, [['Subtotal', printed(rattanSubtotal)], ['Total', printed(rattanSubtotal, '$')]]);
    }),
  expected: {
    vendor: 'Pacific Rattan Co.',
    number: 'PR-3310',
    issueDate: '2026-11-25',
    currencyCode: 'USD',
    lines: expectedLines(rattanLines),
    subtotalAmount: rattanSubtotal,
    taxAmount: '0.00',
    shippingAmount: '0.00',
    totalAmount: rattanSubtotal,
    warnings: [],
    tracking: [],
  },
};

// 15. Chromium, a letterhead in body text above 'Bill To' and 'Ship To' headings (h3, larger) side by side.
const lindenLines: CorpusLine[] = [
  { sku: 'LT-DR-84', name: 'Linen drapery panel, 84 in.', quantity: 6, unitPrice: '148.00' },
  { sku: 'LT-TH-02', name: 'Wool throw', quantity: 3, unitPrice: '212.00' },
];
const lindenSubtotal = sumMoney(lindenLines.map(lineTotal));
const linden: CorpusDocument = {
  name: 'Chromium: a letterhead above Bill To and Ship To headings side by side',
  printedBy: 'chromium',
  pdf: (browser) =>
    chromiumBytes(browser, html(`
      <div><strong style="font-size:13px">Linden Textile Mills</strong><br>12 Loom Lane, Charlotte, NC 28202</div>
      <h2 style="font-size:13px;text-align:right;margin:0">PURCHASE ORDER</h2>
      <table class="meta"><tr><td>PO Number: LT-880</td><td>Date: 2026-11-26</td></tr></table>
      <table style="width:100%;margin-top:12px"><tr>
        <td style="vertical-align:top"><h3 style="margin:0 0 4px">Bill To</h3>Midway Design Studio<br>1800 Granville St, Vancouver BC</td>
        <td style="vertical-align:top"><h3 style="margin:0 0 4px">Ship To</h3>Harbor Residence<br>40 Bay Road, West Vancouver BC</td>
      </tr></table>
      <table class="lines">
        <thead><tr><th>SKU</th><th style="width:45%">Description</th><th class="num">Qty</th><th class="num">Unit Price</th><th class="num">Amount</th></tr></thead>
        <tbody>${lindenLines.map((l) => `<tr><td>${l.sku}</td><td>${esc(l.name)}</td><td class="num">${l.quantity}</td><td class="num">${printed(l.unitPrice, '$')}</td><td class="num">${printed(lineTotal(l), '$')}</td></tr>`).join('')}</tbody>
      </table>
      <table class="totals"><tr><td>Subtotal</td><td class="num">${printed(lindenSubtotal, '$')}</td></tr><tr><td>Total</td><td class="num">${printed(lindenSubtotal, '$')}</td></tr></table>`)),
  expected: {
    vendor: 'Linden Textile Mills',
    number: 'LT-880',
    issueDate: '2026-11-26',
    currencyCode: 'USD',
    lines: expectedLines(lindenLines),
    subtotalAmount: lindenSubtotal,
    taxAmount: '0.00',
    shippingAmount: '0.00',
    totalAmount: lindenSubtotal,
    warnings: [],
    tracking: [],
  },
};

// 16. Chromium, a sales order with no letterhead: 'Sold To' beside the order's details, the vendor in 'Remit To:' below.
const oakhurstLines: CorpusLine[] = [
  { sku: 'OH-CB-44', name: 'Oak cabinet, two doors', quantity: 1, unitPrice: '2675.00' },
  { sku: 'OH-NS-10', name: 'Nightstand', quantity: 2, unitPrice: '590.00' },
];
const oakhurstSubtotal = sumMoney(oakhurstLines.map(lineTotal));
const oakhurst: CorpusDocument = {
  name: 'Chromium: Sold To beside the order details, the vendor in a Remit To block',
  printedBy: 'chromium',
  pdf: (browser) =>
    chromiumBytes(browser, html(`
      <h1>Sales Order</h1>
      <table style="width:100%;margin-top:8px"><tr>
        <td style="vertical-align:top"><div style="font-size:15px;font-weight:bold">Sold To</div>Midway Design Studio<br>1800 Granville St, Vancouver BC</td>
        <td style="vertical-align:top">PO Number: OH-1200<br>Order Date: 2026-11-27<br>Terms: Net 30</td>
      </tr></table>
      <table class="lines">
        <thead><tr><th class="num">Qty</th><th>Model</th><th style="width:45%">Description</th><th class="num">Price</th><th class="num">Total</th></tr></thead>
        <tbody>${oakhurstLines.map((l) => `<tr><td class="num">${l.quantity}</td><td>${l.sku}</td><td>${esc(l.name)}</td><td class="num">${printed(l.unitPrice, '$')}</td><td class="num">${printed(lineTotal(l), '$')}</td></tr>`).join('')}</tbody>
      </table>
      <table class="totals"><tr><td>Subtotal</td><td class="num">${printed(oakhurstSubtotal, '$')}</td></tr><tr><td>Total</td><td class="num">${printed(oakhurstSubtotal, '$')}</td></tr></table>
      <p>Remit To: Oakhurst Furniture Co.<br>PO Box 88, Hickory, NC 28601</p>`)),
  expected: {
    vendor: 'Oakhurst Furniture Co.',
    number: 'OH-1200',
    issueDate: '2026-11-27',
    currencyCode: 'USD',
    lines: expectedLines(oakhurstLines),
    subtotalAmount: oakhurstSubtotal,
    taxAmount: '0.00',
    shippingAmount: '0.00',
    totalAmount: oakhurstSubtotal,
    warnings: [],
    tracking: [],
  },
};

export const CORPUS: CorpusDocument[] = [northwind, birch, maple, quarry, scanned, harbor, fern, atlas, wood, northwindAck, faxed, northwindPacking, juniper, rattan, linden, oakhurst];

/** A long purchase order (pdfkit) for measuring the parser: `count` lines over as many pages as they need. */
export function longPurchaseOrder(count: number): Promise<Uint8Array> {
  const lines = Array.from({ length: count }, (_, i) => ({ sku: `LP-${i}`, name: i % 3 === 0 ? `Item ${i + 1}, a description long enough to wrap onto a second line of the table` : `Item ${i + 1}`, quantity: 1 + (i % 3), unitPrice: `${10 + i}.50` }));
  return pdfkitBytes((doc) => {
    doc.fontSize(16).text('Long Vendor Inc.', 40, 40, { lineBreak: false });
    doc.fontSize(9).text('PO Number: LP-1', 40, 66, { lineBreak: false });
    pdfkitTable(doc, [
      { title: 'Qty', x: 40, width: 30, align: 'right', cell: (l) => String(l.quantity) },
      { title: 'SKU', x: 80, width: 60, cell: (l) => l.sku },
      { title: 'Description', x: 150, width: 230, cell: (l) => l.name },
      { title: 'Price', x: 390, width: 80, align: 'right', cell: (l) => printed(l.unitPrice) },
      { title: 'Amount', x: 480, width: 92, align: 'right', cell: (l) => printed(extend(l.quantity, l.unitPrice)) },
    ], lines, 110, () => undefined);
  });
}
