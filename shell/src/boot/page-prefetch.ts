import { CURRENT_USER_API_PATH, PREFETCH_GLOBAL, SESSION_META_NAME, pageLoadPlan, type PageLoadPlan, type PrefetchStore, type SessionHint } from '@midway/contracts/page-data';

/** The gateway's verdict on this page load's session (a meta tag in the HTML); null when the page has none (tests, old builds). */
export function sessionHint(doc: Document = document): SessionHint | null {
  const value = doc.querySelector(`meta[name="${SESSION_META_NAME}"]`)?.getAttribute('content');
  return value === 'signed-in' || value === 'signed-out' ? value : null;
}

/** What this page needs first, for a visitor the gateway saw signed in; null otherwise. */
export function currentPagePlan(): PageLoadPlan | null {
  return sessionHint() === 'signed-in' ? pageLoadPlan(window.location.pathname, window.location.search, true) : null;
}

/**
 * Runs first in main.js, before the async boundary: for a signed-in visitor, starts the current-user read and the
 * page's first reads at once, so they travel while the shell, React and the remote load; @midway/ui's API client
 * takes the answers (takePrefetched). A signed-out visitor's page starts nothing (no 401 to log).
 */
export function startPagePrefetch(): void {
  if (sessionHint() !== 'signed-in') return;
  const plan = pageLoadPlan(window.location.pathname, window.location.search, true);
  const store: PrefetchStore = {};
  for (const url of [CURRENT_USER_API_PATH, ...(plan?.queries ?? [])]) {
    const response = fetch(url, { credentials: 'include' });
    // Whoever takes it handles a failure; one never taken must not surface as an unhandled rejection.
    response.catch(() => undefined);
    store[url] = { startedAt: Date.now(), response };
  }
  (window as unknown as Record<string, PrefetchStore>)[PREFETCH_GLOBAL] = store;
}
