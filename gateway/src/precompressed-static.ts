import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** Text assets the front-end builds precompress (compression-webpack-plugin in @midway/build-config). */
const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;
/** Precompressed variants, best first: `<file>.br`, then `<file>.gz`. */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

type Encoding = (typeof VARIANTS)[number]['encoding'];

/**
 * The encoding to send among those offered: the highest q the client gives (`*` counts for codings it does not
 * name), ours (br, then gzip) on a tie — browsers list `gzip, deflate, br` with equal weight and br is smaller.
 * null means the plain file (identity), also when identity weighs more than any offered coding.
 */
export function negotiateEncoding(acceptEncoding: string | undefined, offered: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding || !offered.length) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => q.get(coding) ?? q.get('*') ?? 0;
  // The plain file wins only when the client weighs identity above the best coding (`identity;q=1, br;q=0.5`).
  const identity = q.get('identity') ?? 0;
  let best: Encoding | null = null;
  for (const coding of offered) if (weightOf(coding) > 0 && (best === null || weightOf(coding) > weightOf(best))) best = coding;
  return best !== null && weightOf(best) >= identity ? best : null;
}

const negotiate = (req: Request, offered: readonly Encoding[]) => negotiateEncoding(req.headers['accept-encoding'], offered);

const isFile = (file: string) => fs.promises.stat(file).then((s) => (s.isFile() ? s : null), () => null);

/**
 * The variants of `file` on disk that are at least as new as the file itself: a variant left over from an
 * older build of the same name (remoteEntry.js is not content-hashed) is never served for the new file.
 */
async function variantsOf(file: string): Promise<Encoding[]> {
  const original = await isFile(file);
  if (!original) return [];
  const found = await Promise.all(VARIANTS.map(async (v) => ((await isFile(file + v.suffix))?.mtimeMs ?? -1) >= original.mtimeMs));
  return VARIANTS.filter((_, i) => found[i]).map((v) => v.encoding);
}

/**
 * express.static for a build's dist folder that answers a text asset with its precompressed `.br` or `.gz`
 * variant when the request's Accept-Encoding allows it: `Content-Encoding`, the asset's own Content-Type and
 * `Vary: Accept-Encoding` (on the plain answer too, so a shared cache keeps them apart). `setHeaders` gets the
 * asset's path, whichever variant is sent. An encoded answer is always whole (no Range): ranges of the
 * identity file are still served.
 */
export function precompressedStatic(root: string, opts: { fallthrough: boolean; setHeaders: (res: Response, file: string) => void }): RequestHandler {
  const plain = express.static(root, { index: false, fallthrough: opts.fallthrough, setHeaders: opts.setHeaders });
  const rootDir = path.resolve(root) + path.sep;
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return plain(req, res, next);
    let file: string;
    try {
      file = path.resolve(rootDir, `.${decodeURIComponent(req.path)}`);
    } catch {
      return plain(req, res, next); // a malformed path: serve-static answers it (400)
    }
    if (!file.startsWith(rootDir) || file.includes('\0')) return plain(req, res, next);
    variantsOf(file).then(
      (offered) => {
        res.vary('Accept-Encoding');
        const encoding = negotiate(req, offered);
        if (!encoding) return plain(req, res, next);
        const variant = VARIANTS.find((v) => v.encoding === encoding)!;
        opts.setHeaders(res, file);
        res.type(path.extname(file));
        res.setHeader('Content-Encoding', encoding);
        res.sendFile(file + variant.suffix, { acceptRanges: false, cacheControl: !res.getHeader('Cache-Control'), dotfiles: 'deny' }, (err) => {
          if (err && !res.headersSent) {
            res.removeHeader('Content-Encoding');
            plain(req, res, next);
          }
        });
      },
      next,
    );
  };
}

/** One file (the shell's index.html at any SPA path), in its best precompressed variant the client accepts. */
export function sendFileEncoded(req: Request, res: Response, next: NextFunction, file: string): void {
  variantsOf(file).then((offered) => {
    res.vary('Accept-Encoding');
    const encoding = negotiate(req, offered);
    const variant = VARIANTS.find((v) => v.encoding === encoding);
    if (variant) {
      res.type(path.extname(file));
      res.setHeader('Content-Encoding', variant.encoding);
    }
    res.sendFile(variant ? file + variant.suffix : file, { acceptRanges: !variant, cacheControl: !res.getHeader('Cache-Control') }, (err) => {
      if (err && !res.headersSent) next(err);
    });
  }, next);
}

/**
 * Pages built in memory (the shell's HTML with what the gateway adds per session and route), each with its br and
 * gzip forms made once: there are a few distinct bodies per build (per route kind, never per user).
 */
export class EncodedPages {
  private readonly cache = new Map<string, { br: Buffer; gzip: Buffer }>();
  constructor(private readonly maxEntries = 64) {}

  send(req: Request, res: Response, body: string): void {
    let encoded = this.cache.get(body);
    if (!encoded) {
      if (this.cache.size >= this.maxEntries) this.cache.clear(); // a new build: the old bodies are gone for good
      encoded = {
        br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }),
        gzip: zlib.gzipSync(body, { level: 9 }),
      };
      this.cache.set(body, encoded);
    }
    res.vary('Accept-Encoding');
    res.type('html');
    const encoding = negotiate(req, ['br', 'gzip']);
    if (!encoding) return void res.send(body);
    res.setHeader('Content-Encoding', encoding);
    res.send(encoded[encoding]);
  }
}
