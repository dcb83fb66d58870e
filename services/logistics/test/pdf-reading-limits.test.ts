import {
  PdfReadCancelledError, PdfReaderBusyError, PdfTooComplexError, PdfTooManyPagesError, startPdfReader, type PdfReadingLimits,
} from '../src/domain/purchase-orders/pdf-reading.pool';
import { denseText, flateBomb, manyPages } from './hostile-pdfs';

/** Each limit of the PDF worker pool on its own: pages, time, memory, a caller that goes away, a full pool. */
const LIMITS: PdfReadingLimits = { threads: 1, queue: 0, maxPages: 200, timeMs: 60_000, memoryMb: 128 };
const readers: { close(): Promise<void> }[] = [];
const reader = (limits: Partial<PdfReadingLimits> = {}) => {
  const r = startPdfReader({ ...LIMITS, ...limits });
  readers.push(r);
  return r;
};
afterEach(async () => {
  await Promise.all(readers.splice(0).map((r) => r.close()));
});

/** The process's peak resident memory while `work` runs (worker threads live in this process). */
async function peakRss<T>(work: () => Promise<T>): Promise<{ peakMb: number; baseMb: number; result: PromiseSettledResult<T> }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const [result] = await Promise.allSettled([work()]);
  clearInterval(sampler);
  return { peakMb: Math.round(peak / 2 ** 20), baseMb: Math.round(base / 2 ** 20), result: result! };
}

it('reads a document of the page limit, and refuses a longer one by its page count without reading its pages', async () => {
  const r = reader();
  expect(await r.read(manyPages(200))).toHaveLength(200);
  const started = Date.now();
  const refused = await r.read(manyPages(5000)).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(PdfTooManyPagesError);
  expect(refused).toMatchObject({ pageCount: 5000, maxPages: 200 });
  // Reading 5,000 pages takes about half a minute here; counting them, a second or two.
  expect(Date.now() - started).toBeLessThan(10_000);
}, 60_000);

it('stops a document past its time limit, and the pool reads the next one on a fresh thread', async () => {
  const r = reader({ timeMs: 1_000 });
  await r.read(manyPages(1)); // pdf.js loaded: the limit below times the document alone
  const started = Date.now();
  const slow = await r.read(denseText(150, 3000)).catch((e: unknown) => e);
  const took = Date.now() - started;
  expect(slow).toBeInstanceOf(PdfTooComplexError);
  expect(slow).toMatchObject({ limit: 'time' });
  expect(took).toBeGreaterThanOrEqual(1_000);
  expect(took).toBeLessThan(5_000);
  expect(await r.read(manyPages(2))).toHaveLength(2);
}, 60_000);

it('stops a Flate bomb at its memory limit, well before the gigabyte it inflates to', async () => {
  const r = reader({ memoryMb: 128 });
  await r.read(manyPages(1));
  const bomb = flateBomb(1);
  expect(bomb.length).toBeLessThan(1.2 * 2 ** 20);
  const { peakMb, baseMb, result } = await peakRss(() => r.read(bomb));
  expect(result).toMatchObject({ status: 'rejected', reason: expect.any(PdfTooComplexError) });
  expect((result as PromiseRejectedResult).reason).toMatchObject({ limit: 'memory' });
  console.log(`Flate bomb (${(bomb.length / 2 ** 20).toFixed(2)} MB): process RSS ${baseMb} MB before, ${peakMb} MB at its peak; the thread's own peak ${Math.round(r.peakThreadBytes / 2 ** 20)} MB`);
  // Unbounded, this file took the process to 2.3 GB.
  expect(peakMb - baseMb).toBeLessThan(700);
  expect(await r.read(manyPages(2))).toHaveLength(2);
}, 60_000);

it('stops reading when the caller goes away, freeing its thread at once', async () => {
  const r = reader();
  await r.read(manyPages(1));
  const gone = new AbortController();
  const reading = r.read(denseText(150, 3000), gone.signal).catch((e: unknown) => e);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const abortedAt = Date.now();
  gone.abort();
  expect(await reading).toBeInstanceOf(PdfReadCancelledError);
  expect(Date.now() - abortedAt).toBeLessThan(1_000);
  // One thread and no queue: had the reading gone on, this would be refused as busy.
  expect(await r.read(manyPages(2))).toHaveLength(2);
}, 60_000);

it('refuses at once, as busy, a document that finds every thread taken and the queue full', async () => {
  const r = reader({ timeMs: 60_000 });
  const first = r.read(denseText(150, 3000)).catch((e: unknown) => e);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = Date.now();
  await expect(r.read(manyPages(1))).rejects.toBeInstanceOf(PdfReaderBusyError);
  expect(Date.now() - started).toBeLessThan(500);
  await r.close();
  await first;
}, 60_000);
