import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * What express's `req.ip`, `req.protocol`, `req.secure` and `req.host` say under `trust proxy` = N hops,
 * on node's own request: the proxied calls never enter express (see gateway.app.ts), and the gateway's
 * middlewares read the same facts on both paths.
 */
export interface CallerFacts {
  ip(req: IncomingMessage): string;
  protocol(req: IncomingMessage): string;
  secure(req: IncomingMessage): boolean;
  host(req: IncomingMessage): string | undefined;
  /** The origin the caller reached: this scheme and the Host header, as the CSRF checks compare it. */
  origin(req: IncomingMessage): string;
}

export function callerFacts(trustedHops: number): CallerFacts {
  const trust = (_addr: string, hop: number) => hop < trustedHops;
  const trustsHop = (req: IncomingMessage) => trust(req.socket.remoteAddress ?? '', 0);
  const firstOf = (value: string | string[] | undefined) => {
    const text = Array.isArray(value) ? value[0] : value;
    const comma = text?.indexOf(',') ?? -1;
    return (comma === -1 ? text : text!.slice(0, comma))?.trim();
  };
  const protocol = (req: IncomingMessage) => {
    const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    return trustsHop(req) ? firstOf(req.headers['x-forwarded-proto']) || own : own;
  };
  return {
    ip: (req) => proxyaddr(req, trust),
    protocol,
    secure: (req) => protocol(req) === 'https',
    origin: (req) => `${protocol(req)}://${req.headers.host}`,
    host: (req) => (trustsHop(req) ? firstOf(req.headers['x-forwarded-host']) : undefined) || req.headers.host || undefined,
  };
}

/** JSON, including `application/problem+json` and the like; never images, PDFs, HTML or event streams. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
export const isJsonType = (type: unknown): boolean => typeof type === 'string' && JSON_TYPE.test(type);

/** express's `res.status(n).json(body)` on node's own response (no body for a HEAD). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(res.req?.method === 'HEAD' ? undefined : text);
}
