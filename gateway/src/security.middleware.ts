import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** CSP: the app's own origin, plus exactly what Stripe.js and Elements need. */
export function securityHeaders(imgOrigins: string[]): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
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
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for state-changing requests: a foreign Origin is refused; without an
 * Origin, a browser's `Sec-Fetch-Site: cross-site` is refused. Non-browser clients send neither and pass.
 */
export function originCheck(allowed: string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    if (origin && origin !== 'null') {
      const own = `${req.protocol}://${req.headers.host}`;
      if (origin === own || allowed.includes(origin)) return next();
      return void res.status(403).json({ error: 'forbidden_origin', message: `Requests from ${origin} are not allowed.` });
    }
    if (origin === 'null' || req.headers['sec-fetch-site'] === 'cross-site') {
      return void res.status(403).json({ error: 'forbidden_origin', message: 'Cross-site requests are not allowed.' });
    }
    next();
  };
}

/**
 * Bodies are streamed to the services, so the limit is checked on the declared length; a body without
 * one is counted as it streams and cut off past the limit.
 */
export function bodyLimit(limitFor: (path: string) => number): RequestHandler {
  return (req, res, next) => {
    const limit = limitFor(req.path);
    const declared = req.headers['content-length'];
    const tooLarge = () =>
      res.status(413).json({ error: 'payload_too_large', message: `Request body is too large (limit ${limit} bytes).` });
    if (declared !== undefined) {
      if (Number(declared) > limit) return void tooLarge();
      return next();
    }
    if (req.headers['transfer-encoding']) {
      let seen = 0;
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > limit && !res.headersSent) {
          tooLarge();
          req.unpipe();
          req.destroy();
        }
      });
    }
    next();
  };
}
