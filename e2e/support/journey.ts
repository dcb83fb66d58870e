import type { Page } from 'playwright-core';
import { readMail } from './platform';

/** Signs up through identity's page as the journeys' designer, Noor Haddad, and lands on the dashboard. */
export async function signUp(page: Page, baseUrl: string, who: string | { firstName: string; lastName: string; email: string }) {
  const person = typeof who === 'string' ? { firstName: 'Noor', lastName: 'Haddad', email: who } : who;
  await page.goto(`${baseUrl}/api/register`);
  await page.fill('input[name=firstName]', person.firstName);
  await page.fill('input[name=lastName]', person.lastName);
  await page.fill('input[name=email]', person.email);
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

/**
 * Accepts `email`'s invitation to `projectId` the way its mailbox proves it: the token of the link in the invitation
 * e-mail the sink caught (an unverified address may not accept by the invitation's id alone).
 */
export async function acceptInvitationByMail(page: Page, mailUrl: string, email: string, projectId: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    const mails = (await readMail(mailUrl)).filter((m) => m.to.some((t) => t.address.toLowerCase() === email.toLowerCase()));
    for (const token of mails.map((m) => /\/invitations\/([A-Za-z0-9_-]{43})/.exec(m.text)?.[1]).filter((t): t is string => !!t)) {
      const link = await call<{ id: string; projectId: string }>(page, 'GET', `/api/invitations/link/${token}`).catch(() => null);
      if (link?.projectId === projectId) return void (await call(page, 'POST', `/api/invitations/${link.id}/accept`, { token }));
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation e-mail to ${email} for project ${projectId}`);
}
