/**
 * `mcp-lens view FILE`: the bridge holds one file for the page to open at start, read-only,
 * behind the same token as every other /api route. The file was checked before the bridge
 * started; it is read from disk on each ask, so a reload opens what the file holds then.
 */
import path from 'node:path';
import { Router } from 'express';

export function viewFileRoute(file: string): Router {
  const router = Router();
  router.get('/api/view', (_req, res) => {
    res.sendFile(
      path.resolve(file),
      {
        cacheControl: false,
        etag: false,
        lastModified: false,
        dotfiles: 'allow',
        headers: {
          'Content-Type': 'application/octet-stream',
          'Cache-Control': 'no-store',
          'X-File-Name': encodeURIComponent(path.basename(file)),
        },
      },
      (err?: Error & { status?: number }) => {
        if (!err || res.headersSent) return;
        res.status(err.status === 404 ? 404 : 500).json({ error: err.status === 404 ? 'the file is gone' : 'the file could not be read' });
      },
    );
  });
  return router;
}
