import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, openBrowser, saveScreenshot, type BrowserSession } from './support/browser';
import { boxOf, expectNoHorizontalScroll, expectTitle, expectWithinViewportWidth } from './support/layout';
import { startPlatform } from './support/platform';

/**
 * Issue 10's journeys in Chromium through the real gateway: the Items page (mf_items) over catalog, and the
 * Services page over logistics, which gives every item its five services from catalog's events.
 */
type Platform = Awaited<ReturnType<typeof startPlatform>>;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A real 1 × 1 PNG: logistics checks what a photo is, not only what it is called. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A UPS number whose check digit is right, so catalog detects the carrier and gives the item its tracking link. */
const UPS_NUMBER = '1Z999AA10123456784';

/** The shell header's search trigger (#64748b on #f1f5f9, 4.34:1) belongs to the shell and is reported there. */
const checkA11y = (page: Page) => expectNoSeriousA11yViolations(page, { exclude: ['button[aria-keyshortcuts]'] });

/** A toast's text (the toast region also announces it in a live region, hence first()). */
const toastShown = (page: Page, text: string | RegExp) => page.getByText(text, typeof text === 'string' ? { exact: true } : undefined).first().waitFor();

async function expectStat(page: Page, label: string, value: string) {
  const card = page.getByTestId(`stat-${label}`);
  await card.filter({ hasText: value }).waitFor();
  expect(await card.locator('p').nth(1).textContent()).toBe(value);
}

/** Picks an option of a Radix select (ui Select) by the trigger's accessible name. */
async function choose(scope: Page | ReturnType<Page['getByRole']>, page: Page, trigger: string, option: string) {
  await scope.getByRole('combobox', { name: trigger, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function signUp(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/api/register`);
  await page.fill('input[name=firstName]', 'Noor');
  await page.fill('input[name=lastName]', 'Haddad');
  await page.fill('input[name=email]', `noor.${unique()}@example.com`);
  await page.fill('input[name=password]', 'correct horse battery');
  await Promise.all([page.waitForURL(`${baseUrl}/`), page.locator('form button[type=submit]').click()]);
}

async function createProject(page: Page, name: string) {
  await page.getByRole('button', { name: 'New Project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Project' });
  await dialog.getByLabel(/^Project name/).fill(name);
  await dialog.getByLabel(/^Client name/).fill('Jordan Ellis');
  await dialog.getByLabel(/^Location/).fill('12 Harbour St, Toronto');
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await toastShown(page, 'Project created successfully');
  await dialog.waitFor({ state: 'detached' });
}

/**
 * 25 rows under aliased headers (Item, Vendor, Qty, Cost, PO Number, Tracking, Description, Link): 12 oak and 10
 * linen pieces, one row without a name (the reader skips it) and two whose link is not a web address (catalog
 * refuses them, and imports the rest).
 */
function importCsv(): string {
  const rows = ['Item,Vendor,Qty,Cost,PO Number,Tracking,Description,Link'];
  for (let i = 1; i <= 12; i++) rows.push(`Oak stool ${i},Woodworks,${i},"$1,${String(i).padStart(3, '0')}.50",PO-${100 + i},,Dining room,https://example.com/oak-${i}`);
  for (let i = 1; i <= 10; i++) rows.push(`Linen throw ${i},Loom & Co,2,89.00,PO-${200 + i},,Bedroom,`);
  rows.push(',Nameless Supply,1,10.00,PO-300,,No name here,');
  rows.push('Brass lamp 1,Lumen,1,120.00,PO-301,,Hall,ftp://example.com/lamp');
  rows.push('Brass lamp 2,Lumen,1,120.00,PO-302,,Hall,not a link');
  return rows.join('\n');
}

describe('items and services journeys', () => {
  let platform: Platform;
  let session: BrowserSession;
  const project = `Harbour Loft ${unique()}`;
  const photoItem = `Boucle lounge chair ${unique()}`;

  beforeAll(async () => {
    platform = await startPlatform();
    session = await openBrowser({ viewport: { width: 1440, height: 960 } });
    await signUp(session.page, platform.baseUrl);
    await session.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await createProject(session.page, project);
  }, 180_000);

  afterAll(async () => {
    await session?.close();
    await platform?.stop();
  });

  it('adds an item with a photo through the Uppy dialog, shows it on the card, and its tracking link opens in a new tab', async () => {
    const { page, context } = session;
    const baseUrl = platform.baseUrl;
    await page.goto(`${baseUrl}/items`);
    await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor();
    await expectTitle(page, 'Items · Midway');
    await page.getByText('No items found').waitFor();
    await checkA11y(page);

    await page.getByRole('button', { name: 'New Item', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Item' });
    await dialog.waitFor();
    await dialog.getByLabel(/^Item name/).fill(photoItem);
    await dialog.getByLabel(/^Supplier/).fill('Studio Supply');
    await dialog.getByLabel(/^Tracking number/).fill(UPS_NUMBER);
    await choose(dialog, page, 'Project', project);

    // The photo: Uppy's Dashboard takes the file, its Upload button PUTs it to logistics' upload URL.
    await dialog.getByRole('button', { name: 'Add photo' }).click();
    const picker = page.getByRole('dialog', { name: 'Upload Photo' });
    await picker.waitFor();
    // A file it refuses is said so; choosing a valid one clears that at once (not when the message times out).
    const fileInput = picker.locator('input[type=file]').first();
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    const refusal = picker.locator('.uppy-Informer [role=alert]').filter({ hasText: /You can only upload/ }).first();
    await refusal.waitFor();
    await fileInput.setInputFiles({ name: 'chair.png', mimeType: 'image/png', buffer: PNG });
    await refusal.waitFor({ state: 'detached', timeout: 2000 });
    await picker.getByRole('button', { name: /^Upload 1 file/ }).click();
    await toastShown(page, 'Photo uploaded successfully');
    await picker.waitFor({ state: 'detached' });
    await dialog.getByRole('img', { name: "The item's photo" }).waitFor();
    await saveScreenshot(page, 'items-create-with-photo');

    await dialog.getByRole('button', { name: 'Create Item' }).click();
    await toastShown(page, 'Item created successfully');
    await dialog.waitFor({ state: 'detached' });

    // The card shows the stored photo (served back through the gateway), and the detected carrier's button.
    await page.getByRole('tab', { name: 'Grid View' }).click();
    const card = page.getByRole('article', { name: photoItem });
    const photo = card.locator('img');
    await photo.waitFor();
    expect(await photo.getAttribute('src')).toBeTruthy();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 1, await photo.elementHandle(), { timeout: 10_000 });
    await checkA11y(page);
    await saveScreenshot(page, 'items-card-with-photo');

    // The carrier's page is not on this machine's network: answer it here and look only at where the tab went.
    await context.route((url) => !url.href.startsWith(baseUrl), (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Tracking</title>' }));
    const track = card.getByRole('button', { name: /^Track package with / });
    const carrier = (await track.getAttribute('aria-label'))!.replace('Track package with ', '');
    const [tab] = await Promise.all([context.waitForEvent('page'), track.click()]);
    await toastShown(page, `Opening tracking for ${carrier}: ${UPS_NUMBER}`);
    await tab.waitForLoadState('domcontentloaded');
    expect(tab.url()).toMatch(/^https:\/\//);
    expect(tab.url()).toContain(UPS_NUMBER);
    // noopener: the carrier's page gets no handle on Midway's window.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
    await context.unrouteAll();
  });

  it('imports a CSV of 25 rows with aliases and 3 bad rows (22 imported), filters, switches tabs and deletes with confirmation', async () => {
    const { page } = session;
    await page.goto(`${platform.baseUrl}/items`);
    await page.getByTestId('item-count').filter({ hasText: '1 item' }).waitFor();

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Items from File' });
    await dialog.waitFor();
    await choose(dialog, page, 'Project', project);
    await dialog.getByLabel('File').setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(importCsv()) });
    // The nameless row is left out by the reader; the preview shows the first rows under the mapped names.
    await toastShown(page, 'Parsed 24 items from items.csv');
    const preview = dialog.getByRole('region', { name: 'Preview' });
    // Item → name, Vendor → supplier, Qty → quantity, Cost → price ('$1,001.50' read as 1001.50, shown as money).
    expect(await preview.getByRole('listitem').first().textContent()).toBe('Oak stool 1 · Woodworks · Qty 1 · $1,001.50');
    await preview.getByText('... and 14 more items').waitFor();
    // Before Import, the dialog says which row it skips (the file's row numbers; the header is row 1).
    await dialog.getByRole('region', { name: 'What the import leaves out' }).getByText('1 row without a name will be skipped: row 24').waitFor();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Import 24 Items' }).click();
    await toastShown(page, 'Successfully imported 22 items');
    const refused = dialog.getByRole('region', { name: 'Rows not imported' });
    await refused.getByText('2 rows were not imported:').waitFor();
    expect(await refused.textContent()).toContain('Brass lamp 1');
    expect(await refused.textContent()).toContain('Brass lamp 2');
    await saveScreenshot(page, 'items-import-result');
    // What was sent is done: the footer's Cancel is now Close.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('item-count').filter({ hasText: '23 items' }).waitFor();
    await expectStat(page, 'Total Items', '23');

    // Aliases landed in the right fields: an oak stool's vendor, quantity and PO number.
    await page.getByRole('searchbox', { name: 'Search items' }).fill('Oak stool 12');
    await page.getByTestId('item-count').filter({ hasText: /^1 item$/ }).waitFor();
    await page.getByRole('tab', { name: 'Grid View' }).click();
    const stool = page.getByRole('article', { name: 'Oak stool 12' });
    expect(await stool.textContent()).toMatch(/Woodworks.*12.*PO-112/s);

    // Filters: search, then a status no item has, then back.
    await page.getByRole('searchbox', { name: 'Search items' }).fill('Linen throw');
    await page.getByTestId('item-count').filter({ hasText: '10 items' }).waitFor();
    await choose(page, page, 'Status', 'Delivered');
    await page.getByText('No items found').waitFor();
    await page.getByText('Try adjusting your filters to see more items.').waitFor();
    await choose(page, page, 'Status', 'All Statuses');
    await page.getByTestId('item-count').filter({ hasText: '10 items' }).waitFor();
    await choose(page, page, 'Project', project);
    await page.getByTestId('item-count').filter({ hasText: '10 items' }).waitFor();

    // Each view shows the filtered items.
    for (const tab of ['List View', 'Grid View', 'By Status', 'By Project']) {
      await page.getByRole('tab', { name: tab }).click();
      expect(await page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
      await page.getByRole('tabpanel').getByText('Linen throw 1', { exact: true }).first().waitFor();
      await checkA11y(page);
    }
    await saveScreenshot(page, 'items-by-project');

    // On a phone the view tabs scroll sideways: the last one can be reached and read whole, and the toolbar's
    // buttons keep their words.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectWithinViewportWidth(page, page.getByRole('tab', { name: 'By Project' }));
    await page.getByRole('tab', { name: 'List View' }).click();
    for (const words of ['Upload PO', 'New Item']) expect((await boxOf(page.getByRole('button', { name: words, exact: true }).getByText(words, { exact: true }))).width).toBeGreaterThan(30);
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1440, height: 960 });

    // Delete asks first: Cancel keeps the item, Delete removes it.
    await page.getByRole('tab', { name: 'Grid View' }).click();
    const card = page.getByRole('article', { name: 'Linen throw 3' });
    await card.getByRole('button', { name: 'Delete Linen throw 3' }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Delete Item' });
    await confirm.getByText('Are you sure you want to delete "Linen throw 3"? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Delete Linen throw 3' }).click();
    confirm = page.getByRole('alertdialog', { name: 'Delete Item' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastShown(page, 'Item deleted successfully');
    await card.waitFor({ state: 'detached' });
    await page.getByTestId('item-count').filter({ hasText: '9 items' }).waitFor();
  });

  it('sets the status of 2 items chosen in List View in one action, counts them in the toast, and By Status groups items by their own status', async () => {
    const { page } = session;
    await page.goto(`${platform.baseUrl}/items`);
    await page.getByTestId('item-count').filter({ hasText: '22 items' }).waitFor();
    // The search matches tracking numbers too: the photo item is found by its UPS number.
    const search = page.getByRole('searchbox', { name: 'Search items' });
    await search.fill(UPS_NUMBER.slice(0, 10));
    await page.getByTestId('item-count').filter({ hasText: /^1 item$/ }).waitFor();
    // It has a tracking number but its status is Ordered: the cards count it as Ordered (one counting rule, in
    // contracts, as the dashboard and the project page count), and By Status lists it there.
    await expectStat(page, 'In Transit', '0');
    await expectStat(page, 'Ordered', '1');
    await page.getByRole('tab', { name: 'By Status' }).click();
    const byStatus = page.getByTestId('items-by-status');
    // (A heading's name has a space before its count: the heading lays out its parts as flex items.)
    await byStatus.getByRole('heading', { name: /^Ordered\s*\(1 item\)$/ }).waitFor();
    expect(await byStatus.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Ordered(1 item)', 'In Transit(0 items)', 'Received(0 items)', 'Stored(0 items)', 'Delivered(0 items)']);
    await byStatus.getByRole('article', { name: photoItem }).waitFor();
    // Each count card says its rule on keyboard focus too.
    await page.getByTestId('stat-In Transit').focus();
    await page.getByTestId('stat-In Transit').getByRole('tooltip').filter({ hasText: 'Items with the status In Transit' }).waitFor();

    // Two of the linen throws, chosen in List View, set to Received in one request.
    await page.getByRole('tab', { name: 'List View' }).click();
    await search.fill('Linen throw 1');
    await page.getByTestId('item-count').filter({ hasText: '2 items' }).waitFor();
    const requests: string[] = [];
    const note = (req: { url(): string; method(): string }) => void (req.url().includes('/api/items/') && req.method() !== 'GET' && requests.push(`${req.method()} ${new URL(req.url()).pathname}`));
    page.on('request', note);
    await page.getByRole('checkbox', { name: 'Select Linen throw 1', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Select Linen throw 10', exact: true }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('2 items selected').waitFor();
    await checkA11y(page);
    await choose(bar, page, 'Set status of the selected items', 'Received');
    await toastShown(page, 'Status set to Received for 2 items');
    await bar.waitFor({ state: 'detached' });
    page.off('request', note);
    expect(requests).toEqual(['POST /api/items/bulk-status']);
    await saveScreenshot(page, 'items-bulk-status');

    await page.getByRole('tab', { name: 'By Status' }).click();
    await byStatus.getByRole('heading', { name: /^Received\s*\(2 items\)$/ }).waitFor();
    expect(await byStatus.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Ordered(0 items)', 'In Transit(0 items)', 'Received(2 items)', 'Stored(0 items)', 'Delivered(0 items)']);
    for (const name of ['Linen throw 1', 'Linen throw 10']) await byStatus.getByRole('article', { name, exact: true }).getByText('Received', { exact: true }).waitFor();
    await checkA11y(page);

    // On a phone the rows are cards: their checkboxes show in select mode only, and Done leaves it.
    await page.getByRole('tab', { name: 'List View' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await search.fill('Linen throw 2');
    await page.getByTestId('item-count').filter({ hasText: /^1 item$/ }).waitFor();
    const box = page.getByRole('checkbox', { name: 'Select Linen throw 2', exact: true, includeHidden: true });
    await box.waitFor({ state: 'attached' });
    expect(await box.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await box.check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByText('1 item selected').waitFor();
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'items-select-mode-phone');
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await page.getByRole('region', { name: 'Bulk actions' }).waitFor({ state: 'detached' });
    expect(await box.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1440, height: 960 });
    await search.fill('');
  });

  it('toggles services and sees Selected and Total Value change; Bulk Actions select and clear what the filters show', async () => {
    const { page } = session;
    await page.goto(`${platform.baseUrl}/services`);
    await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
    // 22 items, five services each, given by logistics from catalog's events.
    await page.getByTestId('service-count').filter({ hasText: '110 services' }).waitFor({ timeout: 30_000 });
    await expectStat(page, 'Selected Services', '0');
    await expectStat(page, 'Total Value', '$0.00');
    await checkA11y(page);

    await page.getByRole('searchbox', { name: 'Search services' }).fill(photoItem);
    await page.getByTestId('service-count').filter({ hasText: '5 services' }).waitFor();
    await expectStat(page, 'Available Services', '5');

    const receiving = page.getByRole('switch', { name: `White-Glove Receiving for ${photoItem}` });
    await receiving.click();
    await expectStat(page, 'Selected Services', '1');
    await expectStat(page, 'Total Value', '$25.00');
    expect(await receiving.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('article', { name: `White-Glove Receiving for ${photoItem}` }).getByText('Selected', { exact: true }).waitFor();
    await page.getByRole('switch', { name: `Installation & Assembly for ${photoItem}` }).click();
    await expectStat(page, 'Selected Services', '2');
    await expectStat(page, 'Total Value', '$100.00');
    await page.getByRole('switch', { name: `White-Glove Receiving for ${photoItem}` }).click();
    await expectStat(page, 'Selected Services', '1');
    await expectStat(page, 'Total Value', '$75.00');
    await saveScreenshot(page, 'services-toggled');

    // Bulk Actions over what the search shows: four to select (receiving 25 + inspection 15 + delivery 50, and storage,
    // a daily rate that the one-off values never add).
    await page.getByRole('button', { name: 'Bulk Actions' }).click();
    let bulk = page.getByRole('dialog', { name: 'Bulk Actions' });
    await bulk.getByText('Select 4 services worth $90.00?').waitFor();
    await bulk.getByText('Clear 1 selected service worth $75.00?').waitFor();
    await checkA11y(page);
    await bulk.getByRole('button', { name: 'Select 4' }).click();
    await toastShown(page, '4 services selected');
    await bulk.waitFor({ state: 'detached' });
    await expectStat(page, 'Selected Services', '5');
    await expectStat(page, 'Total Value', '$165.00');
    await page.getByRole('article', { name: `Storage & Warehousing for ${photoItem}` }).getByText('$2.00/day').waitFor();
    await expectStat(page, 'Available Services', '0');

    await page.getByRole('button', { name: 'Bulk Actions' }).click();
    bulk = page.getByRole('dialog', { name: 'Bulk Actions' });
    await bulk.getByText('Clear 5 selected services worth $165.00?').waitFor();
    await bulk.getByRole('button', { name: 'Clear 5' }).click();
    await toastShown(page, '5 services cleared');
    await expectStat(page, 'Selected Services', '0');
    await expectStat(page, 'Total Value', '$0.00');

    // The other items' services were never touched.
    await page.getByRole('searchbox', { name: 'Search services' }).fill('');
    await page.getByTestId('service-count').filter({ hasText: '110 services' }).waitFor();
    await expectStat(page, 'Selected Services', '0');

    // 390 px wide: the page still fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
    expect((await boxOf(page.getByRole('button', { name: 'Bulk Actions' }).getByText('Bulk Actions', { exact: true }))).width).toBeGreaterThan(30);
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1440, height: 960 });
  });
});
