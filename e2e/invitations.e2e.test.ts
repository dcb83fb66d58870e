import { expectNoSeriousA11yViolations, openBrowser, saveScreenshot, type BrowserSession } from './support/browser';
import { call, signUp } from './support/journey';
import { expectNoHorizontalScroll, expectWithinViewportWidth } from './support/layout';
import { readMail, startPlatform } from './support/platform';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = 'correct horse battery';

/** The invitation e-mail the sink caught for `address`, waiting for it (delivery follows the answer). */
async function invitationMailTo(mailUrl: string, address: string) {
  for (let i = 0; i < 100; i++) {
    const mail = (await readMail(mailUrl)).find((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail reached ${address}`);
}

/** The address-verification links the sink caught for `address`, oldest first, waiting for `count` of them. */
async function verificationLinksTo(mailUrl: string, address: string, count: number) {
  for (let i = 0; i < 150; i++) {
    const links = (await readMail(mailUrl))
      .filter((m) => m.subject === 'Verify your Midway e-mail address' && m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()))
      .map((m) => /(https?:\/\/\S+\/api\/auth\/verify-email\?token=[\w-]+)/.exec(m.text)![1]!);
    if (links.length >= count) return links;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${count} verification e-mails reached ${address}`);
}

/**
 * Members join by invitation: an owner invites an address no account uses yet; the e-mail's link leads the
 * newcomer to sign up with that address filled in, and once signed up they land on the project, a member.
 */
describe('invitation journey', () => {
  let platform: Platform;
  let owner: BrowserSession;
  let newcomer: BrowserSession;

  beforeAll(async () => {
    platform = await startPlatform();
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  afterEach(async () => {
    await newcomer?.close();
    await owner?.close();
  });

  it('owner invites an address with no account → the e-mail’s link → sign-up with the address filled in → the new designer lands on the project', async () => {
    const baseUrl = platform.baseUrl;
    const project = `Cedar House ${unique()}`;
    const inviteeEmail = `newcomer.${unique()}@example.com`;
    owner = await openBrowser({ viewport: { width: 1366, height: 900 } });
    newcomer = await openBrowser({ viewport: { width: 390, height: 844 } });

    // The owner signs up, creates a project and invites the address from the project's Designers card.
    const o = owner.page;
    await signUp(o, baseUrl, { firstName: 'Ann', lastName: 'Lee', email: `ann.${unique()}@example.com` });
    const created = await o.evaluate(
      async (name) => (await fetch('/api/projects', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, clientName: 'Jordan Ellis', location: '12 Harbour St, Toronto' }) })).json(),
      project,
    );
    await o.goto(`${baseUrl}/projects/${created.id}`);
    await o.getByRole('heading', { name: project, level: 1 }).waitFor();
    await o.getByLabel('Designer email').fill(inviteeEmail);
    await o.getByRole('button', { name: 'Invite', exact: true }).click();
    await o.getByText('Invitation sent', { exact: true }).first().waitFor();
    const designers = o.getByRole('list', { name: 'Project designers' });
    await designers.getByText(inviteeEmail).waitFor();
    await designers.getByText('Invited · Member').waitFor();
    await saveScreenshot(o, 'invitations-owner-invited');

    // The e-mail (HTML and plain text) links to /invitations/{token} at the gateway's address.
    const mail = await invitationMailTo(platform.mailUrl, inviteeEmail);
    expect(mail.subject).toBe(`Ann Lee invited you to the project "${project}" on Midway`);
    const link = new URL(/(https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+)/.exec(mail.text)![1]!);
    expect(link.port).toBe(new URL(baseUrl).port);
    expect(mail.html).toContain(link.pathname);

    // The newcomer opens it signed out: the page says who invites them to what, and offers sign-up.
    const n = newcomer.page;
    await n.goto(`${baseUrl}${link.pathname}`);
    await n.getByRole('heading', { name: `Ann Lee invited you to ${project}` }).waitFor();
    await expectNoSeriousA11yViolations(n);
    await saveScreenshot(n, 'invitations-link-signed-out');
    await n.getByRole('link', { name: 'Create an account' }).click();
    await n.waitForURL(/\/api\/register\?/);
    expect(await n.inputValue('input[name=email]')).toBe(inviteeEmail);
    await n.fill('input[name=firstName]', 'Kim');
    await n.fill('input[name=lastName]', 'Ito');
    await n.fill('input[name=password]', PASSWORD);
    await n.locator('form button[type=submit]').click();

    // Signed up, they come back to the invitation, join, and land on the project as a member.
    await n.waitForURL(`${baseUrl}/projects/${created.id}`);
    await n.getByRole('heading', { name: project, level: 1 }).waitFor();
    await saveScreenshot(n, 'invitations-newcomer-on-project');
    const access = await n.evaluate(async (id) => (await fetch(`/api/projects/${id}`)).json(), created.id);
    expect(access.access).toBe('member');

    // The owner's list now shows them by name, no longer as invited.
    await o.reload();
    await designers.getByText('Kim Ito').waitFor();
    expect(await designers.getByText(inviteeEmail).count()).toBe(1);
    expect(await designers.getByText(/^Invited/).count()).toBe(0);
  });

  it('sign up → the banner asks to verify (Resend) → the link from the mail sink verifies the address → the invitation shows on the dashboard and is accepted', async () => {
    const baseUrl = platform.baseUrl;
    const project = `Juniper Court ${unique()}`;
    const email = `rae.${unique()}@example.com`;
    owner = await openBrowser({ viewport: { width: 1366, height: 900 } });
    newcomer = await openBrowser({ viewport: { width: 390, height: 844 } });
    const o = owner.page;
    await signUp(o, baseUrl, { firstName: 'Ann', lastName: 'Lee', email: `ann.${unique()}@example.com` });
    const created = await call<{ id: string }>(o, 'POST', '/api/projects', { name: project, clientName: 'Jordan Ellis', location: '12 Harbour St, Toronto' });

    // Signing up signs the newcomer in at once; a bar above the page asks them to verify the address, on a phone too.
    const n = newcomer.page;
    await signUp(n, baseUrl, { firstName: 'Rae', lastName: 'Sol', email });
    const banner = n.getByRole('region', { name: 'Verify your e-mail address' });
    await banner.getByText(email).waitFor();
    await expectWithinViewportWidth(n, banner);
    await expectNoHorizontalScroll(n);

    // Invited now, but an unverified address is shown no invitation (anyone could have registered it).
    await call(o, 'POST', `/api/projects/${created.id}/members`, { email, role: 'member' });
    expect(await call(n, 'GET', '/api/invitations')).toEqual([]);

    // Resend: the button shows progress, then what was done.
    await banner.getByRole('button', { name: 'Resend' }).click();
    await banner.getByRole('status').getByText(`We have e-mailed a new link to ${email}.`, { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(n);
    await saveScreenshot(n, 'verify-email-banner-resent');

    // The newest link from the mail sink verifies the address.
    const links = await verificationLinksTo(platform.mailUrl, email, 2);
    const link = new URL(links[links.length - 1]!);
    expect(link.port).toBe(new URL(baseUrl).port);
    await n.goto(`${baseUrl}${link.pathname}${link.search}`);
    await n.getByRole('heading', { name: 'Address verified' }).waitFor();
    await saveScreenshot(n, 'verify-email-verified');
    await Promise.all([n.waitForURL(`${baseUrl}/`), n.getByRole('link', { name: 'Go to Midway' }).click()]);

    // Back on the dashboard: no bar, and the invitation to accept.
    await n.getByRole('button', { name: `Accept the invitation to ${project}` }).click();
    await n.waitForURL(`${baseUrl}/projects/${created.id}`);
    await n.getByRole('heading', { name: project, level: 1 }).waitFor();
    expect(await n.getByRole('region', { name: 'Verify your e-mail address' }).count()).toBe(0);
    expect((await call<{ access: string }>(n, 'GET', `/api/projects/${created.id}`)).access).toBe('member');
  });
});
