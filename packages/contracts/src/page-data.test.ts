import { pageLoadPlan } from './page-data';

describe('pageLoadPlan', () => {
  it("signed out, only '/' has a page: the landing remote, with no reads", () => {
    expect(pageLoadPlan('/', '', false)).toEqual({ remoteDir: 'mf-landing', module: 'mf_landing/Landing', queries: [] });
    for (const p of ['/projects', '/items', '/projects/abc', '/billing']) expect(pageLoadPlan(p, '', false)).toBeNull();
  });

  it("signed in, '/' is the dashboard of mf-projects with its projects, stats and recent activity", () => {
    expect(pageLoadPlan('/', '', true)).toEqual({
      remoteDir: 'mf-projects',
      module: 'mf_projects/Routes',
      page: 'dashboard',
      queries: ['/api/dashboard/projects?limit=10&offset=0', '/api/dashboard/projects?limit=100&offset=0', '/api/dashboard/stats', '/api/activities?limit=10'],
    });
  });

  it('reads the project of /projects/:id, and nothing for an id that is not a plain path segment', () => {
    const id = '5f0c6a7e-8d1b-4c2a-9e3f-1a2b3c4d5e6f';
    expect(pageLoadPlan(`/projects/${id}`, '', true)?.queries).toEqual([`/api/projects/${id}`]);
    expect(pageLoadPlan(`/projects/${id}/`, '', true)?.queries).toEqual([`/api/projects/${id}`]);
    expect(pageLoadPlan('/projects/a%2Fb', '', true)).toEqual({ remoteDir: 'mf-projects', module: 'mf_projects/Routes', page: 'project-detail', queries: [] });
  });

  it("reads the items page's first page, summary and projects, unless the URL carries a search", () => {
    expect(pageLoadPlan('/items', '', true)).toEqual({ remoteDir: 'mf-items', module: 'mf_items/Routes', page: 'items', queries: ['/api/items?limit=200', '/api/items/summary', '/api/projects', '/api/carriers'] });
    expect(pageLoadPlan('/items', '?q=chair', true)).toEqual({ remoteDir: 'mf-items', module: 'mf_items/Routes', page: 'items', queries: [] });
  });

  it('maps the other routes to their remote and an unknown page to nothing', () => {
    expect(pageLoadPlan('/services', '', true)?.remoteDir).toBe('mf-items');
    expect(pageLoadPlan('/billing', '', true)).toEqual({ remoteDir: 'mf-billing', module: 'mf_billing/Routes', page: 'billing', queries: ['/api/invoices?limit=50', '/api/invoices/summary'] });
    expect(pageLoadPlan('/auto-billing', '', true)).toMatchObject({ module: 'mf_billing/Routes', page: 'auto-billing' });
    expect(pageLoadPlan('/receiving', '', true)).toEqual({ remoteDir: 'mf-warehouse', module: 'mf_warehouse/Routes', page: 'receiving', queries: [] });
    expect(pageLoadPlan('/deliveries', '', true)).toEqual({ remoteDir: 'mf-warehouse', module: 'mf_warehouse/Routes', page: 'deliveries', queries: [] });
    expect(pageLoadPlan('/storage', '?tab=count', true)).toEqual({ remoteDir: 'mf-warehouse', module: 'mf_warehouse/Routes', page: 'storage', queries: [] });
    expect(pageLoadPlan('/projects', '', true)?.queries).toEqual(['/api/projects']);
    expect(pageLoadPlan('/nope', '', true)).toBeNull();
    expect(pageLoadPlan('/projects/a/b', '', true)).toBeNull();
  });
});
