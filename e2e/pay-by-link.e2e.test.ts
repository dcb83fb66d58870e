import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, openBrowser, saveScreenshot, type BrowserSession } from './support/browser';
import { expectNoHorizontalScroll, expectWithinViewportWidth } from './support/layout';
import { call, signIn, signUp } from './support/journey';
import { readMail, startPlatform } from './support/platform';

/**
 * The billed person pays by link, in Chromium through the real gateway: an admin sends an invoice, the e-mail's
 * link (read from the mail sink) opens the public page signed out on a phone-sized screen, the test card pays it,
 * the page says paid once the webhook landed, and the receipt is in the mail sink for the payer and the owner.
 */
type Platform = Awaited<ReturnType<typeof startPlatform>>;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function mailFor(platform: Platform, page: Page, address: string, subject: RegExp, count = 1) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = (await readMail(platform.mailUrl)).filter((m) => m.to.some((t) => t.address === address) && subject.test(m.subject));
    if (found.length >= count || Date.now() > deadline) return found;
    await page.waitForTimeout(300);
  }
}

describe('pay by link', () => {
  let platform: Platform;
  let admin: BrowserSession;
  let owner: BrowserSession;
  let payer: BrowserSession;
  const ownerEmail = `noor.${unique()}@example.com`;
  const clientEmail = `client.${unique()}@example.com`;
  const project = `Cedar House ${unique()}`;

  beforeAll(async () => {
    platform = await startPlatform();
    admin = await openBrowser({ viewport: { width: 1440, height: 960 } });
    owner = await openBrowser({ viewport: { width: 1440, height: 960 } });
    // The billed person has no account: a fresh browser, on a phone.
    payer = await openBrowser({ viewport: { width: 390, height: 844 } });
    await signUp(owner.page, platform.baseUrl, ownerEmail);
    await signIn(admin.page, platform.baseUrl, platform.admin);
  }, 180_000);

  afterAll(async () => {
    await payer?.close();
    await owner?.close();
    await admin?.close();
    await platform?.stop();
  });

  it('the e-mail’s link opens the invoice signed out, the test card pays it, the page says paid and the receipt reaches payer and owner', async () => {
    const { id: projectId } = await call<{ id: string }>(owner.page, 'POST', '/api/projects', { name: project, clientName: 'Jordan Ellis', clientEmail, location: '12 Harbour St, Vancouver' });
    const invoice = await call<{ id: string; invoiceNumber: string }>(admin.page, 'POST', `/api/projects/${projectId}/invoices`, { clientName: 'Jordan Ellis', clientEmail });
    await call(admin.page, 'POST', `/api/invoices/${invoice.id}/items`, { description: 'Special handling: marble top', type: 'handling', quantity: 2, rate: 27 });
    await call(admin.page, 'POST', `/api/invoices/${invoice.id}/send`);

    const [mail] = await mailFor(platform, admin.page, clientEmail, new RegExp(invoice.invoiceNumber));
    expect(mail).toBeDefined();
    const link = new URL(/(https?:\/\/\S+\/pay\/[A-Za-z0-9._-]+)/.exec(mail!.text)![1]!);
    expect(link.port).toBe(new URL(platform.baseUrl).port);

    const { page } = payer;
    await page.goto(`${platform.baseUrl}${link.pathname}`);
    await page.getByRole('heading', { name: new RegExp(`Invoice ${invoice.invoiceNumber}`) }).waitFor();
    await page.getByText(project).waitFor();
    await page.getByRole('cell', { name: 'Special handling: marble top' }).waitFor();
    expect(await page.getByRole('table').textContent()).toContain('$54.00');
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Pay $54.00 by card' }).click();
    await page.getByText(/^Test mode: no card processor is configured/).waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').pressSequentially('1234');
    expect(await page.getByLabel('Expiry (MM / YY)').inputValue()).toBe('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await expectNoHorizontalScroll(page);
    await expectWithinViewportWidth(page, page.getByRole('button', { name: 'Pay $54.00', exact: true }));
    await page.getByRole('button', { name: 'Pay $54.00', exact: true }).click();

    await page.getByText(/This invoice was paid on /).waitFor({ timeout: 60_000 });
    await page.getByText(/Thank you/).waitFor();
    await saveScreenshot(page, 'pay-by-link-paid');

    // The link still opens and says so; it takes no second payment.
    await page.reload();
    await page.getByText(/This invoice was paid on /).waitFor();
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);

    const [toPayer] = await mailFor(platform, page, clientEmail, /^Receipt for invoice /);
    const [toOwner] = await mailFor(platform, page, ownerEmail, /^Receipt for invoice /);
    expect(toPayer?.subject).toBe(`Receipt for invoice ${invoice.invoiceNumber}`);
    expect(toOwner?.subject).toBe(`Receipt for invoice ${invoice.invoiceNumber}`);
    expect(toPayer!.text).toContain('$54.00 USD');
    expect(toPayer!.text).toContain('card ending in 4242');
  }, 180_000);
});
