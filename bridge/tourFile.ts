/**
 * `mcp-lens --tour FILE`: the bridge holds a trainer's tour for the page to play, behind the
 * same token as every other /api route. The file was checked before the bridge started; it is
 * read from disk on each ask, so a trainer who edits it reloads the page to get the new one
 * (and the page's reader names the line of a mistake made since).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { MAX_TOUR_CHARS, readTour } from '../protocol/tour/parse.js';
import { maskTourText } from '../protocol/secretMask.js';

export function tourFileRoute(file: string): Router {
  const router = Router();
  router.get('/api/tour', (_req, res) => {
    let text: string;
    try {
      // Bytes, not characters, but a tour past this many bytes is refused by the reader anyway.
      if (fs.statSync(file).size > MAX_TOUR_CHARS * 4) throw Object.assign(new Error('too large'), { code: 'EFBIG' });
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      res
        .status(code === 'ENOENT' ? 404 : 500)
        .json({ error: code === 'ENOENT' ? 'the tour file is gone' : 'the tour file could not be read' });
      return;
    }
    res.set({
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-File-Name': encodeURIComponent(path.basename(file)),
    });
    // A follower reads the tour to show it, never to launch its server: no env value or credential argument.
    if (res.locals.access === 'follow') {
      const read = readTour(text, path.basename(file));
      text = read.ok ? maskTourText(text, read.tour) : '';
    }
    res.send(text);
  });
  return router;
}
