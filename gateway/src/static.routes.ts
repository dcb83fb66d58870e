import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import type { Logger } from 'pino';
import { KNOWN_REMOTES, RUNTIME_MANIFEST_PATH, SESSION_META_NAME, pageLoadPlan, type PublicConfig, type RuntimeManifest, type SessionHint } from '@midway/contracts';
import { IDENTITY_HEADER } from '@midway/service-kit';
import { renderLandingFirstScreen, withFirstScreen } from './landing-prerender';
import { EncodedPages, precompressedStatic, sendFileEncoded } from './precompressed-static';
import { loadAfterFirstPaint } from './after-paint-preloads';
import { RoutePreloads } from './route-preloads';
import { SignedInFrames } from './signed-in-prerender';

/** The HTML with `head` added at the end of its <head> (unchanged when it has none). */
function withPageHead(html: string, head: string): string {
  return html.includes('</head>') ? html.replace('</head>', () => `${head}</head>`) : html;
}

export const ROBOTS_TXT = 'User-agent: *\nDisallow: /api/\nDisallow: /client/\nDisallow: /pay/\n';

/**
 * The front end: each remote's build under /remotes/<dir>/, the runtime manifest the shell reads to find
 * them, and the shell itself with SPA fallback. remoteEntry.js and HTML are never cached (a redeployed
 * remote is picked up on the next load); content-hashed chunks are cached for a year. Text assets are sent
 * in their precompressed brotli or gzip form when the browser accepts it (see precompressed-static.ts).
 */
export function staticRoutes(opts: { root: string; disabledRemotes: string[]; config: PublicConfig; logger: Logger; services?: { identity?: () => string | undefined; catalog?: () => string | undefined } }): Router {
  const r = Router();
  const firstScreen = opts.disabledRemotes.includes('mf-landing') ? null : renderLandingFirstScreen(opts.root, opts.config, opts.logger);
  /** index.html as built and with the landing's first screen, read again when the shell's index.html changes (a new build). */
  let shellPage: { mtimeMs: number; plain: string; landing: string | null } | undefined;
  const readShellPage = (index: string) => {
    const { mtimeMs } = fs.statSync(index);
    if (shellPage?.mtimeMs !== mtimeMs) {
      const plain = fs.readFileSync(index, 'utf8');
      shellPage = { mtimeMs, plain, landing: firstScreen ? withFirstScreen(plain, firstScreen) : null };
    }
    return shellPage;
  };
  const frames = new SignedInFrames({ root: opts.root, identityUrl: opts.services?.identity, catalogUrl: opts.services?.catalog, logger: opts.logger });
  const pages = new EncodedPages();
  const preloads = new RoutePreloads(opts.root);
  /**
   * What the page's HTML tells the browser before any script runs: the session verdict (the shell skips the
   * current-user check of a signed-out visitor and the landing page of a signed-in one) and a preload of the
   * route's scripts (its remote's entry and, for a signed-in page, every chunk the builds' manifests name for it),
   * so they download together, alongside the shell's own. A page whose first screen is in its HTML paints that
   * first: its scripts, the shell's entry included, are asked for once that paint is done (loadAfterFirstPaint),
   * so they do not share the line with it.
   */
  const pageHtml = (req: express.Request, html: string, signedIn: boolean, prerendered: boolean): string => {
    // The query string as sent (not through URL parsing, which throws on paths such as '//[').
    const query = req.originalUrl.indexOf('?');
    const plan = pageLoadPlan(req.path, query >= 0 ? req.originalUrl.slice(query) : '', signedIn);
    const session: SessionHint = signedIn ? 'signed-in' : 'signed-out';
    const meta = `<meta name="${SESSION_META_NAME}" content="${session}" />`;
    const urls = plan && !opts.disabledRemotes.includes(plan.remoteDir) ? preloads.scripts(plan) : [];
    if (prerendered) return withPageHead(loadAfterFirstPaint(html, urls), meta);
    const link = (href: string) => `<link rel="preload" href="${href}" as="script" />`;
    return withPageHead(html, meta + urls.map(link).join(''));
  };
  const noCache = (res: express.Response, file: string) => {
    const base = path.basename(file);
    if (base === 'remoteEntry.js' || base.endsWith('.html') || base === 'mf-manifest.json') res.setHeader('Cache-Control', 'no-cache');
    else if (/\.[0-9a-f]{8,}\./.test(base)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  };

  r.get(RUNTIME_MANIFEST_PATH, (_req, res) => {
    const manifest: RuntimeManifest = {
      remotes: KNOWN_REMOTES.map((m) => ({ name: m.name, entry: `/remotes/${m.dir}/remoteEntry.js` })),
      config: opts.config,
    };
    res.setHeader('Cache-Control', 'no-cache');
    res.json(manifest);
  });

  for (const remote of KNOWN_REMOTES) {
    const prefix = `/remotes/${remote.dir}`;
    if (opts.disabledRemotes.includes(remote.dir)) {
      r.use(prefix, (_req, res) => void res.status(404).json({ error: 'not_found', message: `Remote ${remote.dir} is disabled.` }));
      continue;
    }
    r.use(prefix, precompressedStatic(path.join(opts.root, remote.dir, 'dist'), { fallthrough: false, setHeaders: noCache }));
  }
  r.use('/remotes', (req, res) => void res.status(404).json({ error: 'not_found', message: `No remote at ${req.originalUrl}` }));

  // The public client dashboard: a small page of its own, without the signed-in shell.
  r.get('/client/:token', (req, res, next) => {
    const page = path.join(opts.root, 'mf-projects', 'dist', 'client.html');
    if (opts.disabledRemotes.includes('mf-projects') || !fs.existsSync(page)) {
      return void res.status(503).type('text').send('The client dashboard is not available right now. Please try again shortly.');
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Referrer-Policy', 'no-referrer');
    sendFileEncoded(req, res, next, page);
  });

  // An invoice e-mail's pay link: billing's small public page, without the signed-in shell.
  r.get('/pay/:token', (req, res, next) => {
    const page = path.join(opts.root, 'mf-billing', 'dist', 'pay.html');
    if (opts.disabledRemotes.includes('mf-billing') || !fs.existsSync(page)) {
      return void res.status(503).type('text').send('Paying invoices online is not available right now. Please try again shortly.');
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Referrer-Policy', 'no-referrer');
    sendFileEncoded(req, res, next, page);
  });

  // Crawlers: the public pages only; the API and the private links (/client/<token>, /pay/<token>) are not for indexing.
  r.get('/robots.txt', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(ROBOTS_TXT);
  });

  const shellDir = path.join(opts.root, 'shell', 'dist');
  r.use(precompressedStatic(shellDir, { fallthrough: true, setHeaders: noCache }));
  // SPA fallback: any other page GET gets the shell, which routes on the client (and shows its 404 page).
  r.get(/^(?!\/api\/|\/remotes\/).*/, async (req, res, next) => {
    if (!req.accepts('html')) return next();
    const index = path.join(shellDir, 'index.html');
    if (!fs.existsSync(index)) {
      return void res.status(503).type('text').send('The web app is not built yet. Run `npm run build` (npm start does this for you).');
    }
    // A signed-out visitor's `/` is the landing page: its first screen comes in the HTML, so the largest paint
    // does not wait for the scripts. Signed in (the session gate vouched for the cookie), `/` is the dashboard, and
    // every signed-in page comes with its frame (sidebar, header, the page's heading) for this caller.
    res.vary('Cookie');
    const signedIn = Boolean(req.headers[IDENTITY_HEADER]);
    const shell = readShellPage(index);
    const remote = pageLoadPlan(req.path, '', signedIn)?.remoteDir;
    const frame = signedIn && remote && !opts.disabledRemotes.includes(remote) ? await frames.render(req) : null;
    const html = (frame && withFirstScreen(shell.plain, frame, 'signed-in')) || (req.path === '/' && !signedIn && shell.landing) || shell.plain;
    // A page with the caller's name (or a project's) in it is theirs alone: no shared cache keeps it.
    res.setHeader('Cache-Control', frame ? 'private, no-cache' : 'no-cache');
    pages.send(req, res, pageHtml(req, html, signedIn, html !== shell.plain));
  });
  return r;
}
