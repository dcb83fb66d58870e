import type { Page } from 'playwright-core';
import { openBrowser, saveScreenshot, type BrowserSession } from './support/browser';
import { expectNoHorizontalScroll } from './support/layout';
import { startPlatform } from './support/platform';
import { call, signIn, signUp } from './support/journey';

/**
 * Issue 30's journey in Chromium through the real gateway: a designer books two stored items from the Items list;
 * the admin, on a phone, fixes the day's run, marks it out and completes it with a photo, a signature and one
 * exception; the designer's items are one delivered and one still stored, and the client page lists the delivery.
 * Then, on a phone, the designer books from the project page, and once staff take it out both pages say so.
 */
type Platform = Awaited<ReturnType<typeof startPlatform>>;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PHONE = { width: 390, height: 844 };
const toastShown = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('deliveries journey', () => {
  let platform: Platform;
  let designer: BrowserSession;
  let admin: BrowserSession;
  const tag = unique();
  const project = `Harbour Loft ${tag}`;
  const table = `Oak table ${tag}`;
  const chair = `Oak chair ${tag}`;
  let projectId = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    platform = await startPlatform();
    designer = await openBrowser({ viewport: { width: 1440, height: 960 } });
    admin = await openBrowser({ viewport: PHONE });
    await signUp(designer.page, platform.baseUrl, `noor.${tag}@example.com`);
    await signIn(admin.page, platform.baseUrl, platform.admin);
    projectId = (await call<{ id: string }>(designer.page, 'POST', '/api/projects', { name: project, clientName: 'Jordan Ellis', location: '12 Harbour St, Toronto' })).id;
    for (const name of [table, chair]) ids[name] = (await call<{ id: string }>(designer.page, 'POST', `/api/projects/${projectId}/items`, { name, status: 'stored' })).id;
  }, 180_000);

  afterAll(async () => {
    await designer?.close();
    await admin?.close();
    await platform?.stop();
  });

  it('the designer books two stored items; the admin runs, takes out and completes the delivery with one exception', async () => {
    const d = designer.page;
    await d.goto(`${platform.baseUrl}/items?q=${encodeURIComponent(tag)}`);
    await d.getByRole('checkbox', { name: `Select ${table}`, exact: true }).check();
    await d.getByRole('checkbox', { name: `Select ${chair}`, exact: true }).check();
    await d.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Request delivery' }).click();
    const request = d.getByRole('dialog', { name: 'Request delivery' });
    await request.waitFor();
    expect(await request.getByLabel('Address').inputValue()).toBe('12 Harbour St, Toronto');
    const date = await request.getByLabel('Date').inputValue();
    await request.getByLabel('Window').selectOption('morning');
    await request.getByRole('button', { name: 'Request delivery' }).click();
    await toastShown(d, 'Delivery requested');

    const a = admin.page;
    // On the phone the sidebar is the menu's; the page is the admin's own address.
    await a.goto(`${platform.baseUrl}/deliveries`);
    await a.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor();
    expect(await a.getByLabel('Day').inputValue()).toBe(date);
    const stop = a.getByTestId('proposed-stop').filter({ hasText: project });
    await stop.waitFor();
    expect(await stop.textContent()).toContain('2 items');
    await a.getByRole('button', { name: /^Fix run/ }).click();
    await toastShown(a, 'Run fixed');
    await a.getByRole('button', { name: `Mark out: ${project}` }).click();
    await toastShown(a, 'Out for delivery');
    await a.getByRole('button', { name: `Complete: ${project}` }).click();
    const proof = a.getByRole('dialog', { name: 'Complete delivery' });
    await proof.waitFor();
    await proof.getByLabel('Received by').fill('J. Ellis');
    await proof.getByLabel('Take photos').setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: PNG });
    await proof.locator('img').first().waitFor();
    // The receiver signs on the pad.
    const pad = await proof.getByLabel(/Signature: sign here/).boundingBox();
    await a.mouse.move(pad!.x + 20, pad!.y + 40);
    await a.mouse.down();
    await a.mouse.move(pad!.x + 120, pad!.y + 90, { steps: 8 });
    await a.mouse.move(pad!.x + 220, pad!.y + 50, { steps: 8 });
    await a.mouse.up();
    await proof.getByLabel(`${chair}: not delivered`).check();
    await proof.getByLabel(`Why ${chair} was not delivered`).fill('Leg cracked in the van');
    await expectNoHorizontalScroll(a);
    await saveScreenshot(a, 'delivery-proof-phone');
    await proof.getByRole('button', { name: 'Complete delivery' }).click();
    await toastShown(a, 'Delivered');
    const done = await call<{ receivedBy: string; signatureUrl: string | null; photoUrls: string[] }[]>(a, 'GET', `/api/deliveries?status=completed&from=${date}&to=${date}`);
    expect(done.find((x) => x.receivedBy === 'J. Ellis')).toMatchObject({ signatureUrl: expect.stringMatching(/^\/api\/photos\//), photoUrls: [expect.stringMatching(/^\/api\/photos\//)] });

    // The designer's items: the table delivered, the chair still stored.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { items } = await call<{ items: { id: string; status: string }[] }>(d, 'GET', `/api/projects/${projectId}`);
      const status = (name: string) => items.find((i) => i.id === ids[name])!.status;
      if (status(table) === 'delivered') {
        expect(status(chair)).toBe('stored');
        break;
      }
      if (Date.now() > deadline) throw new Error(`the table is not delivered after 10 s: ${JSON.stringify(items)}`);
      await d.waitForTimeout(200);
    }

    // The client page lists the delivery, its items by name only.
    const { shareToken } = await call<{ shareToken: string }>(d, 'POST', `/api/projects/${projectId}/share`);
    const shared = await call<{ deliveries: { date: string; window: string; status: string; items: { name: string }[] }[] }>(d, 'GET', `/api/shared/projects/${shareToken}`);
    expect(shared.deliveries).toEqual([{ date, window: 'morning', status: 'completed', items: expect.arrayContaining([{ name: table }, { name: chair }]) }]);
  });

  it('on a phone, the designer books from the project page; once the delivery is out, both pages show the items out for delivery', async () => {
    const d = designer.page;
    const site = `Cedar House ${tag}`;
    const [lamp, rug, sofa] = [`Arc lamp ${tag}`, `Wool rug ${tag}`, `Linen sofa ${tag}`];
    const siteId = (await call<{ id: string }>(d, 'POST', '/api/projects', { name: site, clientName: 'Sam Lee', location: '40 Dock Rd, Toronto' })).id;
    for (const [name, status] of [[lamp, 'stored'], [rug, 'received'], [sofa, 'ordered']]) await call(d, 'POST', `/api/projects/${siteId}/items`, { name, status });
    await d.setViewportSize(PHONE);
    try {
      await d.goto(`${platform.baseUrl}/projects/${siteId}`);
      await d.getByRole('heading', { name: site, level: 1 }).waitFor();
      // Only the items at the warehouse can be chosen.
      expect(await d.getByRole('checkbox', { name: `Select ${sofa} for delivery` }).count()).toBe(0);
      await d.getByRole('checkbox', { name: `Select ${lamp} for delivery` }).check();
      await d.getByRole('checkbox', { name: `Select ${rug} for delivery` }).check();
      await d.getByRole('button', { name: 'Request delivery (2)' }).click();
      const request = d.getByRole('dialog', { name: 'Request delivery' });
      await request.waitFor();
      expect(await request.getByLabel('Address').inputValue()).toBe('40 Dock Rd, Toronto');
      const date = await request.getByLabel('Date').inputValue();
      expect(new Date(`${date}T12:00:00Z`).getUTCDay() % 6).not.toBe(0);
      await request.getByLabel('Window').selectOption('afternoon');
      await request.getByLabel(/Notes/).fill('Side door, ring twice');
      await expectNoHorizontalScroll(d);
      await saveScreenshot(d, 'project-request-delivery-phone');
      await request.getByRole('button', { name: 'Request delivery' }).click();
      await toastShown(d, 'Delivery requested');
      const booked = (await call<{ id: string; projectId: string; date: string; window: string; address: string; notes: string | null; status: string; items: { name: string }[] }[]>(d, 'GET', '/api/deliveries')).filter((x) => x.projectId === siteId);
      expect(booked).toEqual([expect.objectContaining({ date, window: 'afternoon', address: '40 Dock Rd, Toronto', notes: 'Side door, ring twice', status: 'requested', items: expect.arrayContaining([expect.objectContaining({ name: lamp }), expect.objectContaining({ name: rug })]) })]);

      // Staff take it out; the project page (and the Items page) show the two items out for delivery.
      await call(admin.page, 'POST', '/api/delivery-runs', { date, deliveryIds: [booked[0]!.id] });
      await call(admin.page, 'POST', `/api/deliveries/${booked[0]!.id}/out`, {});
      const outOn = async () => {
        const rows = d.getByTestId('project-item');
        const texts = await rows.allTextContents();
        return texts.filter((t) => t.includes('Out for delivery')).map((t) => [lamp, rug, sofa].find((n) => t.includes(n)));
      };
      const deadline = Date.now() + 15_000;
      let shown: (string | undefined)[] = [];
      while (Date.now() < deadline) {
        await d.reload();
        await d.getByRole('heading', { name: site, level: 1 }).waitFor();
        await d.getByTestId('project-item').first().waitFor();
        shown = await outOn();
        if (shown.length === 2) break;
        await d.waitForTimeout(500);
      }
      expect(shown.sort()).toEqual([lamp, rug].sort());
      await expectNoHorizontalScroll(d);
      await saveScreenshot(d, 'project-out-for-delivery-phone');
      await d.goto(`${platform.baseUrl}/items?q=${encodeURIComponent(lamp)}`);
      await d.getByTestId('out-for-delivery').first().waitFor();
    } finally {
      await d.setViewportSize({ width: 1440, height: 960 });
    }
  });
});
