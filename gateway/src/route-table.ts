import type { IncomingMessage } from 'node:http';
import { pathOf } from '@midway/service-kit';
import { PHOTO_MAX_BYTES, PURCHASE_ORDER_MAX_BYTES } from '@midway/contracts';

/**
 * The one routing table: path prefix → owning service. Public routes skip the session check; everything
 * else under /api needs a signed-in caller. Body limits are raised only where a route needs it.
 */
export type ServiceName = 'identity' | 'catalog' | 'logistics' | 'billing';

export interface Route {
  prefix: string;
  service: ServiceName;
  public?: boolean;
  bodyLimitBytes?: number;
  /** Answered by the gateway itself from several services. */
  composed?: boolean;
  /** Match only this exact path pattern (RegExp) within the prefix. */
  pattern?: RegExp;
  /**
   * The caller's Cookie header goes to the service: all of it (`true`), or only the named cookies. Only sign-out
   * needs the session cookie (identity revokes the session it names); the provider sign-in and the second step
   * need their own short-lived cookies and get nothing else. Every other service hears of the caller through the
   * signed identity token alone, so no service sees, logs or parses the session credential.
   */
  forwardsCookies?: true | string[];
}

export const ROUTES: Route[] = [
  // Continue with Google / Microsoft / another OpenID Connect issuer: the button's start and the provider's redirect
  // back (the state cookie and the provider's code are the credential).
  { prefix: '/api/login/oidc', service: 'identity', public: true, forwardsCookies: ['midway_oidc_state'] },
  // The sign-in's second step (an admin's authenticator code): the pending step's cookie is the credential.
  { prefix: '/api/login/second-factor', service: 'identity', public: true, forwardsCookies: ['midway_second_step'] },
  { prefix: '/api/login', service: 'identity', public: true },
  { prefix: '/api/register', service: 'identity', public: true },
  { prefix: '/api/logout', service: 'identity', public: true, forwardsCookies: true },
  { prefix: '/api/contact', service: 'identity', public: true },
  // Forgot password: the request, the e-mailed link's page and its confirmation (the link's token is the credential).
  { prefix: '/api/password-reset', service: 'identity', public: true },
  // An e-mailed address-verification link's page (the link's token is the credential); Resend below it needs a session.
  { prefix: '/api/auth/verify-email', service: 'identity', public: true, pattern: /^\/api\/auth\/verify-email$/ },
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/user', service: 'identity' },
  { prefix: '/api/shared/projects', service: 'catalog', public: true },
  // A project's deliveries are logistics' (before catalog's /api/projects).
  { prefix: '/api/projects', service: 'logistics', pattern: /^\/api\/projects\/[^/]+\/deliveries$/ },
  { prefix: '/api/projects', service: 'logistics', pattern: /^\/api\/projects\/[^/]+\/purchase-orders$/, bodyLimitBytes: PURCHASE_ORDER_MAX_BYTES },
  // A project's invoices are billing's (before catalog's /api/projects).
  { prefix: '/api/projects', service: 'billing', pattern: /^\/api\/projects\/[^/]+\/invoices$/ },
  { prefix: '/api/projects', service: 'catalog', pattern: /^\/api\/projects\/[^/]+\/items\/bulk$/, bodyLimitBytes: 10 * 1024 * 1024 },
  { prefix: '/api/projects', service: 'catalog' },
  { prefix: '/api/items', service: 'catalog' },
  // An e-mailed invitation link's page reads what the link is for before the invitee signs in (the token is the credential).
  { prefix: '/api/invitations/link', service: 'catalog', public: true },
  { prefix: '/api/invitations', service: 'catalog' },
  { prefix: '/api/dashboard', service: 'catalog' },
  { prefix: '/api/activities', service: 'catalog' },
  // Composed by the gateway from several services (search.routes.ts), never proxied.
  { prefix: '/api/search', service: 'catalog', composed: true },
  { prefix: '/api/services', service: 'logistics' },
  // The browser PUTs a photo (at most 10 MB) to the signed URL POST /api/objects/upload gave.
  { prefix: '/api/objects', service: 'logistics', pattern: /^\/api\/objects\/uploads\/[^/]+$/, bodyLimitBytes: PHOTO_MAX_BYTES },
  { prefix: '/api/objects', service: 'logistics' },
  { prefix: '/api/item-photos', service: 'logistics' },
  { prefix: '/api/photos', service: 'logistics' },
  // The client page's photos: the share token in the path is the credential, as for /api/shared/projects.
  { prefix: '/api/shared/photos', service: 'logistics', public: true },
  { prefix: '/api/carriers', service: 'logistics' },
  // The warehouse's receiving desk (logistics answers anyone but an admin 403).
  { prefix: '/api/receiving', service: 'logistics' },
  // A damage report's e-mailed photo links: the signed, 7-day link is the credential, as a share token is.
  { prefix: '/api/damage-photos', service: 'logistics', public: true },
  // Deliveries: designers book and follow them; the runs and proofs are staff's (logistics answers a designer 403).
  { prefix: '/api/deliveries', service: 'logistics' },
  { prefix: '/api/purchase-orders', service: 'logistics' },
  { prefix: '/api/delivery-runs', service: 'logistics' },
  // Custody: locations, labels, moves, find, release, counts (logistics answers a designer 403, except an item's
  // custody and timeline, which designers who read its project may see).
  { prefix: '/api/warehouse', service: 'logistics' },
  { prefix: '/api/billing/webhook', service: 'billing', public: true },
  // Offline mode's card confirmation: the payment's client secret is the credential (as with Stripe.js), so the
  // public pay page confirms without an account. Billing mounts it only without a processor key.
  { prefix: '/api/billing/test-processor/confirm', service: 'billing', public: true },
  // An invoice's e-mailed pay link: the signed token in the path is the credential, as a share token is.
  { prefix: '/api/pay', service: 'billing', public: true },
  { prefix: '/api/billing', service: 'billing' },
  { prefix: '/api/invoices', service: 'billing' },
  { prefix: '/api/create-payment-intent', service: 'billing' },
];

/** Each table's prefixes with their trailing slash, made once: matching runs for every request. */
const withSlash = new WeakMap<Route[], string[]>();

export function matchRoute(path: string, routes: Route[] = ROUTES): Route | undefined {
  let slashed = withSlash.get(routes);
  if (!slashed) withSlash.set(routes, (slashed = routes.map((r) => `${r.prefix}/`)));
  for (let i = 0; i < routes.length; i++) {
    const r = routes[i]!;
    if ((path === r.prefix || path.startsWith(slashed[i]!)) && (!r.pattern || r.pattern.test(path))) return r;
  }
  return undefined;
}

const matched = new WeakMap<IncomingMessage, Route | null>();

/**
 * The request's route, matched once per request for the body limit, the session gate and the proxy alike,
 * on its full path (an absolute-form request line included), wherever the asking middleware is mounted.
 */
export function routeOf(req: IncomingMessage): Route | undefined {
  let route = matched.get(req);
  if (route === undefined) matched.set(req, (route = matchRoute(pathOf(req)) ?? null));
  return route ?? undefined;
}

/** Whether the request is for a proxied route (the gateway's own routes, composed ones included, are not). */
export function isProxied(req: IncomingMessage): boolean {
  const route = routeOf(req);
  return !!route && !route.composed;
}
