import type { NodeMiddleware } from './request-log.middleware';

/** The replaying middleware, and the (lower-case) names of the headers it sets or removes. */
export type ConstantHeaders = NodeMiddleware & { readonly names: readonly string[] };

/**
 * A header-setting middleware whose headers never depend on the request (helmet with a fixed policy), run
 * once at start-up and replayed per request as one loop of setHeader/removeHeader instead of helmet's chain
 * of a dozen small middlewares per request.
 */
export function constantHeaders(middleware: (req: never, res: never, next: (err?: unknown) => void) => void): ConstantHeaders {
  const set: [string, string | string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | string[]) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let called = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as never, recorder as never, () => (called = true));
  if (!called) throw new Error('constantHeaders: the middleware did not finish synchronously');
  const replay: NodeMiddleware = (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
  return Object.assign(replay, { names: [...new Set([...removed, ...set.map(([name]) => name)].map((name) => name.toLowerCase()))] });
}
