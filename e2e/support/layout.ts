import type { Locator, Page } from 'playwright-core';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The element's box; fails (instead of passing on null) when it is not rendered. */
export async function boxOf(locator: Locator): Promise<Box> {
  await locator.waitFor();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** Shown inside the viewport's width: not cut off at either edge (what is below the fold can be scrolled to). */
export async function expectWithinViewportWidth(page: Page, locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  const box = await boxOf(locator);
  const width = page.viewportSize()!.width;
  expect(box.width).toBeGreaterThan(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
}

/**
 * The page itself does not scroll sideways (nothing hidden off to the right). Judged on the settled page: after a
 * resize, lists that measure themselves (ResizeObserver) re-lay out a frame or two later. On failure it names the
 * element reaching furthest right.
 */
export async function expectNoHorizontalScroll(page: Page, settleMs = 3000): Promise<void> {
  const measure = () =>
    page.evaluate(() => {
      const { scrollWidth, clientWidth } = document.documentElement;
      let widest = '';
      let right = 0;
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect().right;
        if (r > right) [right, widest] = [r, `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${String(el.className).split(' ').join('.')} "${(el.textContent ?? '').trim().slice(0, 60)}" in ${el.parentElement?.tagName.toLowerCase()}.${String(el.parentElement?.className ?? '').split(' ').join('.')}`];
      }
      return { scrollWidth, clientWidth, widest: `${widest} (right edge ${Math.round(right)} px)` };
    });
  const deadline = Date.now() + settleMs;
  let m = await measure();
  while (m.scrollWidth > m.clientWidth && Date.now() < deadline) {
    await page.waitForTimeout(100);
    m = await measure();
  }
  if (m.scrollWidth > m.clientWidth) throw new Error(`the page scrolls sideways: ${m.scrollWidth} px wide in a ${m.clientWidth} px window; furthest right: ${m.widest}`);
  expect(m.scrollWidth).toBeLessThanOrEqual(m.clientWidth);
}

/**
 * The dashboard-style stat cards: every card has the same height, cards in one row share their top, and their
 * numbers line up (a long label that wraps used to push its number lower). Returns how many rows they form.
 */
export async function expectAlignedStatCards(page: Page): Promise<number> {
  const cards = page.locator('[data-testid^="stat-"]:not([data-testid="stat-skeleton"])');
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  const boxes: Box[] = [];
  const values: Box[] = [];
  for (let i = 0; i < count; i++) {
    boxes.push(await boxOf(cards.nth(i)));
    values.push(await boxOf(cards.nth(i).locator('p').nth(1)));
  }
  const round = (n: number) => Math.round(n);
  expect(new Set(boxes.map((b) => round(b.height))).size).toBe(1);
  const rows = new Map<number, number[]>();
  boxes.forEach((b, i) => rows.set(round(b.y), [...(rows.get(round(b.y)) ?? []), i]));
  for (const members of rows.values()) {
    expect(new Set(members.map((i) => round(values[i]!.y))).size).toBe(1);
  }
  return rows.size;
}

/** The header's New Project and New Item: two visible buttons with different names and different icons. */
export async function expectDistinctHeaderButtons(page: Page): Promise<void> {
  const newProject = page.getByRole('button', { name: 'New project', exact: true });
  const newItem = page.getByRole('button', { name: 'New item', exact: true });
  await expectWithinViewportWidth(page, newProject);
  await expectWithinViewportWidth(page, newItem);
  const iconOf = (b: Locator) => b.locator('svg').first().evaluate((svg) => svg.innerHTML);
  expect(await iconOf(newProject)).not.toBe(await iconOf(newItem));
  // Each says what it does in words, at every width: an icon alone does not tell the two apart.
  for (const [button, words] of [[newProject, 'New Project'], [newItem, 'New Item']] as const) {
    const label = button.getByText(words, { exact: true });
    expect((await boxOf(label)).width).toBeGreaterThan(30);
  }
}

/** The tab's title, which a page sets in an effect just after it renders: waits briefly, then compares. */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((t) => document.title === t, title, { timeout: 5_000 }).catch(() => undefined);
  expect(await page.title()).toBe(title);
}

/** Whether two boxes share any area. */
export const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast showing `text` covers none of `actions` (a toast stays five seconds; a covered button cannot be pressed). */
export async function expectToastCoversNoAction(page: Page, text: string, actions: Locator[]): Promise<void> {
  const toast = await boxOf(page.getByTestId('toast').filter({ hasText: text }).first());
  for (const action of actions) {
    const box = await boxOf(action);
    expect({ action: await action.textContent(), toast, box, overlaps: overlaps(toast, box) }).toEqual({ action: await action.textContent(), toast, box, overlaps: false });
  }
}
