import { PREFETCH_GLOBAL, type PrefetchStore } from '@midway/contracts/page-data';
import { loadInitialUser, resetInitialUser } from '../auth/initial-user';
import { sessionHint, startPagePrefetch } from './page-prefetch';

function setSession(content: string | null) {
  document.head.querySelectorAll('meta[name="midway-session"]').forEach((m) => m.remove());
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'midway-session';
  meta.content = content;
  document.head.append(meta);
}

/** jsdom has no Response: what the API client reads of one. */
const fakeResponse = (status: number) => ({ ok: status < 300, status, statusText: '', text: async () => '', json: async () => null });
const prefetched = () => (window as unknown as Record<string, PrefetchStore | undefined>)[PREFETCH_GLOBAL];
let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn(async () => fakeResponse(200));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  delete (window as unknown as Record<string, unknown>)[PREFETCH_GLOBAL];
  resetInitialUser();
});
afterEach(() => {
  setSession(null);
  window.history.replaceState(null, '', '/');
});

describe("the shell's first script", () => {
  it('reads the session verdict the gateway wrote into the page', () => {
    expect(sessionHint()).toBeNull();
    setSession('signed-in');
    expect(sessionHint()).toBe('signed-in');
    setSession('signed-out');
    expect(sessionHint()).toBe('signed-out');
    setSession('something else');
    expect(sessionHint()).toBeNull();
  });

  it("starts a signed-in dashboard's current user, projects, stats and activity at once, with cookies", () => {
    setSession('signed-in');
    startPagePrefetch();
    const urls = fetchMock.mock.calls.map((c) => c[0]);
    expect(urls).toEqual(['/api/auth/user', '/api/dashboard/projects?limit=10&offset=0', '/api/dashboard/projects?limit=100&offset=0', '/api/dashboard/stats', '/api/activities?limit=10']);
    for (const call of fetchMock.mock.calls) expect(call[1]).toEqual({ credentials: 'include' });
    expect(Object.keys(prefetched()!)).toEqual(urls);
  });

  it("starts a project page's project and the items page's first reads", () => {
    setSession('signed-in');
    window.history.replaceState(null, '', '/projects/5f0c6a7e-8d1b-4c2a-9e3f-1a2b3c4d5e6f');
    startPagePrefetch();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/auth/user', '/api/projects/5f0c6a7e-8d1b-4c2a-9e3f-1a2b3c4d5e6f']);
    fetchMock.mockClear();
    window.history.replaceState(null, '', '/items');
    startPagePrefetch();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/auth/user', '/api/items?limit=200', '/api/items/summary', '/api/projects', '/api/carriers']);
  });

  it('starts nothing for a signed-out visitor, or a page without the verdict', () => {
    setSession('signed-out');
    startPagePrefetch();
    setSession(null);
    startPagePrefetch();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(prefetched()).toBeUndefined();
  });

  it("a signed-out visitor's current user is null without asking /api/auth/user (no 401 in the console)", async () => {
    setSession('signed-out');
    await expect(loadInitialUser()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without the verdict the current user is asked for, as before', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(401));
    await expect(loadInitialUser()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', expect.objectContaining({ credentials: 'include' }));
  });
});
