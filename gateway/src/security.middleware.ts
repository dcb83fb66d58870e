import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { constantHeaders, type NodeMiddleware } from '@midway/service-kit';
import { AFTER_PAINT_SCRIPT_HASH } from './after-paint-preloads';
import { sendJson, type CallerFacts } from './plain-http';

/** One HSTS policy for the whole origin, sent only over https (plain-http development never gets pinned). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** The edge's security headers: which set an answer gets, and which of a service's own headers they replace. */
export interface EdgeHeaders {
  /** HSTS over https; then the API set on a proxied route, the document set on the gateway's own routes. */
  middleware: NodeMiddleware[];
  /** A proxied answer that is not JSON (an identity page, a photo, a PDF) gets the document set instead. */
  useDocumentSet(res: ServerResponse): void;
  /** The headers the edge owns (lower case): a service's own copies of them are not passed on. */
  owned: ReadonlySet<string>;
}

/**
 * Pages and assets: CSP for the app's own origin plus exactly what Stripe.js and Elements need, and helmet's
 * other document headers. JSON answers: OWASP's set for a REST API, since a JSON answer is never rendered:
 * it may load nothing, be framed nowhere and be read by its own origin only. That set is a fraction of the
 * document set's size, on every API answer the browser and the gateway handle.
 */
export function securityHeaders(imgOrigins: string[], caller: CallerFacts, proxied: (req: IncomingMessage) => boolean): EdgeHeaders {
  const hsts: NodeMiddleware = (req, res, next) => {
    if (caller.secure(req)) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
  const documentSet = constantHeaders(helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script is the gateway's after-paint preloader, allowed by its hash.
        scriptSrc: ["'self'", AFTER_PAINT_SCRIPT_HASH, 'https://js.stripe.com'],
        // styled-components injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imgOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Browsers send `Origin: null` on form posts under no-referrer; this keeps the real origin same-site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  }));
  const apiSet = constantHeaders(helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  }));
  const bySet: NodeMiddleware = (req, res, next) => (proxied(req) ? apiSet : documentSet)(req, res, next);
  // The document set replaces every header of the API's it names; only the others need removing (none today).
  const apiOnly = apiSet.names.filter((name) => !documentSet.names.includes(name));
  const done = () => undefined;
  return {
    middleware: [hsts, bySet],
    useDocumentSet: (res) => {
      for (const name of apiOnly) res.removeHeader(name);
      documentSet(res.req, res, done);
    },
    owned: new Set([...documentSet.names, ...apiSet.names, 'strict-transport-security']),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for state-changing requests: a foreign Origin is refused; without an
 * Origin, a browser's `Sec-Fetch-Site: cross-site` is refused. Non-browser clients send neither and pass.
 */
export function originCheck(allowed: string[], caller: CallerFacts): NodeMiddleware {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method!)) return next();
    const origin = req.headers.origin;
    if (origin && origin !== 'null') {
      const own = caller.origin(req);
      if (origin === own || allowed.includes(origin)) return next();
      return sendJson(res, 403, { error: 'forbidden_origin', message: `Requests from ${origin} are not allowed.` });
    }
    if (origin === 'null' || req.headers['sec-fetch-site'] === 'cross-site') {
      return sendJson(res, 403, { error: 'forbidden_origin', message: 'Cross-site requests are not allowed.' });
    }
    next();
  };
}

const buffered = new WeakMap<IncomingMessage, Buffer>();

/** A chunked body the limit check read whole; the proxy writes it upstream (the stream is spent). */
export const bufferedBodyOf = (req: IncomingMessage): Buffer | undefined => buffered.get(req);

/**
 * How much of a refused body is read and dropped so that its caller gets the 413 (the larger of 4× the limit
 * and 16 MB), and for how long: past either, the connection is cut.
 */
const discardBytes = (limit: number) => Math.max(4 * limit, 16 * 1024 * 1024);
const DISCARD_MS = 120_000;

/**
 * Reads the rest of a refused request's body, drops it, and then answers. A caller such as fetch or a browser
 * sends its whole body before it reads the answer; closing the connection with part of that body unread makes
 * the kernel reset it, and the caller gets EPIPE or ECONNRESET instead of the 413. So the answer waits for the
 * body's end (a connection that asked to close is then closed cleanly; any other stays open for the next request).
 */
function discardThen(req: IncomingMessage, maxBytes: number, answer: () => void): void {
  let seen = 0;
  const cut = setTimeout(() => req.socket.destroy(), DISCARD_MS).unref();
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) req.socket.destroy();
  });
  req.once('end', () => {
    clearTimeout(cut);
    answer();
  });
  req.once('close', () => clearTimeout(cut));
  req.resume();
}

/**
 * Bodies with a declared length stream to the services untouched, checked on that length. A chunked body
 * (no Content-Length) can only be measured by reading it, and a read stream cannot be piped again: it is
 * read once, up to the limit, kept for the proxy, and forwarded with its length. A body over the limit is
 * read to its end and dropped, then answered 413 (see discardThen).
 */
export function bodyLimit(limitFor: (req: IncomingMessage) => number): NodeMiddleware {
  return (req, res, next) => {
    const limit = limitFor(req);
    const declared = req.headers['content-length'];
    const tooLarge = (headers?: Record<string, string>) =>
      sendJson(res, 413, { error: 'payload_too_large', message: `Request body is too large (limit ${limit} bytes). Send a smaller file or fewer rows.` }, headers);
    if (declared !== undefined) {
      if (Number(declared) <= limit) return next();
      // A body too large even to drop is refused on its length alone, and the connection closed after the answer.
      if (Number(declared) > discardBytes(limit)) return void tooLarge({ Connection: 'close' });
      return discardThen(req, Number(declared), () => tooLarge());
    }
    if (!req.headers['transfer-encoding']) return next();
    const chunks: Buffer[] = [];
    let seen = 0;
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen <= limit) return void chunks.push(chunk);
      chunks.length = 0;
      req.off('data', onData);
      discardThen(req, discardBytes(limit) - seen, () => tooLarge());
    };
    req.on('data', onData);
    req.once('end', () => {
      if (seen > limit) return;
      const body = Buffer.concat(chunks, seen);
      buffered.set(req, body);
      delete req.headers['transfer-encoding'];
      req.headers['content-length'] = String(body.length);
      next();
    });
    req.on('error', () => undefined);
  };
}
