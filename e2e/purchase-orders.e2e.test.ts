import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser';
import { signUp } from './support/journey';
import { startPlatform } from './support/platform';

/**
 * Upload PO with a vendor's PDF in Chromium through the real gateway: the PDF read by logistics, previewed in the
 * dialog, imported by catalog, and its lines on the Items page with the PO number as their schedule number.
 */
type Platform = Awaited<ReturnType<typeof startPlatform>>;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toastShown = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** A vendor's purchase order as its web system prints it: 12 lines, one of them wrapped, with shipping and tax. */
async function vendorPdf(session: BrowserSession, number: string): Promise<Buffer> {
  const rows = Array.from({ length: 12 }, (_, i) => {
    const name = i === 0 ? 'Walnut dining table with two leaves, live edge top and hand-rubbed oil finish' : `Oak side chair ${i + 1}`;
    return `<tr><td>1</td><td>OK-${100 + i}</td><td>${name}</td><td style="text-align:right">$${(100 + i).toFixed(2)}</td><td style="text-align:right">$${(100 + i).toFixed(2)}</td></tr>`;
  }).join('');
  const subtotal = Array.from({ length: 12 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
  const tab = await session.context.newPage();
  try {
    await tab.setContent(`<!doctype html><html><body style="font:12px sans-serif">
      <h1>Woodworks Studio</h1><p>PO Number: ${number}</p><p>Date: 2026-11-20</p>
      <table style="width:100%;border-collapse:collapse"><thead><tr><th>Qty</th><th>SKU</th><th style="width:50%">Description</th><th>Unit Price</th><th>Amount</th></tr></thead>
      <tbody>${rows}</tbody></table>
      <table style="margin-left:auto"><tr><td>Subtotal</td><td>$${subtotal.toFixed(2)}</td></tr><tr><td>Shipping</td><td>$50.00</td></tr>
      <tr><td>Total</td><td>$${(subtotal + 50).toFixed(2)}</td></tr></table></body></html>`);
    return await tab.pdf({ format: 'Letter' });
  } finally {
    await tab.close();
  }
}

describe('Upload PO journey', () => {
  let platform: Platform;
  let session: BrowserSession;
  const project = `Harbour Loft ${unique()}`;
  const number = `PO-${unique().toUpperCase()}`;

  beforeAll(async () => {
    platform = await startPlatform();
    session = await openBrowser({ viewport: { width: 1440, height: 960 } });
    await signUp(session.page, platform.baseUrl, `noor.po.${unique()}@example.com`);
    await session.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  }, 180_000);

  afterAll(async () => {
    await session?.close();
    await platform?.stop();
  });

  let projectId: string;

  it('uploads a vendor’s PDF, previews it, imports it, and the items carry the PO number as their schedule number', async () => {
    const { page } = session;
    const created = await page.request.post(`${platform.baseUrl}/api/projects`, { data: { name: project, clientName: 'Jordan Ellis', location: '12 Harbour St, Toronto' } });
    expect(created.status()).toBe(201);
    projectId = ((await created.json()) as { id: string }).id;

    await page.goto(`${platform.baseUrl}/items`);
    await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Upload PO', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Purchase Order' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Project', exact: true }).click();
    await page.getByRole('option', { name: project, exact: true }).click();
    await dialog.getByLabel('File').setInputFiles({ name: 'woodworks-po.pdf', mimeType: 'application/pdf', buffer: await vendorPdf(session, number) });

    const facts = dialog.getByTestId('po-facts');
    await facts.getByText(number, { exact: true }).waitFor();
    expect(await facts.textContent()).toContain('Woodworks Studio');
    expect(await facts.textContent()).toContain('$1,316.00');
    const lines = dialog.getByTestId('po-lines');
    expect(await lines.getByRole('listitem').first().textContent()).toBe('Walnut dining table with two leaves, live edge top and hand-rubbed oil finish · OK-100 · Qty 1 · $100.00');
    await lines.getByText('... and 2 more items').waitFor();

    await dialog.getByRole('button', { name: 'Import 12 Items' }).click();
    await toastShown(page, 'Successfully imported 12 items');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Oak side chair 12').first().waitFor();

    const items = (await (await page.request.get(`${platform.baseUrl}/api/items?projectId=${projectId}&limit=100`)).json()) as { name: string; scheduleNumber: string; supplier: string }[];
    expect(items).toHaveLength(12);
    expect(new Set(items.map((i) => `${i.scheduleNumber} ${i.supplier}`))).toEqual(new Set([`${number} Woodworks Studio`]));
  }, 120_000);

  it('an order uploaded and left without Import is imported from the project page', async () => {
    const { page } = session;
    const later = `PO-${unique().toUpperCase()}`;
    await page.goto(`${platform.baseUrl}/items`);
    await page.getByRole('button', { name: 'Upload PO', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Purchase Order' });
    await dialog.getByRole('combobox', { name: 'Project', exact: true }).click();
    await page.getByRole('option', { name: project, exact: true }).click();
    await dialog.getByLabel('File').setInputFiles({ name: 'woodworks-po-2.pdf', mimeType: 'application/pdf', buffer: await vendorPdf(session, later) });
    await dialog.getByTestId('po-facts').getByText(later, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${platform.baseUrl}/projects/${projectId}`);
    const orders = page.getByRole('region', { name: 'Purchase Orders' });
    await orders.getByText(later, { exact: true }).waitFor();
    expect(await orders.getByText('Not imported', { exact: true }).count()).toBe(1);
    await orders.getByRole('button', { name: `Import ${later} (12 lines)` }).click();
    await toastShown(page, '12 items added to the project.');
    await orders.getByRole('button', { name: `Import ${later} (12 lines)` }).waitFor({ state: 'detached' });
    expect(await orders.getByText('Not imported', { exact: true }).count()).toBe(0);

    const items = (await (await page.request.get(`${platform.baseUrl}/api/items?projectId=${projectId}&limit=100`)).json()) as { scheduleNumber: string }[];
    expect(items.filter((i) => i.scheduleNumber === later)).toHaveLength(12);
  }, 120_000);
});
