import type { Locator, Page } from 'playwright-core';
import { openBrowser, saveScreenshot, type BrowserSession } from './support/browser';
import { boxOf, expectNoHorizontalScroll, expectToastCoversNoAction } from './support/layout';
import { acceptInvitationByMail, call, signIn, signUp } from './support/journey';
import { readMail, startPlatform } from './support/platform';

/**
 * Issue 38: no page or dialog is ever wider than the screen. Long, realistic data goes in through the API (a
 * designer and a member with long names and addresses, several members and invitations, long item names and
 * tracking numbers, a long client address, a payment anomaly with its processor id), then every page and the
 * dialogs opened from them are visited at 390 px and 1366 px: the document never scrolls sideways and each dialog's
 * box lies inside the viewport (its primary button within reach).
 */
type Platform = Awaited<ReturnType<typeof startPlatform>>;

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const owner = { firstName: 'Maximiliana-Alessandra', lastName: 'Vandenberghe-Oyelaran', email: `maximiliana.vandenberghe-oyelaran.${tag}@atelier-vandenberghe-interiors.example.com` };
const member = { firstName: 'Bartholomew-Christophe', lastName: 'Papadopoulos-Nakamura', email: `bartholomew.papadopoulos-nakamura.${tag}@atelier-vandenberghe-interiors.example.com` };
const invitees = [`procurement.coordinator.${tag}@atelier-vandenberghe-interiors.example.com`, `junior.designer.extraordinaire.${tag}@another-studio-collective.example.org`, `site.supervisor.${tag}@construction-management-group.example.net`];
const project = {
  name: `The Vandenberghe-Oyelaran Penthouse Renovation at Rue Sherbrooke ${tag}`,
  clientName: 'Anastasia Konstantinopoulou-Whitfield',
  clientEmail: `anastasia.konstantinopoulou-whitfield.${tag}@family-office-holdings.example.com`,
  location: '1250 Rue Sherbrooke Ouest, Appartement 3402, Montréal, QC H3G 1H6, Canada',
};
const items = [
  { key: 'transit', name: `Hand-knotted Tibetan wool-and-silk area rug, 12 × 18 ft, custom colourway ${tag}`, trackingNumber: '1Z999AA10123456784', status: 'in-transit' },
  { key: 'received', name: `Custom upholstered channel-tufted sectional sofa in performance bouclé ${tag}`, trackingNumber: '9400111899223197428490', status: 'in-transit' },
  { key: 'stored', name: `Solid white-oak extendable dining table with bronze inlay (seats 12) ${tag}`, status: 'stored' },
  { key: 'pending', name: `Pair of hand-blown Murano glass pendant lights with brass canopies ${tag}`, status: 'ordered' },
] as const;
/** The longest code a location label takes (32), and a long name, for the custody screens (issue 40). */
const place = { code: `MEZZANINE-NORTH-${tag.toUpperCase()}`.slice(0, 32), name: 'Mezzanine north, oversize floor zone beside the freight elevator (crated stone and glass only)', kind: 'floor' };

/** The next weekday after today (UTC), for a booking. */
function nextWeekday(): string {
  const d = new Date();
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return d.toISOString().slice(0, 10);
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, page: Page, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what} within ${ms / 1000} s; last: ${JSON.stringify(v)}`);
    await page.waitForTimeout(300);
  }
}

/** The dialog lies inside the viewport (nothing of it cut off at an edge), and so does `action` when given. */
async function expectDialogInViewport(page: Page, dialog: Locator, name: string, action?: Locator) {
  await dialog.waitFor();
  // Judged once its opening animation settled (a zoom-in starts smaller than the dialog).
  await page.evaluate(() => Promise.race([Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]));
  const { width, height } = page.viewportSize()!;
  const box = await boxOf(dialog);
  const inside = { left: box.x >= -0.5, right: box.x + box.width <= width + 0.5, top: box.y >= -0.5 };
  expect({ dialog: name, ...inside }).toEqual({ dialog: name, left: true, right: true, top: true });
  // A dialog taller than the screen scrolls inside itself; it never widens the page.
  expect({ dialog: name, height: box.height <= height + 0.5 }).toEqual({ dialog: name, height: true });
  await expectNoHorizontalScroll(page);
  if (action) {
    await action.scrollIntoViewIfNeeded();
    const a = await boxOf(action);
    expect({ action: name, x: a.x >= -0.5, right: a.x + a.width <= width + 0.5, bottom: a.y + a.height <= height + 0.5 }).toEqual({ action: name, x: true, right: true, bottom: true });
  }
}

/**
 * Keeps the toasts shown while their place is measured: Radix pauses a toast's five seconds while the window is
 * blurred (on a loaded machine the dialog opened after the toast had gone).
 */
const holdToasts = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('blur')));

async function visit(page: Page, url: string, heading: string | RegExp, level = 1) {
  await page.goto(url);
  await page.getByRole('heading', { name: heading, level }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('no page or dialog is wider than the screen (long realistic data)', () => {
  let platform: Platform;
  let designer: BrowserSession;
  let other: BrowserSession;
  let admin: BrowserSession;
  let projectId = '';
  let shareToken = '';
  let payPath = '';
  let invoiceNumber = '';
  let deliveryDay = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    platform = await startPlatform();
    [designer, other, admin] = await Promise.all([openBrowser({ viewport: DESKTOP }), openBrowser({ viewport: DESKTOP }), openBrowser({ viewport: DESKTOP })]);
    await signUp(designer.page, platform.baseUrl, owner);
    await signUp(other.page, platform.baseUrl, member);
    await signIn(admin.page, platform.baseUrl, platform.admin);
    const d = designer.page;
    projectId = (await call<{ id: string }>(d, 'POST', '/api/projects', project)).id;
    for (const item of items) ids[item.key] = (await call<{ id: string }>(d, 'POST', `/api/projects/${projectId}/items`, { name: item.name, status: item.status, ...('trackingNumber' in item ? { trackingNumber: item.trackingNumber } : {}) })).id;

    // Several members and invitations: one designer accepts; three invitations stay pending.
    await call(d, 'POST', `/api/projects/${projectId}/members`, { email: member.email, role: 'member' });
    for (const [i, email] of invitees.entries()) await call(d, 'POST', `/api/projects/${projectId}/members`, { email, role: i === 1 ? 'viewer' : 'member' });
    await acceptInvitationByMail(other.page, platform.mailUrl, member.email, projectId);
    ({ shareToken } = await call<{ shareToken: string }>(d, 'POST', `/api/projects/${projectId}/share`, {}));

    // The warehouse receives one item by its tracking number (the inspection queue and the Inspect dialog list it).
    await until('logistics knows the item', () => call<{ matches: unknown[] }>(admin.page, 'POST', '/api/receiving/scan', { code: items[1].trackingNumber }), (r) => r.matches.length > 0, admin.page);
    await call(admin.page, 'POST', '/api/receiving/arrivals', { code: items[1].trackingNumber, itemId: ids.received });
    // Custody (issue 40): a place with the longest code and a long name; the sofa is put away there, booked and its
    // run fixed, so the storage page, the item's custody, the release dialog and the run's pick & load have long data.
    await call(admin.page, 'POST', '/api/warehouse/locations', place);
    await call(admin.page, 'POST', '/api/warehouse/moves', { itemId: ids.received, locationCode: place.code });
    await until('the sofa is stored', async () => (await call<{ items: { id: string; status: string }[] }>(d, 'GET', `/api/projects/${projectId}`)).items.find((i) => i.id === ids.received)!.status, (s) => s === 'stored', d);
    deliveryDay = nextWeekday();
    const booked = await call<{ id: string }>(d, 'POST', `/api/projects/${projectId}/deliveries`, { date: deliveryDay, window: 'morning', itemIds: [ids.received] });
    await call(admin.page, 'POST', '/api/delivery-runs', { date: deliveryDay, deliveryIds: [booked.id] });

    // An invoice sent to the client (its pay link), and a payment that arrives for a voided one: an anomaly with its id.
    const sent = await call<{ id: string; invoiceNumber: string }>(admin.page, 'POST', `/api/projects/${projectId}/invoices`, { clientName: project.clientName, clientEmail: project.clientEmail });
    await call(admin.page, 'POST', `/api/invoices/${sent.id}/items`, { description: `White-glove receiving and inspection: ${items[1].name}`, type: 'receiving', quantity: 1, rate: 75 });
    await call(admin.page, 'POST', `/api/invoices/${sent.id}/send`);
    invoiceNumber = sent.invoiceNumber;
    const voided = await call<{ id: string }>(admin.page, 'POST', `/api/projects/${projectId}/invoices`, { clientName: project.clientName, clientEmail: project.clientEmail });
    await call(admin.page, 'POST', `/api/invoices/${voided.id}/items`, { description: 'Special handling: crated marble top', type: 'handling', quantity: 2, rate: 27 });
    await call(admin.page, 'POST', `/api/invoices/${voided.id}/send`);
    const { clientSecret } = await call<{ clientSecret: string }>(d, 'POST', '/api/create-payment-intent', { invoiceId: voided.id });
    await call(admin.page, 'POST', `/api/invoices/${voided.id}/void`);
    await call(d, 'POST', '/api/billing/test-processor/confirm', { clientSecret });
    await until('the payment for the void invoice is an anomaly', () => call<unknown[]>(admin.page, 'GET', '/api/billing/anomalies'), (a) => a.length > 0, admin.page);

    const mail = await until('the invoice e-mail reached the client', () => readMail(platform.mailUrl), (all) => all.some((m) => m.to.some((t) => t.address === project.clientEmail) && m.subject.includes(invoiceNumber)), d);
    const text = mail.find((m) => m.to.some((t) => t.address === project.clientEmail) && m.subject.includes(invoiceNumber))!.text;
    payPath = new URL(/(https?:\/\/\S+\/pay\/[A-Za-z0-9._-]+)/.exec(text)![1]!).pathname;
  }, 240_000);

  afterAll(async () => {
    await designer?.close();
    await other?.close();
    await admin?.close();
    await platform?.stop();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    const at = `${viewport.width} px`;

    it(`the designer's pages and dialogs at ${at}`, async () => {
      const page = designer.page;
      const base = platform.baseUrl;
      await page.setViewportSize(viewport);

      await visit(page, `${base}/`, 'Dashboard');
      await expectNoHorizontalScroll(page);
      await visit(page, `${base}/projects`, 'Projects');
      await expectNoHorizontalScroll(page);

      await visit(page, `${base}/projects/${projectId}`, project.name);
      await page.getByRole('list', { name: 'Project designers' }).getByText(invitees[2]!).waitFor();
      await page.getByText(`${member.firstName} ${member.lastName}`).first().waitFor();
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, `overflow-project-${viewport.width}`);
      // The project's controls all within the width: Invite and the client link's actions.
      for (const control of [page.getByRole('button', { name: 'Invite', exact: true }), page.getByText('Invited · Member').first()]) {
        await control.scrollIntoViewIfNeeded();
        const b = await boxOf(control);
        expect(b.x + b.width).toBeLessThanOrEqual(viewport.width + 0.5);
      }

      // A toast never covers the page's heading (it sat just under the header, over the h1).
      await page.getByLabel('Designer email').fill(`late.invitee.${viewport.width}.${tag}@atelier-vandenberghe-interiors.example.com`);
      await page.getByRole('button', { name: 'Invite', exact: true }).click();
      await page.getByTestId('toast').filter({ hasText: 'Invitation sent' }).first().waitFor();
      await holdToasts(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectToastCoversNoAction(page, 'Invitation sent', [page.getByRole('heading', { level: 1, name: project.name })]);

      await page.getByRole('checkbox', { name: `Select ${items[2].name} for delivery` }).check();
      await page.getByRole('button', { name: /^Request delivery/ }).click();
      const request = page.getByRole('dialog', { name: 'Request delivery' });
      await expectDialogInViewport(page, request, 'Request delivery', request.getByRole('button', { name: /^Request delivery/ }));
      await saveScreenshot(page, `overflow-request-delivery-${viewport.width}`);
      await page.keyboard.press('Escape');
      await request.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Add Item', exact: true }).click();
      const add = page.getByRole('dialog').first();
      await expectDialogInViewport(page, add, 'Add Item');
      await page.keyboard.press('Escape');
      await add.waitFor({ state: 'detached' });

      await visit(page, `${base}/items`, 'Items');
      await page.getByTestId('item-count').filter({ hasText: `${items.length} items` }).waitFor();
      await expectNoHorizontalScroll(page);
      // The list renders the rows in view: scrolled to its end, the first item (added first, listed last) shows too.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.getByText(items[0].name).filter({ visible: true }).first().waitFor();
      await expectNoHorizontalScroll(page);
      // The item's detail with the warehouse's custody of it (issue 40): its long place and the timeline.
      // A row's View button on a desk's screen; on a phone the item's card opens it.
      await page.getByRole('button', { name: `View ${items[1].name}` }).or(page.getByTestId('item-card').filter({ hasText: items[1].name })).first().click();
      const detail = page.getByRole('dialog', { name: items[1].name });
      await detail.getByTestId('item-custody-where').filter({ hasText: place.code }).waitFor();
      await expectDialogInViewport(page, detail, 'item detail with custody');
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
      await visit(page, `${base}/services`, /Services/);
      await expectNoHorizontalScroll(page);

      await visit(page, `${base}/billing`, 'Billing');
      const row = page.getByTestId('invoice-row').filter({ hasText: invoiceNumber });
      await row.waitFor();
      await expectNoHorizontalScroll(page);
      await row.getByRole('button', { name: `View invoice ${invoiceNumber}` }).click();
      const view = page.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
      await expectDialogInViewport(page, view, 'the invoice view (designer)');
      await page.keyboard.press('Escape');
    }, 180_000);

    it(`the staff's pages and dialogs at ${at}`, async () => {
      const page = admin.page;
      const base = platform.baseUrl;
      await page.setViewportSize(viewport);

      await visit(page, `${base}/billing`, 'Billing');
      await page.getByTestId('payment-anomaly').first().waitFor();
      await page.getByTestId('invoice-row').filter({ hasText: invoiceNumber }).waitFor();
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, `overflow-staff-billing-${viewport.width}`);
      // Its headings go down one level at a time (the payment card's title was an h3 right under the h1).
      const levels = await page.locator('main').evaluate((m) => Array.from(m.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((h) => Number(h.tagName[1])));
      expect(levels[0]).toBe(1);
      expect(levels.filter((l, i) => i > 0 && l > levels[i - 1]! + 1)).toEqual([]);

      await page.getByRole('button', { name: 'Create Invoice' }).click();
      const create = page.getByRole('dialog', { name: 'Create Invoice' });
      await expectDialogInViewport(page, create, 'Create Invoice', create.getByRole('button', { name: 'Create Invoice' }));
      await saveScreenshot(page, `overflow-create-invoice-${viewport.width}`);
      await page.keyboard.press('Escape');
      await create.waitFor({ state: 'detached' });

      await page.getByTestId('invoice-row').filter({ hasText: invoiceNumber }).getByRole('button', { name: `View invoice ${invoiceNumber}` }).click();
      const view = page.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
      await expectDialogInViewport(page, view, 'the invoice view (staff)');
      await saveScreenshot(page, `overflow-invoice-view-${viewport.width}`);
      await page.keyboard.press('Escape');

      await visit(page, `${base}/auto-billing`, 'Automatic Billing');
      await expectNoHorizontalScroll(page);

      await visit(page, `${base}/projects/${projectId}`, project.name);
      await page.getByRole('list', { name: 'Project designers' }).getByText(invitees[0]!).waitFor();
      await expectNoHorizontalScroll(page);

      await visit(page, `${base}/receiving`, 'Receiving');
      if (viewport === PHONE) {
        // On a phone a toast covers neither the Inspect dialog's title and close button nor its Save: the desk
        // receives the rug by its tracking number and its inspection opens while the toast shows.
        const box = page.getByLabel('Tracking number or barcode');
        await box.fill(items[0].trackingNumber);
        await box.press('Enter');
        await page.getByTestId('scan-match').filter({ hasText: items[0].name }).waitFor();
        await box.pressSequentially('1');
        await box.press('Enter');
        const toastText = `Received: ${items[0].name}`;
        await page.getByTestId('toast').filter({ hasText: toastText }).first().waitFor();
        await holdToasts(page);
        await page.getByRole('button', { name: `Inspect ${items[0].name}` }).click();
        const received = page.getByRole('dialog', { name: `Inspect ${items[0].name}` });
        await received.waitFor();
        await expectToastCoversNoAction(page, toastText, [received.getByRole('heading', { name: `Inspect ${items[0].name}` }), received.getByRole('button', { name: 'Close' }), received.getByRole('button', { name: 'Save inspection' })]);
        await page.keyboard.press('Escape');
        await received.waitFor({ state: 'detached' });
      }
      const inspect = page.getByRole('button', { name: `Inspect ${items[1].name}` });
      await inspect.waitFor();
      await expectNoHorizontalScroll(page);
      await inspect.click();
      const dialog = page.getByRole('dialog', { name: `Inspect ${items[1].name}` });
      await expectDialogInViewport(page, dialog, 'Inspect', dialog.getByRole('button', { name: 'Save inspection' }));
      await page.keyboard.press('Escape');

      await visit(page, `${base}/deliveries`, 'Deliveries');
      await expectNoHorizontalScroll(page);
      // The run's pick list and load check, with the long place and item.
      await page.getByLabel('Day', { exact: true }).fill(deliveryDay);
      await page.getByRole('button', { name: 'Pick & load' }).click();
      const run = page.getByRole('dialog', { name: 'Pick & load' });
      await run.getByTestId('pick-line').filter({ hasText: place.code }).waitFor();
      await expectDialogInViewport(page, run, 'Pick & load');
      await saveScreenshot(page, `overflow-pick-and-load-${viewport.width}`);
      await page.keyboard.press('Escape');
      await run.waitFor({ state: 'detached' });

      // The storage page's tabs (issue 40): put-away's messages, the locations, find with the item's custody and release.
      await visit(page, `${base}/storage`, 'Storage');
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Item or location label');
      await page.keyboard.type(ids.received!);
      await page.keyboard.press('Enter');
      await page.getByText(`${items[1].name}, now at ${place.code} — scan the place it goes.`).waitFor();
      await expectNoHorizontalScroll(page);
      await visit(page, `${base}/storage?tab=locations`, 'Storage');
      await page.getByTestId('location').filter({ hasText: place.code }).waitFor();
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, `overflow-locations-${viewport.width}`);
      await visit(page, `${base}/storage?tab=find`, 'Storage');
      await page.getByRole('searchbox', { name: 'Find items in the warehouse' }).fill(tag);
      await page.getByTestId('found-item').filter({ hasText: items[1].name }).click();
      const custody = page.getByRole('dialog', { name: items[1].name });
      await expectDialogInViewport(page, custody, 'item custody', custody.getByRole('button', { name: 'Release…' }));
      await saveScreenshot(page, `overflow-item-custody-${viewport.width}`);
      await custody.getByRole('button', { name: 'Release…' }).click();
      const release = page.getByRole('dialog', { name: `Release ${items[1].name}` });
      await expectDialogInViewport(page, release, 'Release', release.getByRole('button', { name: 'Release' }));
      await page.keyboard.press('Escape');
      await release.waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await visit(page, `${base}/storage?tab=count`, 'Storage');
      await expectNoHorizontalScroll(page);

      if (viewport === DESKTOP) {
        // Staff mark the payment problem handled with a note: it folds into one line above the invoices.
        await visit(page, `${base}/billing`, 'Billing');
        const anomaly = page.getByTestId('payment-anomaly').first();
        await anomaly.getByRole('button', { name: 'Mark handled' }).click();
        await anomaly.getByLabel('What was done').fill('Refunded in Stripe, ticket 4821');
        await anomaly.getByRole('button', { name: 'Save' }).click();
        await page.getByText('1 payment problem handled').waitFor();
        expect(await page.getByTestId('payment-anomaly').count()).toBe(0);
        await page.getByTestId('invoice-row').filter({ hasText: project.name }).first().waitFor();
        await expectNoHorizontalScroll(page);
      }
    }, 180_000);

    it(`the client link and the pay page at ${at}`, async () => {
      const page = other.page;
      await page.setViewportSize(viewport);
      await page.goto(`${platform.baseUrl}/client/${shareToken}`);
      await page.getByText(items[0].name).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page);
      await page.goto(`${platform.baseUrl}${payPath}`);
      await page.getByRole('heading', { name: new RegExp(`Invoice ${invoiceNumber}`) }).waitFor();
      // It says who is billing: the provider's name from configuration (PROVIDER_NAME's default here).
      expect(await page.getByTestId('provider-name').textContent()).toBe('Midway Receiving & Delivery');
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, `overflow-pay-${viewport.width}`);
    }, 120_000);
  }
});
