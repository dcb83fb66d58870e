import type { Page } from 'playwright-core';

/** Signs up through identity's page as the journeys' designer, Noor Haddad, and lands on the dashboard. */
export async function signUp(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/api/register`);
  await page.fill('input[name=firstName]', 'Noor');
  await page.fill('input[name=lastName]', 'Haddad');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', 'correct horse battery');
  await Promise.all([page.waitForURL(`${baseUrl}/`), page.locator('form button[type=submit]').click()]);
}

/** Signs in through identity's page and lands on the dashboard. */
export async function signIn(page: Page, baseUrl: string, who: { email: string; password: string }) {
  await page.goto(`${baseUrl}/api/login`);
  await page.fill('input[name=email]', who.email);
  await page.fill('input[name=password]', who.password);
  await Promise.all([page.waitForURL(`${baseUrl}/`), page.locator('form button[type=submit]').click()]);
}

/** A same-origin JSON call from the page (cookies and Origin as the app sends them). */
export async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await page.evaluate(
    async ({ method, path, body }) => {
      const r = await fetch(path, { method, headers: body === undefined ? undefined : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: r.status, text: await r.text() };
    },
    { method, path, body },
  );
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}
