/**
 * What a page of the signed-in app needs first, known before any of its code runs: the remote module that renders
 * it and the API reads of its first screen. The gateway preloads the remote's entry from the page's HTML; the
 * shell's first script starts the reads (and the current user) while the code still loads, and the shared API
 * client in @midway/ui takes their answers instead of asking again. No zod: the browser imports this file
 * (`@midway/contracts/page-data`).
 */

/** `<meta name="midway-session" content="signed-in|signed-out">`: the gateway's verdict on the page request's session cookie. */
export const SESSION_META_NAME = 'midway-session';
export type SessionHint = 'signed-in' | 'signed-out';

/** GET /api/auth/user (also the current-user query's key in @midway/ui). */
export const CURRENT_USER_API_PATH = '/api/auth/user';

/** The window property holding the started reads, by URL; each is taken once. */
export const PREFETCH_GLOBAL = '__midwayPrefetch';
/** A read started longer ago than this is not handed out (it may be stale by then): the client asks again. */
export const PREFETCH_MAX_AGE_MS = 10_000;
export interface PrefetchEntry {
  /** Date.now() when the read started. */
  startedAt: number;
  response: Promise<Response>;
}
export type PrefetchStore = Record<string, PrefetchEntry>;

export interface PageLoadPlan {
  /** Folder (and /remotes/<dir>/ segment) of the remote rendering the page. */
  remoteDir: 'mf-landing' | 'mf-projects' | 'mf-items' | 'mf-billing' | 'mf-warehouse';
  /** The federation module the shell mounts for the page. */
  module: 'mf_landing/Landing' | 'mf_projects/Routes' | 'mf_items/Routes' | 'mf_billing/Routes' | 'mf_warehouse/Routes';
  /** The page the Routes module renders (its `page` prop), whose code the shell asks it to preload. */
  page?: string;
  /**
   * Same-origin GETs the page's first screen makes, exactly as its remote's API client writes them (a URL that
   * drifts from the remote's is simply not taken: the remote asks again; e2e/page-load.e2e.test.ts catches it).
   */
  queries: string[];
}

/** Items page size of mf-items (ITEMS_PAGE_SIZE) and the dashboard's recent-activity length (mf-projects). */
const ITEMS_FIRST_PAGE = 200;
/** Invoices page size of mf-billing (INVOICES_PAGE_SIZE). */
const INVOICES_FIRST_PAGE = 50;
const RECENT_ACTIVITY_LIMIT = 10;
/** Projects the dashboard shows a page at a time (an admin reaches every project on the platform). */
export const DASHBOARD_PROJECTS_PAGE = 10;
/** The dashboard's first page of projects, as mf-projects asks for it. */
export const DASHBOARD_PROJECTS_FIRST_PAGE = `/api/dashboard/projects?limit=${DASHBOARD_PROJECTS_PAGE}&offset=0`;
/**
 * The projects Quick Add offers: the 100 newest the caller reaches (all of a designer's, usually). The dashboard
 * reads no whole list: an admin's took seconds at 10,000 projects.
 */
export const QUICK_ADD_PROJECTS = 100;
export const QUICK_ADD_PROJECTS_READ = `/api/dashboard/projects?limit=${QUICK_ADD_PROJECTS}&offset=0`;

/**
 * The plan for a page path (`location.pathname`, `location.search`); null for a page with no remote (404) or one
 * whose first reads depend on state the URL does not carry. Signed out, only `/` renders a page (the landing).
 */
export function pageLoadPlan(pathname: string, search: string, signedIn: boolean): PageLoadPlan | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!signedIn) return path === '/' ? { remoteDir: 'mf-landing', module: 'mf_landing/Landing', queries: [] } : null;
  const plain = search === '' || search === '?';
  if (path === '/') {
    return { remoteDir: 'mf-projects', module: 'mf_projects/Routes', page: 'dashboard', queries: [DASHBOARD_PROJECTS_FIRST_PAGE, QUICK_ADD_PROJECTS_READ, '/api/dashboard/stats', `/api/activities?limit=${RECENT_ACTIVITY_LIMIT}`] };
  }
  if (path === '/projects') return { remoteDir: 'mf-projects', module: 'mf_projects/Routes', page: 'projects', queries: ['/api/projects'] };
  const project = /^\/projects\/([^/]+)$/.exec(path);
  if (project) {
    // The remote writes encodeURIComponent(useParams().id); the path segment is the same for any plain id.
    const id = project[1]!;
    return { remoteDir: 'mf-projects', module: 'mf_projects/Routes', page: 'project-detail', queries: /^[A-Za-z0-9-]+$/.test(id) ? [`/api/projects/${id}`] : [] };
  }
  if (path === '/items') {
    return { remoteDir: 'mf-items', module: 'mf_items/Routes', page: 'items', queries: plain ? [`/api/items?limit=${ITEMS_FIRST_PAGE}`, '/api/items/summary', '/api/projects', '/api/carriers'] : [] };
  }
  if (path === '/services') return { remoteDir: 'mf-items', module: 'mf_items/Routes', page: 'services', queries: [] };
  // Billing's first screen is the invoice list's first page and its cards (mf-billing's billingApi.listInvoices and
  // invoicesSummary); with a query (?create=, ?paid=) the same reads. Automatic Billing's rates are an admin's read,
  // not started for everyone.
  if (path === '/billing') return { remoteDir: 'mf-billing', module: 'mf_billing/Routes', page: 'billing', queries: [`/api/invoices?limit=${INVOICES_FIRST_PAGE}`, '/api/invoices/summary'] };
  if (path === '/auto-billing') return { remoteDir: 'mf-billing', module: 'mf_billing/Routes', page: 'auto-billing', queries: [] };
  // The receiving desk's first screen is the scan box; its queue and unmatched lists are an admin's reads, not started for everyone.
  if (path === '/receiving') return { remoteDir: 'mf-warehouse', module: 'mf_warehouse/Routes', page: 'receiving', queries: [] };
  // The staff's day of deliveries: an admin's reads, not started for everyone.
  if (path === '/deliveries') return { remoteDir: 'mf-warehouse', module: 'mf_warehouse/Routes', page: 'deliveries', queries: [] };
  // The warehouse floor (put away, find, locations, counts): an admin's reads, not started for everyone.
  if (path === '/storage') return { remoteDir: 'mf-warehouse', module: 'mf_warehouse/Routes', page: 'storage', queries: [] };
  return null;
}
