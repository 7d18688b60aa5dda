/**
 * createBridge: the one factory used by `npm start`, `npm run dev`, the CLI and the tests.
 * Importing this module does nothing; `listen()` opens the journal, the port and the gate.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
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
} from '../protocol/envelope.js';
import { Journal, newSessionId } from './journal.js';
import { apiRoutes, type ApiParts } from './apiRoutes.js';
import { appRoutes } from './appRoutes.js';
import { ServerHost } from './serverHost.js';
import { AppLanes } from './appLanes.js';
import { KnownSecrets } from './knownSecrets.js';
import { FollowerView } from './followerView.js';
import { listenForFollowers, type FollowersListener } from './followersListener.js';
import { IdleStopper, describeIdle } from './idleStop.js';
import { listenAppSandbox, type AppSandbox } from './appSandbox.js';
import { allowedHosts, hostAllowed, isLoopback, newToken, type GatePolicy } from './security.js';
import { serveSocket } from './socket.js';
import { upgradeHandler } from './upgrade.js';
import { welcomeFor } from './welcome.js';
import type { LineStream } from './lineRecord.js';
import { VERSION } from './version.js';
import { OAuthHost } from './oauth/oauthHost.js';
import { LoopbackCallback } from './oauth/loopbackCallback.js';
import { FileTokenStore } from './oauth/fileTokenStore.js';
import { defaultHome } from './home.js';
import { TAP_MAX_FRAME_BYTES, TapRegistry, serveTapSocket } from './tap/tapSocket.js';
import { removeBridgeFile, writeBridgeFile } from './tap/bridgeFile.js';
import type { TokenStore } from './oauth/types.js';

export interface BridgeOptions {
  /** Where the OAuth client keeps tokens (default: the bridge's memory only). */
  tokenStore?: TokenStore;
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
  /**
   * A second listener for learners on other machines (`--followers HOST:PORT`): the follower
   * page and the tour's events, read-only, behind a token of its own (bridge/followersListener.ts).
   */
  followers?: { host: string; port: number };
  /** The journal's write call: for tests that fill the disk. */
  journalWrite?: ConstructorParameters<typeof Journal>[2];
}

export const DEFAULT_IDLE_STOP_MS = 15 * 60_000;

export interface RunningBridge {
  port: number;
  token: string;
  /** The read-only token of a follower page: events in, nothing out (given to full sockets in their welcome). */
  followerToken: string;
  /** The `followers` listener's port and follower link, when it was asked for. */
  followers?: { port: number; url: string };
  /** http://127.0.0.1:<port>/#token=<token> (with [::1] or localhost when bound there) */
  url: string;
  /** The MCP Apps sandbox's origin (a second loopback port), when it listens. */
  appSandbox?: string;
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
  // Minted per run, never configurable: it lets a tap in at /ws/tap and nowhere else (docs/adr/0010).
  const tapToken = newToken();
  const taps = new TapRegistry();
  // Minted per run, never configurable: a follower link is worth no more than this run.
  const followerToken = newToken();
  const home = options.home ?? defaultHome();
  const journalDir = path.join(home, 'journal');
  const session = newSessionId();
  const { journal, secrets, follower, record, recordLine } = openRecording(journalDir, session, options.journalWrite);
  // The address the browser can reach: a bridge bound to ::1 does not answer on 127.0.0.1.
  const urlHost = bindHost === '::1' ? '[::1]' : bindHost === 'localhost' ? 'localhost' : '127.0.0.1';
  const callback = new LoopbackCallback(() => `http://${urlHost}:${policy.port}`);
  // Grants live in memory; a connection asking to remember its grant has it kept under the home.
  const store =
    options.tokenStore ??
    new FileTokenStore({ home, onProblem: (text) => record({ kind: 'notice', level: 'warn', message: `OAuth: ${text}` }) });
  const oauth = new OAuthHost({ record, store, browser: callback });
  const host = new ServerHost(
    { record, recordLine, graceMs: options.stopGraceMs ?? 2000, withholdEnv: ['MCP_LENS_TOKEN'] },
    secrets,
    oauth,
  );
  const idle = idleStopper(host, record, options.idleStopMs ?? DEFAULT_IDLE_STOP_MS);
  const apps = new AppLanes({ record, recordLine });
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

  let sandbox: AppSandbox | undefined;
  const app = httpApp(
    policy,
    { policy, journal, journalDir, session, viewFile: options.viewFile, tourFile: options.tourFile },
    options.staticDir,
    callback.router(),
    () => sandbox?.origin,
  );

  const server = http.createServer(app);
  // Past the limit, ws closes that socket (1009) before reading the rest: the page reconnects.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES });
  // A tap's frame carries what a server wrote, which may be one line far past any frame of the app's.
  const tapWss = new WebSocketServer({ noServer: true, maxPayload: TAP_MAX_FRAME_BYTES });
  let followers: FollowersListener | undefined;
  const welcome = welcomeFor({
    session,
    lastSeq: () => journal.lastSeq,
    followerLastSeq: () => follower.lastSeq,
    followerToken,
    followersUrl: () => followers?.url,
    defaultServer,
    defaultRemote,
    appSandbox: () => sandbox?.origin,
  });

  server.on(
    'upgrade',
    upgradeHandler(
      policy,
      wss,
      (ws, access) => serveSocket(ws, { journal, host, idle, welcome: () => welcome(access), access, follower, record, taps, apps }),
      { token: tapToken, wss: tapWss, serve: (ws) => serveTapSocket(ws, { session, taps, record, recordLine }) },
    ),
  );

  await listenOn(server, options.port ?? 6280, bindHost);
  const port = (server.address() as AddressInfo).port;
  policy.port = port;
  try {
    sandbox = await listenAppSandbox({
      host: bindHost,
      urlHost,
      anyHost: policy.anyHost,
      frameOrigins: () => [...allowedHosts(port).map((h) => `http://${h}`), ...policy.extraOrigins],
    });
  } catch (error) {
    // Apps do not render without it; everything else works.
    journal.append({
      kind: 'notice',
      level: 'warn',
      message: `MCP Apps cannot render: the sandbox listener could not start (${(error as Error).message})`,
    });
  }
  if (options.followers !== undefined) {
    try {
      followers = await listenForFollowers({
        ...options.followers,
        // Its own token, minted per run: the main listener knows nothing of it, nor this one of the others.
        token: newToken(),
        tourFile: options.tourFile,
        staticDir: options.staticDir,
        wss,
        serve: (ws) => serveSocket(ws, { journal, host, idle, welcome: () => welcome('follow'), access: 'follow', follower, record, taps }),
      });
    } catch (error) {
      idle.close();
      server.close();
      journal.close();
      const { host: h, port: p } = options.followers;
      const reason = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'the port is in use' : (error as Error).message;
      throw new Error(`the followers listener cannot listen on ${h}:${p}: ${reason}`);
    }
  }
  journal.append({ kind: 'notice', level: 'info', message: `bridge ${VERSION} listening on ${bindHost}:${port}` });
  // How taps find this bridge. Without it the bridge works as ever; taps journal by themselves.
  try {
    writeBridgeFile(home, { url: `http://${urlHost}:${port}`, pid: process.pid, session, tapToken, version: VERSION });
  } catch (error) {
    journal.append({
      kind: 'notice',
      level: 'warn',
      message: `taps cannot find this bridge: ${home}/bridge.json could not be written (${(error as Error).message})`,
    });
  }

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      idle.close();
      oauth.close();
      try {
        removeBridgeFile(home, tapToken);
      } catch {
        // Left behind: its pid is gone, so a tap takes it for stale.
      }
      taps.closeAll();
      await host.shutdown();
      journal.append({ kind: 'notice', level: 'info', message: 'bridge stopped' });
      for (const client of wss.clients) client.close(1001, 'bridge stopping');
      wss.close();
      tapWss.close();
      server.closeAllConnections();
      sandbox?.server.closeAllConnections();
      sandbox?.server.close();
      followers?.server.closeAllConnections();
      await Promise.all(
        [server, ...(followers ? [followers.server] : [])].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
      );
      const lost = journal.close();
      if (lost > 0) console.error(`mcp-lens: the journal could not be written (${journal.file}); ${lost} event(s) never reached the disk`);
    })();
    return closing;
  };

  return {
    port,
    token,
    followerToken,
    ...(followers === undefined ? {} : { followers: { port: followers.port, url: followers.url } }),
    url: `http://${urlHost}:${port}/#token=${token}`,
    ...(sandbox === undefined ? {} : { appSandbox: sandbox.origin }),
    session,
    journalFile: journal.file,
    home,
    close,
    killAllSync: () => host.killAllSync(),
  };
}

/** Everything journaled goes through here: known secret values masked, and judged for followers. */
function openRecording(journalDir: string, session: string, write: BridgeOptions['journalWrite']) {
  const journal = new Journal(journalDir, session, write);
  const secrets = new KnownSecrets();
  const follower = new FollowerView();
  const record = (event: UnstampedEvent, at?: number): void => follower.saw(journal.append(secrets.maskEvent(event), at));
  const recordLine = (conn: string, stream: LineStream, bytes: Buffer, eol: Eol, at?: number): void => {
    journal.appendLine(conn, stream, secrets.maskBytes(bytes), eol, at);
    follower.sawLine(journal.lastSeq, conn);
  };
  return { journal, secrets, follower, record, recordLine };
}

function idleStopper(host: ServerHost, record: (event: UnstampedEvent) => void, idleMs: number): IdleStopper {
  return new IdleStopper({
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
}

/** The HTTP side: the Host check and safe headers on everything, health, the API, the app's files. */
function httpApp(
  policy: GatePolicy,
  api: ApiParts,
  staticDir: string | undefined,
  oauthCallback: express.Router,
  appSandbox: () => string | undefined,
): express.Express {
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
  // The authorization server sends the browser here: its `state` is the credential, not the bridge token.
  app.use(oauthCallback);
  app.use(apiRoutes(api));
  if (staticDir) app.use(appRoutes(staticDir, appSandbox));
  return app;
}

function listenOn(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
