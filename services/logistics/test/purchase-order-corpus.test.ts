import type { Browser } from 'playwright-core';
import { launchBrowser } from '@midway/infra';
import { readPurchaseOrder, UnreadablePurchaseOrderError } from '../src/domain/purchase-orders/po-parser';
import { CORPUS } from './po-corpus';

// Vendors' documents as vendors' systems print them, each read to exactly its lines and totals.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(() => browser?.close());

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
