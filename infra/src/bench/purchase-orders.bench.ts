import { readPurchaseOrder } from '@midway/logistics';
import type { Platform } from '../platform';
import { launchBrowser } from '../browser';
import { percentile, signUp, table } from './bench-support';

const ms = (t0: number) => performance.now() - t0;

/** A vendor's long purchase order as its web system prints it: `lines` rows, some wrapped, the header on every page. */
function longOrderHtml(lines: number): string {
  const rows = Array.from({ length: lines }, (_, i) => {
    const name = i % 2 === 0 ? `Upholstered lounge chair ${i + 1}, performance boucle, walnut legs, COM on request` : `Side table ${i + 1}`;
    const unit = 100 + i;
    const qty = 1 + (i % 3);
    return `<tr><td>${qty}</td><td>BN-${1000 + i}</td><td>${name}</td><td class="n">$${unit.toFixed(2)}</td><td class="n">$${(unit * qty).toLocaleString('en-US', { minimumFractionDigits: 2 })}</td></tr>`;
  }).join('');
  return `<!doctype html><html><head><style>body{font:12px sans-serif} table{width:100%;border-collapse:collapse} td,th{padding:8px 6px;text-align:left;vertical-align:top} .n{text-align:right} tr{break-inside:avoid}</style></head>
    <body><h1>Bench Furnishings</h1><p>PO Number: BN-500</p><p>Date: 2026-11-20</p>
    <table><thead><tr><th>Qty</th><th>SKU</th><th style="width:50%">Description</th><th class="n">Unit Price</th><th class="n">Amount</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}

/**
 * Reading a long purchase order: the parse alone (pdf.js text with positions, columns, wrapped rows, the table
 * over pages), then the whole upload through the gateway (the parse, the rows and the stored file).
 */
export async function benchPurchaseOrders(platform: Platform, opts: { lines: number; rounds: number }) {
  const browser = await launchBrowser();
  let pdf: Uint8Array;
  try {
    const page = await (await browser.newContext()).newPage();
    await page.setContent(longOrderHtml(opts.lines));
    pdf = new Uint8Array(await page.pdf({ format: 'Letter', margin: { top: '0.5in', bottom: '0.5in', left: '0.5in', right: '0.5in' } }));
  } finally {
    await browser.close();
  }
  const t0 = performance.now();
  const first = await readPurchaseOrder(pdf);
  const cold = ms(t0);
  if (first.lines.length !== opts.lines) throw new Error(`the bench PO read as ${first.lines.length} lines, not ${opts.lines}`);
  const parse: number[] = [];
  for (let i = 0; i < opts.rounds; i++) {
    const t = performance.now();
    await readPurchaseOrder(pdf);
    parse.push(ms(t));
  }
  parse.sort((a, b) => a - b);

  const { cookie } = await signUp(platform.baseUrl);
  const project = await fetch(`${platform.baseUrl}/api/projects`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench purchase orders', clientName: 'Bench', location: 'Vancouver, BC' }) });
  if (project.status !== 201) throw new Error(`project create answered ${project.status}: ${await project.text()}`);
  const projectId = ((await project.json()) as { id: string }).id;
  const upload: number[] = [];
  for (let i = 0; i < opts.rounds; i++) {
    const t = performance.now();
    const res = await fetch(`${platform.baseUrl}/api/projects/${projectId}/purchase-orders`, { method: 'POST', headers: { cookie, 'content-type': 'application/pdf' }, body: new Uint8Array(pdf) });
    const answer = await res.text();
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${answer}`);
    upload.push(ms(t));
  }
  upload.sort((a, b) => a - b);
  const pages = (new TextDecoder('latin1').decode(pdf).match(/\/Type\s*\/Page\b/g) ?? []).length;
  console.log(`\npurchase orders: a ${pages}-page, ${opts.lines}-line PO printed by Chromium (${(pdf.length / 1024).toFixed(0)} KiB); goal: parsed in under 1 s`);
  console.log(table([
    { step: 'parse (first, pdf.js loading)', 'p50 ms': cold.toFixed(0), 'max ms': cold.toFixed(0) },
    { step: `parse (${opts.rounds} rounds)`, 'p50 ms': percentile(parse, 50).toFixed(0), 'max ms': parse.at(-1)!.toFixed(0) },
    { step: `POST /api/projects/{id}/purchase-orders (${opts.rounds} rounds)`, 'p50 ms': percentile(upload, 50).toFixed(0), 'max ms': upload.at(-1)!.toFixed(0) },
  ]));
}
