import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import { constantHeaders, type NodeMiddleware } from '@midway/service-kit';
import { AFTER_PAINT_SCRIPT_HASH } from './after-paint-preloads';
import { sendJson, type CallerFacts } from './plain-http';

/** One HSTS policy for the whole origin, sent only over https (plain-http development never gets pinned). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** CSP: the app's own origin, plus exactly what Stripe.js and Elements need; HSTS when reached over https. */
export function securityHeaders(imgOrigins: string[], caller: CallerFacts): NodeMiddleware[] {
  const hsts: NodeMiddleware = (req, res, next) => {
    if (caller.secure(req)) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
  return [hsts, constantHeaders(helmet({
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
  }))];
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
 * Bodies with a declared length stream to the services untouched, checked on that length. A chunked body
 * (no Content-Length) can only be measured by reading it, and a read stream cannot be piped again: it is
 * read once, up to the limit, kept for the proxy, and forwarded with its length.
 */
export function bodyLimit(limitFor: (req: IncomingMessage) => number): NodeMiddleware {
  return (req, res, next) => {
    const limit = limitFor(req);
    const declared = req.headers['content-length'];
    const tooLarge = () => {
      sendJson(res, 413, { error: 'payload_too_large', message: `Request body is too large (limit ${limit} bytes).` }, { Connection: 'close' });
    };
    if (declared !== undefined) {
      if (Number(declared) > limit) return void tooLarge();
      return next();
    }
    if (!req.headers['transfer-encoding']) return next();
    const chunks: Buffer[] = [];
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen <= limit) return void chunks.push(chunk);
      if (!res.headersSent) {
        chunks.length = 0;
        tooLarge();
      }
      // Drain what the client already sent so the 413 reaches it, but not forever.
      if (seen > 4 * limit + 1024 * 1024) req.destroy();
    });
    req.on('end', () => {
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
