/** @jest-environment node */
import type { CurrentUser } from '@midway/contracts';
import { renderSignedInFrame } from './prerender';

const designer: CurrentUser = { id: 'u1', email: 'frida@example.com', firstName: 'Frida', lastName: 'Framed', systemRole: 'designer', emailVerified: true };
const admin: CurrentUser = { ...designer, systemRole: 'midway_admin' };
const heading = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];

describe('the signed-in frame the gateway puts into a page', () => {
  it("shows the layout for this user around the page's heading, busy until the page replaces it", () => {
    const frame = renderSignedInFrame({ path: '/items', user: designer })!;
    expect(heading(frame.html)).toBe('Items');
    expect(frame.html).toContain('Track and manage all items across your projects');
    expect(frame.html).toContain('Frida Framed');
    expect(frame.html).toContain('aria-busy="true"');
    // Its buttons are inert until the shell's own replace them (a click then waits instead of being lost).
    expect(frame.html).toMatch(/^<fieldset disabled="" style="display:contents">/);
    // The current page's link is marked, as the router will mark it.
    expect(frame.html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/items"|<a[^>]*href="\/items"[^>]*aria-current="page"/);
    // Designers get no Auto Billing or Receiving link, admins both; the CSS is plain text for a <style> of the gateway's.
    expect(frame.html).not.toContain('Auto Billing');
    expect(frame.html).not.toContain('href="/receiving"');
    expect(frame.html).not.toContain('href="/deliveries"');
    const adminFrame = renderSignedInFrame({ path: '/items', user: admin })!.html;
    expect(adminFrame).toMatch(/<a[^>]*href="\/receiving"[^>]*>.*?Receiving<\/a>/);
    expect(adminFrame).toMatch(/<a[^>]*href="\/deliveries"[^>]*>.*?Deliveries<\/a>/);
    expect(adminFrame).toContain('Auto Billing');
    expect(frame.css).not.toContain('<style');
    expect(frame.css).toMatch(/\.[\w-]+\{/);
  });

  it('frames the dashboard with its own skeleton and a project with its name, escaped', () => {
    expect(heading(renderSignedInFrame({ path: '/', user: designer })!.html)).toBe('Dashboard');
    const project = renderSignedInFrame({ path: '/projects/p1', user: designer, project: { name: 'Loft <b>&', location: 'Vancouver', clientName: 'Ines', installDate: null } })!;
    expect(heading(project.html)).toBe('Loft &lt;b&gt;&amp;');
    expect(project.html).toContain('Client: <!-- -->Ines');
  });

  it('has no frame where the first screen needs more than the gateway knows', () => {
    expect(renderSignedInFrame({ path: '/projects/p1', user: designer, project: null })).toBeNull();
    expect(renderSignedInFrame({ path: '/auto-billing', user: designer })).toBeNull();
    expect(heading(renderSignedInFrame({ path: '/auto-billing', user: admin })!.html)).toBe('Automatic Billing');
    expect(renderSignedInFrame({ path: '/receiving', user: designer })).toBeNull();
    expect(heading(renderSignedInFrame({ path: '/receiving', user: admin })!.html)).toBe('Receiving');
    expect(renderSignedInFrame({ path: '/deliveries', user: designer })).toBeNull();
    expect(heading(renderSignedInFrame({ path: '/deliveries', user: admin })!.html)).toBe('Deliveries');
    expect(renderSignedInFrame({ path: '/no-such-page', user: designer })).toBeNull();
  });
});
