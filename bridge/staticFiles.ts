/**
 * The built app, compressed for browsers that take gzip: each file is compressed once, on its
 * first request, off the event loop (zlib's thread pool), and kept in memory for the bridge's
 * life, so the package ships no second copy of every asset. Hashed assets (Vite's `assets/`)
 * never change under their name and are cached for good; index.html is revalidated.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

const gzip = promisify(zlib.gzip);

/** What the build makes that gzip shrinks (images and fonts other than TrueType are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.ttf']);

/** Files smaller than this go out as they are: gzip would save less than its header costs. */
const MIN_BYTES = 1024;

/**
 * Middleware answering GET requests for compressible files under `dir` with their gzip form when
 * the request accepts it; everything else falls through (to express.static, then index.html).
 */
export function compressedStatic(dir: string) {
  const root = path.resolve(dir);
  const cache = new Map<string, Promise<{ body: Buffer; raw: number } | undefined>>();

  const load = (file: string): Promise<{ body: Buffer; raw: number } | undefined> => {
    let entry = cache.get(file);
    if (!entry) {
      entry = fs.readFile(file).then(
        async (raw) => (raw.length < MIN_BYTES ? undefined : { body: await gzip(raw, { level: 6 }), raw: raw.length }),
        () => undefined,
      );
      cache.set(file, entry);
    }
    return entry;
  };

  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return next();
    const pathname = req.path === '/' ? '/index.html' : req.path;
    const extension = path.extname(pathname);
    if (!COMPRESSIBLE.has(extension)) return next();
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(pathname)}`);
    } catch {
      return next();
    }
    if (!file.startsWith(`${root}${path.sep}`)) return next();
    load(file).then(
      (compressed) => {
        if (!compressed) return next();
        res.type(extension);
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Content-Length', String(compressed.body.length));
        res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.status(200).end(req.method === 'HEAD' ? undefined : compressed.body);
      },
      (error: unknown) => next(error),
    );
  };
}
