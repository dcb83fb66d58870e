import type { Browser } from 'playwright-core';
import { launchBrowser } from '@midway/infra';
import { readPurchaseOrder as readWith, UnreadablePurchaseOrderError } from '../src/domain/purchase-orders/po-parser';
import { startPdfReader } from '../src/domain/purchase-orders/pdf-reading.pool';
import { CORPUS } from './po-corpus';

// Vendors' documents as vendors' systems print them, each read to exactly its lines and totals (in the worker pool).
let browser: Browser;
const pdfs = startPdfReader();
const readPurchaseOrder = (bytes: Uint8Array) => readWith(bytes, pdfs);
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await pdfs.close();
});

test('the corpus has the documents vendors send', () => {
  expect(CORPUS.length).toBeGreaterThanOrEqual(7);
  expect(CORPUS.filter((d) => d.printedBy === 'chromium').length).toBeGreaterThanOrEqual(3);
});

test.each(CORPUS.map((d) => [d.name, d] as const))('%s', async (_name, document) => {
  const bytes = await document.pdf(browser);
  if ('refused' in document.expected) {
    await expect(readPurchaseOrder(bytes)).rejects.toThrow(new UnreadablePurchaseOrderError(document.expected.refused));
    return;
  }
  expect(await readPurchaseOrder(bytes)).toEqual(document.expected);
}, 60_000);
