/**
 * Saved timeline indexes (docs/adr/0007): bytes the app's timeline worker folded from an
 * earlier session's journal, kept beside it so the next opening is a download, not a fold.
 * The bridge stores them and serves them back; it never reads them. What it does check is the
 * one thing it can know: the journal they were folded from is still the same size and age.
 */
import express, { type Request, type Response, type Router } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { isSessionId } from './journal.js';

/** One upload part at most: a worker sends an index in parts of 8 MiB. */
const PART_LIMIT = 16 * 1024 * 1024;

interface SavedMeta {
  journalBytes: number;
  journalMtimeMs: number;
  indexBytes: number;
}

export interface SavedIndexOptions {
  journalDir: string;
  /** The session this bridge writes: its journal still grows, so no index of it is kept. */
  current: string;
}

export function savedIndexRoutes({ journalDir, current }: SavedIndexOptions): Router {
  const router = express.Router();
  const files = (id: string): { journal: string; index: string; part: string; meta: string } => {
    const base = path.join(journalDir, id);
    return { journal: `${base}.jsonl`, index: `${base}.index`, part: `${base}.index.part`, meta: `${base}.index.json` };
  };

  /** The session id of the route, or undefined once an answer was sent. */
  const sessionOf = (req: Request, res: Response): string | undefined => {
    const id = String(req.params.id);
    if (!isSessionId(id)) {
      res.status(400).json({ error: 'not a session id' });
      return undefined;
    }
    return id;
  };

  router.get('/api/sessions/:id/index', (req, res) => {
    const id = sessionOf(req, res);
    if (!id) return;
    const f = files(id);
    const meta = readMeta(f.meta);
    if (!meta || !fresh(meta, f)) {
      res.status(404).json({ error: 'no saved index for this session' });
      return;
    }
    res.sendFile(
      f.index,
      {
        // The default home is ~/.mcp-lens: its own name starts with a dot.
        dotfiles: 'allow',
        cacheControl: false,
        etag: false,
        lastModified: false,
        headers: { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store' },
      },
      (err?: Error & { status?: number }) => {
        if (!err || res.headersSent) return;
        res.status(err.status ?? 500).json({ error: 'the saved index could not be read' });
      },
    );
  });

  router.put('/api/sessions/:id/index', express.raw({ type: 'application/octet-stream', limit: PART_LIMIT }), async (req, res) => {
    const id = sessionOf(req, res);
    if (!id) return;
    const f = files(id);
    const journalBytes = Number(req.query.journalBytes);
    const offset = Number(req.query.offset);
    if (!Number.isSafeInteger(journalBytes) || !Number.isSafeInteger(offset) || offset < 0) {
      res.status(400).json({ error: 'journalBytes and offset must be whole numbers' });
      return;
    }
    const refusal = refuseSave(id, f.journal, journalBytes);
    if (refusal) {
      res.status(refusal.status).json({ error: refusal.error });
      return;
    }
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    // An index holds the journal's texts once plus its columns: more than four times the
    // journal is not an index of it.
    if (offset + body.byteLength > journalBytes * 4 + 64 * 1024 * 1024) {
      res.status(413).json({ error: 'larger than any index of this journal' });
      return;
    }
    try {
      const size = offset === 0 ? 0 : fileSize(f.part);
      if (size !== offset) {
        res.status(409).json({ error: `the saved part holds ${size ?? 0} bytes, not ${offset}` });
        return;
      }
      // Not in one synchronous write: the bridge relays other sessions' lines meanwhile.
      await fs.promises.writeFile(f.part, body, { flag: offset === 0 ? 'w' : 'a', mode: 0o600 });
      res.json({ bytes: offset + body.byteLength });
    } catch (error) {
      // A full disk costs this index, never the bridge: the journal goes on being read as before.
      await fs.promises.rm(f.part, { force: true }).catch(() => undefined);
      res.status(507).json({ error: `the index could not be written: ${(error as Error).message}` });
    }
  });

  router.post('/api/sessions/:id/index/commit', (req, res) => {
    const id = sessionOf(req, res);
    if (!id) return;
    const f = files(id);
    const journalBytes = Number(req.query.journalBytes);
    const indexBytes = Number(req.query.indexBytes);
    const refusal = refuseSave(id, f.journal, journalBytes);
    if (refusal) {
      res.status(refusal.status).json({ error: refusal.error });
      return;
    }
    try {
      const size = fileSize(f.part);
      if (size === undefined || size !== indexBytes) {
        res.status(409).json({ error: `the saved part holds ${size ?? 0} bytes, not ${indexBytes}` });
        return;
      }
      const journalMtimeMs = fs.statSync(f.journal).mtimeMs;
      fs.renameSync(f.part, f.index);
      const meta: SavedMeta = { journalBytes, journalMtimeMs, indexBytes };
      fs.writeFileSync(f.meta, JSON.stringify(meta), { mode: 0o600 });
      res.json({ bytes: indexBytes });
    } catch (error) {
      fs.rmSync(f.part, { force: true });
      res.status(507).json({ error: `the index could not be kept: ${(error as Error).message}` });
    }
  });

  const refuseSave = (id: string, journal: string, journalBytes: number): { status: number; error: string } | undefined => {
    if (id === current) return { status: 409, error: "the current session's journal still grows: its index is not kept" };
    const size = fileSize(journal);
    if (size === undefined) return { status: 404, error: 'no such session' };
    if (size !== journalBytes) return { status: 409, error: `the journal has ${size} bytes, not ${journalBytes}` };
    return undefined;
  };

  return router;
}

function fileSize(file: string): number | undefined {
  try {
    return fs.statSync(file).size;
  } catch {
    return undefined;
  }
}

function readMeta(file: string): SavedMeta | undefined {
  try {
    const meta = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<SavedMeta>;
    const whole = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
    if (whole(meta.journalBytes) && whole(meta.journalMtimeMs) && whole(meta.indexBytes)) return meta as SavedMeta;
  } catch {
    // No meta, or not ours: no saved index.
  }
  return undefined;
}

/** The index describes the journal as it is now: same size, not written since. */
function fresh(meta: SavedMeta, f: { journal: string; index: string }): boolean {
  try {
    const journal = fs.statSync(f.journal);
    return journal.size === meta.journalBytes && journal.mtimeMs === meta.journalMtimeMs && fs.statSync(f.index).size === meta.indexBytes;
  } catch {
    return false;
  }
}
