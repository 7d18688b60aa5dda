/**
 * The bridge's HTTP API under /api (all but /api/health): the token gate (a follower reads the
 * tour alone), the session and its journals, saved indexes, the file given to `view` and the
 * tour given to `--tour`, and one JSON answer for a route that is not there or a request that fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { isSessionId, listJournals, type Journal } from './journal.js';
import { savedIndexRoutes } from './savedIndex.js';
import { bearerToken, tokenAccess, type GatePolicy } from './security.js';
import { tourFileRoute } from './tourFile.js';
import { viewFileRoute } from './viewFile.js';

export interface ApiParts {
  policy: GatePolicy;
  journal: Journal;
  journalDir: string;
  /** This run's session id. */
  session: string;
  viewFile?: string | undefined;
  tourFile?: string | undefined;
}

export function apiRoutes(parts: ApiParts): express.Router {
  const { policy, journal, journalDir, session } = parts;
  const api = express.Router();
  api.use('/api', (req: Request, res: Response, next: NextFunction) => {
    const access = tokenAccess(policy, bearerToken(req.headers.authorization));
    if (access === undefined) {
      res.status(401).json({ error: 'missing or wrong token' });
      return;
    }
    // A follower reads the tour and nothing else: no session list, no journal, no path on disk.
    // What else it sees of the session comes through its socket (bridge/followerView.ts).
    if (access === 'follow' && req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(403).json({ error: 'a follower link is read-only' });
      return;
    }
    if (access === 'follow' && req.path !== '/tour') {
      res.status(403).json({ error: 'a follower link shows the tour alone' });
      return;
    }
    res.locals.access = access;
    next();
  });
  api.get('/api/session', (_req, res) => {
    res.json({ session, lastSeq: journal.lastSeq, journalFile: journal.file });
  });
  api.get('/api/sessions', (_req, res) => {
    journal.flush();
    const { sessions, unreadable, misnamed } = listJournals(journalDir);
    res.json({
      current: session,
      sessions,
      ...(unreadable.length > 0 ? { unreadable } : {}),
      ...(misnamed.length > 0 ? { misnamed } : {}),
    });
  });
  api.get('/api/sessions/:id/journal', (req, res) => {
    const id = String(req.params.id);
    if (!isSessionId(id)) {
      res.status(400).json({ error: 'not a session id' });
      return;
    }
    const file = path.join(journalDir, `${id}.jsonl`);
    if (!fs.existsSync(file)) {
      res.status(404).json({ error: 'no such session' });
      return;
    }
    if (id === session) journal.flush();
    // Ranges let the app read a journal's newest events first (docs/adr/0005). The current
    // session's file grows: each answer is what was on disk when asked, never cached.
    res.sendFile(
      file,
      {
        acceptRanges: true,
        // The default home is ~/.mcp-lens: its own name starts with a dot.
        dotfiles: 'allow',
        cacheControl: false,
        etag: false,
        lastModified: false,
        headers: { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' },
      },
      (err?: Error & { status?: number; headers?: Record<string, string> }) => {
        // A range past the end (an empty journal asked for its tail) is an answer, not a fault
        // to print a stack for.
        if (!err || res.headersSent) return;
        res
          .status(err.status ?? 500)
          .set(err.headers ?? {})
          .end();
      },
    );
  });
  api.use(savedIndexRoutes({ journalDir, current: session }));
  if (parts.viewFile) api.use(viewFileRoute(parts.viewFile));
  if (parts.tourFile) api.use(tourFileRoute(parts.tourFile));
  api.use('/api', (_req, res) => {
    res.status(404).json({ error: 'no such route' });
  });
  // A body the parsers refuse (too large, cut off) or a handler's failure: one JSON answer for
  // that request, never a stack on the bridge's stderr.
  api.use('/api', (error: Error & { status?: number }, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return;
    const status = typeof error.status === 'number' && error.status >= 400 && error.status < 600 ? error.status : 500;
    // A fault of the bridge's own is told in a line on its stderr; the page gets no paths or stack.
    if (status >= 500) console.error(`mcp-lens: ${req.method} ${req.path} failed: ${error.message}`);
    const said =
      status === 413 ? 'the request body is too large' : status < 500 ? error.message : 'the bridge could not answer this request';
    res.status(status).json({ error: said });
  });
  return api;
}
