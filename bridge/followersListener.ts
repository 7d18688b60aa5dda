/**
 * `--followers HOST:PORT`: a second listener for a workshop's learners, on their own laptops.
 * The main bridge stays on loopback; this one serves the app's files, the tour (GET /api/tour)
 * and a read-only socket of the tour's events, all behind a token of its own, and nothing else.
 * It answers any Host, since a learner reaches it by the trainer's LAN address or name: what
 * guards it is the token in the link's fragment, and that nothing here can act (docs/bridge.md).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { WebSocket, WebSocketServer } from 'ws';
import { appRoutes } from './appRoutes.js';
import { tourFileRoute } from './tourFile.js';
import { bearerToken, tokensMatch } from './security.js';

export interface FollowersOptions {
  host: string;
  port: number;
  /** The followers' token: the only one this listener knows. */
  token: string;
  tourFile?: string | undefined;
  staticDir?: string | undefined;
  wss: WebSocketServer;
  /** Serves an admitted socket, always read-only. */
  serve: (ws: WebSocket) => void;
}

export interface FollowersListener {
  server: http.Server;
  port: number;
  /** The follower page's address on the LAN, with the followers' token. */
  url: string;
}

export async function listenForFollowers(options: FollowersOptions): Promise<FollowersListener> {
  const app = express();
  app.disable('x-powered-by');
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });
  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
    if (!tokensMatch(bearerToken(req.headers.authorization), options.token)) {
      res.status(401).json({ error: 'missing or wrong token' });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(403).json({ error: 'a follower link is read-only' });
      return;
    }
    if (req.path !== '/tour') {
      res.status(403).json({ error: 'a follower link shows the tour alone' });
      return;
    }
    res.locals.access = 'follow';
    next();
  });
  if (options.tourFile !== undefined) app.use(tourFileRoute(options.tourFile));
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: 'no tour was given to this bridge' });
  });
  if (options.staticDir) app.use(appRoutes(options.staticDir));
  else app.use((_req, res) => res.status(404).end());

  const server = http.createServer(app);
  server.on('upgrade', (req, socket, head) => {
    const refuse = (status: 401 | 403 | 404, reason: string): void => {
      const text = status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found';
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n${reason}`);
    };
    const url = new URL(req.url ?? '/', 'http://followers.invalid');
    if (url.pathname !== '/ws') return refuse(404, 'no such socket');
    if (!tokensMatch(url.searchParams.get('token'), options.token)) return refuse(401, 'missing or wrong token');
    // The page's own origin only: a browser sends the address the learner typed, whatever it is.
    const origin = req.headers.origin;
    if (origin !== undefined && origin.toLowerCase() !== `http://${(req.headers.host ?? '').toLowerCase()}`) {
      return refuse(403, `Origin not allowed: ${origin}`);
    }
    options.wss.handleUpgrade(req, socket, head, (ws) => options.serve(ws));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = advertisedHost(options.host);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return { server, port, url: `http://${urlHost}:${port}/#token=${encodeURIComponent(options.token)}&follow=1` };
}

/** The address learners use: the one given, or for a wildcard, this machine's first LAN address. */
function advertisedHost(bound: string): string {
  if (bound !== '0.0.0.0' && bound !== '::') return bound;
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (!address.internal && address.family === 'IPv4') return address.address;
    }
  }
  return bound === '::' ? '::1' : '127.0.0.1';
}
