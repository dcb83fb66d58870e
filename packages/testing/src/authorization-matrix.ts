import type { Actor } from './callers';

/**
 * The kinds of caller every service's authorization matrix tries: no token, the project's owner, a member,
 * a viewer, a member who was removed, another designer, and a Midway admin.
 */
export const WHO = ['anonymous', 'owner', 'member', 'viewer', 'removed', 'outsider', 'admin'] as const;
export type Who = (typeof WHO)[number];
/** The status each kind of caller must get from one route. */
export type Expect = Record<Who, number>;
export type MatrixCall<F> = (who: Actor, f: F) => Promise<{ status: number; body: unknown }>;
export type MatrixRow<F> = [route: string, call: MatrixCall<F>, expected: Expect];

/**
 * Expected statuses by capability: anonymous 401; a removed member and another designer 404 (exactly what a
 * missing project gets, never a 403 that confirms it exists); the `allowed` get `ok`, the rest 403.
 */
export const by = (ok: number, allowed: Who[]): Expect =>
  Object.fromEntries(WHO.map((w) => [w, w === 'anonymous' ? 401 : w === 'removed' || w === 'outsider' ? 404 : allowed.includes(w) ? ok : 403])) as Expect;
export const READ: Who[] = ['owner', 'admin', 'member', 'viewer'];
export const EDIT: Who[] = ['owner', 'admin', 'member'];
export const MANAGE: Who[] = ['owner', 'admin'];
export const ANY_SIGNED_IN = (ok: number): Expect => ({ anonymous: 401, owner: ok, member: ok, viewer: ok, removed: ok, outsider: ok, admin: ok });
export const PUBLIC = (ok: number): Expect => ({ anonymous: ok, owner: ok, member: ok, viewer: ok, removed: ok, outsider: ok, admin: ok });
export const ADMIN = (ok: number): Expect => ({ anonymous: 401, owner: 403, member: 403, viewer: 403, removed: 403, outsider: 403, admin: ok });

/** An Express router as far as its routes can be listed (structural, so this package needs no express). */
interface RouterLike {
  stack: { route?: { path: string; methods: Record<string, boolean> } }[];
}

/** `METHOD path` of every route the routers serve. */
export function servedRoutes(routers: unknown[]): string[] {
  return (routers as RouterLike[]).flatMap((router) =>
    router.stack.flatMap((layer) => (layer.route ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`) : [])),
  );
}

/**
 * The table's routes and the served ones, compared by shape (parameters as `{}`). With `variants`, a row
 * may name a variant of a route in a trailing `{…}` (`POST /share {rotate}`), which the comparison drops.
 */
export function expectEveryRouteHasARow(rows: readonly MatrixRow<never>[] | readonly [string, ...unknown[]][], routers: unknown[], opts: { variants?: boolean } = {}) {
  const shape = (route: string) => (opts.variants ? route.replace(/ \{[^}]*\}$/, '') : route).replace(/\{[^}]*\}|:\w+/g, '{}');
  expect(new Set(rows.map(([route]) => shape(route)))).toEqual(new Set(servedRoutes(routers).map(shape)));
}

/**
 * One test per route and caller: the call on a fixture, the expected status; a refused call answers
 * `{ error, message }`, leaks nothing of `secret` (a name only the fixture uses) and changes nothing of
 * what `snapshot` reads. A call that may change something (an allowed write) gets a fresh fixture; the
 * row's reads and refusals share one, since what they must leave unchanged is checked around every call.
 */
export function describeAuthorizationMatrix<F extends { callers: Record<Who, Actor> }>(
  rows: MatrixRow<F>[],
  o: { fixture: () => Promise<F>; snapshot: (f: F) => Promise<unknown>; secret: string },
) {
  describe.each(rows)('%s', (route, call, expected) => {
    let shared: Promise<F> | undefined;
    const changes = (who: Who) => !route.startsWith('GET ') && expected[who] < 400;
    const fixtureFor = (who: Who) => (changes(who) ? o.fixture() : (shared ??= o.fixture()));
    it.each(WHO)('as %s', async (who) => {
      const f = await fixtureFor(who);
      const before = await o.snapshot(f);
      const res = await call(f.callers[who], f);
      expect(res.status).toBe(expected[who]);
      if (res.status >= 400) {
        expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
        // A refused call leaks nothing and changes nothing.
        expect(JSON.stringify(res.body)).not.toContain(o.secret);
        expect(await o.snapshot(f)).toEqual(before);
      }
    });
  });
}

/** Which callers (all but anonymous) `sees` says see the fixture's project: the matrix's lists. */
export async function whoSees<F extends { callers: Record<Who, Actor> }>(f: F, sees: (w: Actor, f: F) => Promise<boolean>) {
  return Object.fromEntries(await Promise.all(WHO.filter((w) => w !== 'anonymous').map(async (w) => [w, await sees(f.callers[w], f)])));
}
/** What `whoSees` must say: those who reach the project see it, a removed member and another designer do not. */
export const SEEN_BY_THOSE_WHO_REACH = { owner: true, admin: true, member: true, viewer: true, removed: false, outsider: false };
