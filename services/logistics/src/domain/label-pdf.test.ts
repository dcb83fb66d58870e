import { performance } from 'node:perf_hooks';
import { startLabelPrinter } from './label-pdf.pool';
import { startPdfReader } from './purchase-orders/pdf-reading.pool';

const ITEM = '3f2c1a9e-8b7d-4c6e-9f01-23456789abcd';
const sofa = { kind: 'item' as const, itemId: ITEM, itemName: 'Walnut sectional', designerName: 'Ada Lovelace', projectName: 'Harbour Loft', clientName: 'Jordan Park', roomLocation: 'Living room', pieces: 3 };

describe('labels', () => {
  const printer = startLabelPrinter();
  // The platform's own PDF reader (pdf.js) reads back what a scanner's person would see printed.
  const reader = startPdfReader();
  afterAll(async () => Promise.all([printer.close(), reader.close()]));
  const pageTexts = async (pdf: Buffer) => (await reader.read(new Uint8Array(pdf))).map((p) => p.items.map((i) => i.text).join(' '));

  it('of an item: one 4×6 in page per piece, each with its code under the QR, the sidemark and “piece n of N”', async () => {
    const pdf = await printer.item(sofa);
    expect(pdf.toString('latin1').match(/\/MediaBox \[[^\]]+\]/g)).toEqual(['/MediaBox [0 0 288 432]', '/MediaBox [0 0 288 432]', '/MediaBox [0 0 288 432]']);
    const pages = await pageTexts(pdf);
    expect(pages).toHaveLength(3);
    pages.forEach((text, i) => {
      for (const part of [`${ITEM}/${i + 1}`, 'Ada Lovelace', 'Harbour Loft', 'Jordan Park', 'Living room', 'Walnut sectional', `piece ${i + 1} of 3`]) expect([i, text]).toEqual([i, expect.stringContaining(part)]);
    });
  }, 30_000);

  it('of an item with a long name keeps to one page per piece (nothing spills onto a page of its own)', async () => {
    const pages = await pageTexts(await printer.item({ ...sofa, pieces: 1, itemName: 'Hand-knotted wool and silk runner '.repeat(8), roomLocation: null }));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('piece 1 of 1');
  }, 30_000);

  it('of a location: its code printed large with its name and kind, on one 4×6 in page', async () => {
    const pages = await pageTexts(await printer.location({ kind: 'location', code: 'STAGING-LANE-4', name: 'Staging lane 4 (truck door)', kindLabel: 'Staging' }));
    expect(pages).toHaveLength(1);
    for (const part of ['STAGING-LANE-4', 'Staging lane 4', 'Staging']) expect(pages[0]).toContain(part);
  }, 30_000);

  it('are drawn off the event loop: while a burst of labels is drawn, the loop is mostly idle', async () => {
    await printer.item(sofa); // the thread is started and warm
    const start = performance.eventLoopUtilization();
    await Promise.all(Array.from({ length: 10 }, () => printer.item(sofa)));
    // 30 pages of QR and text (~0.4 s of CPU): drawn on the loop, it would be busy nearly all along (utilization ~1).
    expect(performance.eventLoopUtilization(start).utilization).toBeLessThan(0.5);
  }, 60_000);

  it('past what waits its turn, a label is refused with a 503 to try again, never queued without bound', async () => {
    const answers = await Promise.allSettled(Array.from({ length: 40 }, () => printer.location({ kind: 'location', code: 'B-12', name: 'Bay B', kindLabel: 'Bin' })));
    const refused = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => r.reason.status === 503 && /try again in a few seconds/.test(r.reason.message))).toBe(true);
    expect(answers.filter((a) => a.status === 'fulfilled').length).toBeGreaterThanOrEqual(32);
  }, 60_000);
});
