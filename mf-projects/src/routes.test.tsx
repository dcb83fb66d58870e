import { screen } from '@testing-library/react';
import { DASHBOARD_PROJECTS_FIRST_PAGE, PREFETCH_GLOBAL, QUICK_ADD_PROJECTS_READ, type PrefetchStore } from '@midway/contracts/page-data';
import { jsonResponse, mockFetch, prefetchAnswers, renderWithProviders } from '@midway/ui/testing';
import { aProject, aProjectDetail, anItem } from './test-fixtures';
import DashboardPage from './dashboard/dashboard.page';
import ProjectDetailPage from './project-detail/project-detail.page';
import ProjectsRoutes, { preloadPage } from './routes';

const requested = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([url]) => String(url));
const ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';

describe('mf_projects/Routes preloadPage', () => {
  let clear = () => undefined as unknown;
  afterEach(() => {
    clear();
    window.history.pushState({}, '', '/');
  });

  it("loads each page the shell may ask for: once preloaded, the page renders in the shell's first commit (no fallback)", async () => {
    mockFetch({});
    for (const [page, heading] of [['dashboard', 'Dashboard'], ['projects', 'Projects']] as const) {
      await preloadPage(page);
      const { unmount } = renderWithProviders(<ProjectsRoutes page={page} />);
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
      unmount();
    }
  });

  it('resolves only once the first reads it started have arrived, so a prerendered frame is replaced by the page with its data', async () => {
    window.history.pushState({}, '', `/projects/${ID}`);
    let answer!: (r: Response) => void;
    clear = prefetchAnswers({});
    (globalThis as unknown as Record<string, PrefetchStore>)[PREFETCH_GLOBAL] = { [`/api/projects/${ID}`]: { startedAt: Date.now(), response: new Promise<Response>((r) => (answer = r)) } };
    mockFetch({});
    let resolved = false;
    const preloading = preloadPage('project-detail').then(() => (resolved = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(resolved).toBe(false);
    answer(jsonResponse(aProjectDetail({ id: ID, name: 'Harbour Tower Lobby' })));
    await preloading;
    expect(resolved).toBe(true);
  });

  it("'dashboard' parses the shell's prefetched first reads: the first render has the numbers, projects and activity (no skeleton, no second read)", async () => {
    clear = prefetchAnswers({
      [DASHBOARD_PROJECTS_FIRST_PAGE]: { projects: [aProject({ name: 'Kitsilano Loft' })], total: 1, limit: 10, offset: 0 },
      [QUICK_ADD_PROJECTS_READ]: { projects: [aProject({ name: 'Kitsilano Loft' })], total: 1, limit: 100, offset: 0 },
      '/api/dashboard/stats': { activeProjects: 3, itemsInTransit: 7, receivedThisMonth: 2, itemsWithoutTracking: 1 },
      '/api/activities?limit=10': [],
    });
    const fetchMock = mockFetch({});
    await preloadPage('dashboard');
    await new Promise((r) => setTimeout(r, 0)); // the prefetched answers resolve at once here
    renderWithProviders(<DashboardPage />);
    // Synchronously, in the first render: no waiting for a query.
    expect(screen.getAllByText('Kitsilano Loft').length).toBeGreaterThan(0);
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.queryByTestId('activity-skeleton')).toBeNull();
    expect(requested(fetchMock).filter((u) => u.startsWith('/api/projects') || u.startsWith('/api/dashboard') || u.startsWith('/api/activities'))).toEqual([]);
  });

  it("'project-detail' takes the prefetched project of the URL's id only", async () => {
    window.history.pushState({}, '', `/projects/${ID}`);
    clear = prefetchAnswers({ [`/api/projects/${ID}`]: aProjectDetail({ id: ID, name: 'Harbour Tower Lobby', items: [anItem({ name: 'Oak table' })] }) });
    const fetchMock = mockFetch({});
    await preloadPage('project-detail');
    await new Promise((r) => setTimeout(r, 0));
    renderWithProviders(<ProjectDetailPage />, { path: `/projects/${ID}`, pattern: '/projects/:id' });
    expect(screen.getByRole('heading', { level: 1, name: 'Harbour Tower Lobby' })).toBeTruthy();
    expect(screen.getByText('Oak table')).toBeTruthy();
    expect(requested(fetchMock).filter((u) => u === `/api/projects/${ID}`)).toEqual([]);
  });

  it('starts no read of its own when the shell prefetched nothing', async () => {
    window.history.pushState({}, '', `/projects/${ID}`);
    const fetchMock = mockFetch({});
    await preloadPage('project-detail');
    await preloadPage('dashboard');
    expect(requested(fetchMock)).toEqual([]);
  });
});
