/**
 * createBridge: the one factory used by `npm start`, `npm run dev`, the CLI and the tests.
 * Importing this module does nothing; `listen()` opens the journal, the port and the gate.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressedStatic } from './staticFiles.js';
import express, { type NextFunction, type Request, type Response } from 'express';
import { WebSocketServer } from 'ws';
import { z } from 'zod';
import {
  MAX_CLIENT_FRAME_BYTES,
  httpServerConfigSchema,
  serverConfigSchema,
  type Eol,
  type HttpServerConfigInput,
  type ServerConfigInput,
  type UnstampedEvent,
  type WelcomeFrame,
} from '../protocol/envelope.js';
import { Journal, isSessionId, listJournals, newSessionId } from './journal.js';
import { savedIndexRoutes } from './savedIndex.js';
import { viewFileRoute } from './viewFile.js';
import { tourFileRoute } from './tourFile.js';
import { ServerHost } from './serverHost.js';
import { KnownSecrets } from './knownSecrets.js';
import { FollowerView } from './followerView.js';
import { IdleStopper, describeIdle } from './idleStop.js';
import { bearerToken, checkUpgrade, hostAllowed, isLoopback, newToken, tokenAccess, type Access, type GatePolicy } from './security.js';
import { serveSocket } from './socket.js';
import type { LineStream } from './lineRecord.js';
import { VERSION } from './version.js';
import { redactConfig, redactHttpConfig } from '../protocol/redact.js';

export interface BridgeOptions {
  /** 0 picks a free port. Default 6280. */
  port?: number;
  /** Default 127.0.0.1. Anything else needs dangerouslyListenBeyondLoopback. */
  host?: string;
  dangerouslyListenBeyondLoopback?: boolean;
  /** Fixed token; random per run when absent. */
  token?: string;
  /** Where journals go. Default $MCP_LENS_HOME or ~/.mcp-lens. */
  home?: string;
  /** The built web app to serve; no static serving when absent (dev mode, tests of the API). */
  staticDir?: string;
  /** The server the connect form starts with. */
  defaultServer?: ServerConfigInput & { label?: string };
  /** A remote server the connect form starts with instead (in its URL mode). */
  defaultRemote?: HttpServerConfigInput & { label?: string };
  /** Origins besides the bridge's own that may open the socket (the Vite dev server). */
  extraOrigins?: string[];
  /** Wait between stop steps (close stdin, SIGTERM, SIGKILL). Default 2000 ms. */
  stopGraceMs?: number;
  /** Stop a running server no tab has shown for this long. Default 15 min; 0 never. */
  idleStopMs?: number;
  /** A session file or journal the page opens at start (`mcp-lens view FILE`), served at GET /api/view. */
  viewFile?: string;
  /** A trainer's tour the page plays at start (`mcp-lens --tour FILE`), served at GET /api/tour. */
  tourFile?: string;
  /** The journal's write call: for tests that fill the disk. */
  journalWrite?: ConstructorParameters<typeof Journal>[2];
}

export const DEFAULT_IDLE_STOP_MS = 15 * 60_000;

export interface RunningBridge {
  port: number;
  token: string;
  /** The read-only token of a follower page: events in, nothing out (given to full sockets in their welcome). */
  followerToken: string;
  /** http://127.0.0.1:<port>/#token=<token> (with [::1] or localhost when bound there) */
  url: string;
  session: string;
  journalFile: string;
  home: string;
  close(): Promise<void>;
  /** Last resort from a process 'exit' hook: SIGKILL every child group, synchronously. */
  killAllSync(): void;
}

export interface Bridge {
  listen(): Promise<RunningBridge>;
}

export function defaultHome(): string {
  return process.env.MCP_LENS_HOME ?? path.join(os.homedir(), '.mcp-lens');
}

export function createBridge(options: BridgeOptions = {}): Bridge {
  return {
    listen: () => listen(options),
  };
}

async function listen(options: BridgeOptions): Promise<RunningBridge> {
  const bindHost = options.host ?? '127.0.0.1';
  if (!isLoopback(bindHost) && !options.dangerouslyListenBeyondLoopback) {
    throw new Error(
      `refusing to listen on ${bindHost}: the bridge launches processes; pass --dangerously-listen-beyond-loopback to insist`,
    );
  }
  const token = options.token ?? newToken();
  // Minted per run, never configurable: a follower link is worth no more than this run.
  const followerToken = newToken();
  const home = options.home ?? defaultHome();
  const journalDir = path.join(home, 'journal');
  const session = newSessionId();
  const journal = new Journal(journalDir, session, options.journalWrite);
  // Everything journaled goes through these two: known secret values masked, and judged for followers.
  const secrets = new KnownSecrets();
  const follower = new FollowerView();
  const record = (event: UnstampedEvent): void => follower.saw(journal.append(secrets.maskEvent(event)));
  const recordLine = (conn: string, stream: LineStream, bytes: Buffer, eol: Eol): void => {
    journal.appendLine(conn, stream, secrets.maskBytes(bytes), eol);
    follower.sawLine(journal.lastSeq, conn);
  };
  const host = new ServerHost({ record, recordLine, graceMs: options.stopGraceMs ?? 2000, withholdEnv: ['MCP_LENS_TOKEN'] }, secrets);
  const idleMs = options.idleStopMs ?? DEFAULT_IDLE_STOP_MS;
  const idle = new IdleStopper({
    idleMs,
    liveConns: () => host.liveConns(),
    stop: (conn) => {
      record({
        kind: 'notice',
        conn,
        level: 'info',
        message: `no tab has shown ${conn} for ${describeIdle(idleMs)}: stopping it (--idle-stop)`,
      });
      void host.stop(conn, 'idle');
    },
  });
  const defaultServer = serverConfigSchema
    .extend({ label: serverConfigSchema.shape.command.optional() })
    .parse(options.defaultServer ?? { command: process.execPath, args: [] });
  const defaultRemote =
    options.defaultRemote === undefined
      ? undefined
      : httpServerConfigSchema.extend({ label: z.string().optional() }).parse(options.defaultRemote);

  const policy: GatePolicy = {
    token,
    followerToken,
    port: 0, // set once the port is known
    anyHost: Boolean(options.dangerouslyListenBeyondLoopback),
    extraOrigins: options.extraOrigins ?? [],
  };

  const app = express();
  app.disable('x-powered-by');
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!hostAllowed(policy, req.headers.host)) {
      res.status(403).type('text/plain').send('Host not allowed');
      return;
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });
  app.get('/api/health', (_req, res) => {
    res.json({ ok: true, name: 'mcp-lens', version: VERSION });
  });
  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
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
  app.get('/api/session', (_req, res) => {
    res.json({ session, lastSeq: journal.lastSeq, journalFile: journal.file });
  });
  app.get('/api/sessions', (_req, res) => {
    journal.flush();
    const { sessions, unreadable } = listJournals(journalDir);
    res.json({ current: session, sessions, ...(unreadable.length > 0 ? { unreadable } : {}) });
  });
  app.get('/api/sessions/:id/journal', (req, res) => {
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
  app.use(savedIndexRoutes({ journalDir, current: session }));
  if (options.viewFile) app.use(viewFileRoute(options.viewFile));
  if (options.tourFile) app.use(tourFileRoute(options.tourFile));
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: 'no such route' });
  });
  // A body the parsers refuse (too large, cut off) or a handler's failure: one JSON answer for
  // that request, never a stack on the bridge's stderr.
  app.use('/api', (error: Error & { status?: number }, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return;
    const status = typeof error.status === 'number' && error.status >= 400 && error.status < 600 ? error.status : 500;
    // A fault of the bridge's own is told in a line on its stderr; the page gets no paths or stack.
    if (status >= 500) console.error(`mcp-lens: ${req.method} ${req.path} failed: ${error.message}`);
    const said =
      status === 413 ? 'the request body is too large' : status < 500 ? error.message : 'the bridge could not answer this request';
    res.status(status).json({ error: said });
  });
  if (options.staticDir) {
    const staticDir = options.staticDir;
    app.use((_req, res, next) => {
      res.setHeader('Content-Security-Policy', contentSecurityPolicy());
      next();
    });
    app.use(compressedStatic(staticDir));
    app.use(express.static(staticDir, { index: 'index.html', fallthrough: true }));
    app.use((req, res) => {
      if (req.method !== 'GET') {
        res.status(404).end();
        return;
      }
      res.sendFile(path.join(staticDir, 'index.html'));
    });
  }

  const server = http.createServer(app);
  // Past the limit, ws closes that socket (1009) before reading the rest: the page reconnects.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES });
  // The demo server beside this bridge (a built one: dist/node/demo), for a tour that plays on
  // it whatever server the bridge was started with.
  const demoJs = fileURLToPath(new URL('../demo/server.js', import.meta.url));
  const demoServer = fs.existsSync(demoJs) ? { command: process.execPath, args: [demoJs] } : undefined;
  // A full socket learns the follower token (for the presenter's "Copy follower link"); a
  // follower's is told it is read-only and never learns the full one.
  const welcome = (access: Access): WelcomeFrame => ({
    type: 'welcome',
    session,
    // A follower is sent only what it may see: it has caught up once it holds the last of that.
    lastSeq: access === 'full' ? journal.lastSeq : follower.lastSeq,
    // A follower cannot connect: it sees the default server as the journal would (its env
    // values, from a --config file say, and marked values masked).
    defaultServer: access === 'full' ? defaultServer : { ...redactConfig(defaultServer), label: defaultServer.label },
    ...(defaultRemote === undefined
      ? {}
      : { defaultRemote: access === 'full' ? defaultRemote : { ...redactHttpConfig(defaultRemote).config, label: defaultRemote.label } }),
    version: VERSION,
    ...(access === 'full' ? { followerToken, ...(demoServer ? { demoServer } : {}), serverCwd: process.cwd() } : { readOnly: true }),
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://bridge.invalid');
    if (url.pathname !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const verdict = checkUpgrade(policy, url, req.headers);
    if (!verdict.ok) {
      const text = verdict.status === 401 ? 'Unauthorized' : 'Forbidden';
      socket.end(`HTTP/1.1 ${verdict.status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n${verdict.reason}`);
      return;
    }
    const access = verdict.access;
    wss.handleUpgrade(req, socket, head, (ws) =>
      serveSocket(ws, { journal, host, idle, welcome: () => welcome(access), access, follower, record }),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 6280, bindHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  policy.port = port;
  journal.append({ kind: 'notice', level: 'info', message: `bridge ${VERSION} listening on ${bindHost}:${port}` });

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      idle.close();
      await host.shutdown();
      journal.append({ kind: 'notice', level: 'info', message: 'bridge stopped' });
      for (const client of wss.clients) client.close(1001, 'bridge stopping');
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const lost = journal.close();
      if (lost > 0) console.error(`mcp-lens: the journal could not be written (${journal.file}); ${lost} event(s) never reached the disk`);
    })();
    return closing;
  };

  // The address the browser can reach: a bridge bound to ::1 does not answer on 127.0.0.1.
  const urlHost = bindHost === '::1' ? '[::1]' : bindHost === 'localhost' ? 'localhost' : '127.0.0.1';
  return {
    port,
    token,
    followerToken,
    url: `http://${urlHost}:${port}/#token=${token}`,
    session,
    journalFile: journal.file,
    home,
    close,
    killAllSync: () => host.killAllSync(),
  };
}

function contentSecurityPolicy(): string {
  // Everything the app shows comes from servers we do not trust: no inline script, no network
  // beyond this origin. 'unsafe-eval' is for ajv, which compiles JSON Schemas to functions
  // (docs/adr/0003); with no inline script allowed, injected markup still cannot run code.
  // Monaco needs inline styles and blob workers.
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
