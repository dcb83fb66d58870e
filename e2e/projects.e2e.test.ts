import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, openBrowser, saveScreenshot, type BrowserSession } from './support/browser';
import { boxOf, expectAlignedStatCards, expectDistinctHeaderButtons, expectNoHorizontalScroll, expectTitle, expectToastCoversNoAction, expectWithinViewportWidth } from './support/layout';
import { startPlatform } from './support/platform';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signUp(page: Page, baseUrl: string, who: { firstName: string; lastName: string; email: string }) {
  await page.goto(`${baseUrl}/api/register`);
  await page.fill('input[name=firstName]', who.firstName);
  await page.fill('input[name=lastName]', who.lastName);
  await page.fill('input[name=email]', who.email);
  await page.fill('input[name=password]', 'correct horse battery');
  await Promise.all([
    page.waitForURL(`${baseUrl}/`).catch(async (e: unknown) => {
      await saveScreenshot(page, 'projects-signup-failed');
      throw e;
    }),
    page.locator('form button[type=submit]').click(),
  ]);
}

/**
 * The shell header's search trigger has a contrast of 4.34:1 (#64748b on #f1f5f9), owned by the shell and reported to
 * its owner; this journey checks what mf_projects renders.
 */
const SHELL_SEARCH_TRIGGER = 'button[aria-keyshortcuts]';
const checkA11y = (page: Page) => expectNoSeriousA11yViolations(page, { exclude: [SHELL_SEARCH_TRIGGER] });

/** The number on a dashboard stat card. */
const statValue = (page: Page, label: string) => page.getByTestId(`stat-${label}`).locator('p').nth(1);

async function expectStat(page: Page, label: string, value: string) {
  await page.getByTestId(`stat-${label}`).filter({ hasText: value }).waitFor();
  expect(await statValue(page, label).textContent()).toBe(value);
}

/** A toast's text (the toast region also announces it in a live region, hence first()). */
const toastShown = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/**
 * A project row keeps Status, Install Date and View on screen: at 390 px the table shows rows as cards, so they
 * sit inside the viewport's width; the View link's eye icon keeps its size at any width (it had shrunk to 3 × 16).
 */
async function expectRowReadable(page: Page, row: ReturnType<Page['getByTestId']>, projectName: string) {
  await expectWithinViewportWidth(page, row.locator('[data-label="Status"]').locator('span').first());
  await expectWithinViewportWidth(page, row.locator('[data-label="Install Date"]'));
  const view = row.getByRole('link', { name: `View ${projectName}` });
  await expectWithinViewportWidth(page, view);
  const eye = await boxOf(view.locator('svg'));
  expect(eye.width).toBeGreaterThanOrEqual(14);
  expect(eye.height).toBeGreaterThanOrEqual(14);
  await expectNoHorizontalScroll(page);
  // …nor does the table's own box: no column is hidden to the right without a cue.
  expect(await row.evaluate((tr) => tr.closest('table')!.parentElement!.scrollWidth - tr.closest('table')!.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
}

/** Picks an option of a Radix select (ui Select) by the trigger's accessible name. */
async function choose(page: Page, trigger: string, option: string) {
  await page.getByRole('combobox', { name: trigger, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('projects journey', () => {
  let platform: Platform;
  let designer: BrowserSession;
  let client: BrowserSession | undefined;

  beforeAll(async () => {
    platform = await startPlatform();
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  beforeEach(async () => {
    designer = await openBrowser({ viewport: { width: 1440, height: 960 } });
  });

  afterEach(async () => {
    await client?.close();
    await designer?.close();
  });

  it('sign up → create project (validation, then success) → quick add → project status change → dashboard updates → share → public client page', async () => {
    const { page, context } = designer;
    const baseUrl = platform.baseUrl;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const project = `Lakeview Residence ${unique()}`;

    await signUp(page, baseUrl, { firstName: 'Ines', lastName: 'Moreau', email: `ines.${unique()}@example.com` });

    // A new designer's dashboard: welcome, zero stats, empty table and activity.
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expectTitle(page, 'Dashboard · Midway');
    await page.getByText('Welcome to Midway! Create your first project to start tracking items.').waitFor();
    await expectStat(page, 'Active Projects', '0');
    await page.getByText('No projects found').waitFor();
    await page.getByText('No recent activity').waitFor();
    await checkA11y(page);
    await saveScreenshot(page, 'projects-dashboard-empty');

    // Create project from the shell's New Project button: the validation message first, then success.
    await page.getByRole('button', { name: 'New Project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    await dialog.waitFor();
    await dialog.getByLabel(/^Project name/).fill(project);
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please fill in all required fields' }).waitFor();
    await saveScreenshot(page, 'projects-create-validation');
    await dialog.getByLabel(/^Client name/).fill('Jordan Ellis');
    await dialog.getByLabel(/^Client email/).fill('jordan@example.com');
    await dialog.getByLabel(/^Location/).fill('12 Harbour St, Toronto');
    await dialog.getByLabel(/^Install date/).fill('2026-05-14');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await toastShown(page, 'Project created successfully');
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('project-row').filter({ hasText: project });
    await row.getByText('May 14, 2026').waitFor();
    await expectStat(page, 'Active Projects', '1');

    // Quick add an item to the new project.
    await page.getByRole('button', { name: 'Add Item', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Please select a project and enter an item name' }).waitFor();
    await choose(page, 'Project', project);
    await page.getByLabel('Item name').fill('Walnut dining table');
    await page.getByLabel(/^Supplier/).fill('Atelier North');
    await page.getByRole('button', { name: 'Add Item', exact: true }).click();
    await toastShown(page, 'Item added successfully');
    await expectToastCoversNoAction(page, 'Item added successfully', [page.getByRole('button', { name: 'Add Item', exact: true })]);
    await row.getByText('1 item · 0%').waitFor();
    await expectStat(page, 'Items without Tracking', '1');
    await page.getByTestId('activity-entry').filter({ hasText: 'Item "Walnut dining table" added' }).waitFor();

    // The dashboard at a laptop's and a phone's width (issue 9, front-end consistency).
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await expectAlignedStatCards(page)).toBe(1);
    await expectDistinctHeaderButtons(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectRowReadable(page, row, project);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await expectAlignedStatCards(page)).toBe(2);
    await expectDistinctHeaderButtons(page);
    await expectRowReadable(page, row, project);
    await saveScreenshot(page, 'projects-dashboard-390');
    await page.setViewportSize({ width: 1440, height: 960 });

    // The Projects page: its own tab title, and the same rows on a phone.
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await expectTitle(page, 'Projects · Midway');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectRowReadable(page, page.getByTestId('project-row').filter({ hasText: project }), project);
    await saveScreenshot(page, 'projects-list-390');
    await page.setViewportSize({ width: 1440, height: 960 });
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByTestId('dashboard-page').waitFor();

    // Open the project and move the item along.
    await row.getByRole('link', { name: `View ${project}` }).click();
    await page.getByRole('heading', { name: project, level: 1 }).waitFor();
    await expectTitle(page, `${project} · Midway`);
    const item = page.getByTestId('project-item').filter({ hasText: 'Walnut dining table' });
    await item.getByText('From Atelier North').waitFor();
    // A row's status is the browser's own select (one per row; a phone opens its system picker).
    await page.getByRole('combobox', { name: 'Status of Walnut dining table', exact: true }).selectOption({ label: 'In Transit' });
    await toastShown(page, 'Item status updated successfully');
    await expectStat(page, 'In Transit', '1');
    await page.getByRole('combobox', { name: 'Status of Walnut dining table', exact: true }).selectOption({ label: 'Received' });
    await toastShown(page, 'Item status updated successfully');
    await expectStat(page, 'Received', '1');
    await page.getByText('Progress 100%').waitFor();
    // The project's own status: installed and done.
    await choose(page, 'Project status', 'Completed');
    await toastShown(page, 'Project updated successfully');
    await checkA11y(page);
    await saveScreenshot(page, 'projects-detail');

    // Export Summary downloads the project's items and costs as CSV.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Summary' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^lakeview-residence-[a-z0-9-]+-summary-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await download.createReadStream().then(async (s) => {
      const chunks: Buffer[] = [];
      for await (const c of s) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    expect(csv).toContain('Walnut dining table,Atelier North,Received,1');

    // Share with Client copies {origin}/client/{token}.
    await page.getByRole('button', { name: 'Share with Client' }).click();
    await toastShown(page, 'Link copied to clipboard. Share this with your client.');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/client/[A-Za-z0-9_-]+$`));

    // The dashboard reflects the changes: counts, progress and recent activity.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expectStat(page, 'Active Projects', '0');
    await row.getByText('Completed', { exact: true }).waitFor();
    await expectStat(page, 'Received This Month', '1');
    await expectStat(page, 'Items in Transit', '0');
    await expectStat(page, 'Items without Tracking', '0');
    await row.getByText('1 item · 100%').waitFor();
    await page.getByTestId('activity-entry').filter({ hasText: '"Walnut dining table" is now Received' }).waitFor();
    await page.getByTestId('activity-entry').filter({ hasText: 'Client dashboard link created' }).waitFor();
    await page.getByTestId('activity-entry').filter({ hasText: 'Project status changed to Completed' }).waitFor();
    await saveScreenshot(page, 'projects-dashboard-updated');

    // The client opens the link in a fresh browser without a session: read-only, no shell.
    client = await openBrowser({ viewport: { width: 1280, height: 900 } });
    const clientPage = client.page;
    const scripts: string[] = [];
    clientPage.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    const pageErrors: string[] = [];
    clientPage.on('pageerror', (e) => pageErrors.push(e.message));
    clientPage.on('console', (m) => void (m.type() === 'error' && /Content Security Policy/i.test(m.text()) && pageErrors.push(m.text())));
    await clientPage.goto(link);
    await clientPage.getByRole('heading', { name: project, level: 1 }).waitFor();
    await clientPage.getByText('Client Dashboard • Read-only View').waitFor();
    await expectTitle(clientPage, `${project} · Client Dashboard · Midway`);
    const clientItem = clientPage.getByTestId('client-item').filter({ hasText: 'Walnut dining table' });
    await clientItem.getByText('From Atelier North').waitFor();
    await clientItem.getByText('Received', { exact: true }).waitFor();
    expect(await clientPage.getByTestId('client-progress').textContent()).toBe('100%');
    await clientPage.getByRole('heading', { name: 'Need Help?' }).waitFor();
    await clientPage.getByText('Completed', { exact: true }).waitFor();
    await clientPage.getByTestId('client-update').first().waitFor();
    expect(await clientPage.getByTestId('client-update').count()).toBeLessThanOrEqual(5);
    expect(await clientPage.getByRole('button', { name: /Add Item|Share|New Project/ }).count()).toBe(0);
    expect(await clientPage.getByRole('combobox').count()).toBe(0);
    expect(scripts.some((s) => s.startsWith('/remotes/mf-projects/client'))).toBe(true);
    expect(scripts.some((s) => s === '/main.js' || s.startsWith('/remotes/mf-projects/remoteEntry'))).toBe(false);
    expect(pageErrors).toEqual([]);
    await expectNoSeriousA11yViolations(clientPage);
    await saveScreenshot(clientPage, 'projects-client-dashboard');

    // An unknown link shows the spec's not-found screen.
    await clientPage.goto(`${baseUrl}/client/not-a-real-token`);
    await clientPage.getByText('Project Not Found').waitFor();
    await clientPage.getByText('The project link may be invalid or expired. Please contact your designer for a new link.').waitFor();
    await saveScreenshot(clientPage, 'projects-client-not-found');
  });

  it("shows 'Project not found' for another designer's real project, which its owner sees", async () => {
    const baseUrl = platform.baseUrl;
    // Another designer creates a project; their own browser shows it by its id.
    const other = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await signUp(other.page, baseUrl, { firstName: 'Mara', lastName: 'Lind', email: `mara.${unique()}@example.com` });
      const name = `Private Loft ${unique()}`;
      const created = await other.page.evaluate(async (body) => {
        const res = await fetch('/api/projects', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, project: (await res.json()) as { id: string; name: string } };
      }, { name, clientName: 'Kai Berg', location: '1 Bay St, Toronto' });
      expect(created.status).toBe(201);
      expect(created.project.name).toBe(name);
      await other.page.goto(`${baseUrl}/projects/${created.project.id}`);
      await other.page.getByRole('heading', { name, level: 1 }).waitFor();

      // The first designer asks for that real id: the not-found view, nothing of the project.
      const { page } = designer;
      await signUp(page, baseUrl, { firstName: 'Theo', lastName: 'Park', email: `theo.${unique()}@example.com` });
      await page.goto(`${baseUrl}/projects/${created.project.id}`);
      await page.getByText('Project not found').waitFor();
      expect(await page.getByText(name).count()).toBe(0);
      await expectTitle(page, 'Project not found · Midway');
      await saveScreenshot(page, 'projects-not-found');
      await page.getByRole('link', { name: /Back to Projects/ }).click();
      await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
      await page.getByText('No projects found').waitFor();
      expect(await page.getByText(name).count()).toBe(0);

      // Another remote's route names its tab too (the shell names it even before, or without, the remote).
      await page.getByRole('link', { name: 'Items', exact: true }).click();
      await page.waitForURL(`${baseUrl}/items`);
      await expectTitle(page, 'Items · Midway');
    } finally {
      await other.close();
    }
  });
});
