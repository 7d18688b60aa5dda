/**
 * The CLI's browser step: a listener of its own on 127.0.0.1 (port 0, or the one the user fixed
 * with `--oauth-callback-port` for an authorization server that registers exact redirect URIs)
 * answering `GET /oauth/callback`, and the authorization URL opened in the user's browser or,
 * with `--no-browser`, printed for them to open anywhere (the redirect must still reach this
 * machine). The `state` is the credential: unguessable, one use, expiring. The page it answers is
 * self-contained and shows nothing the authorization server sent. The listener lives only while
 * an authorization waits, and comes back on the same port for the next one (a step-up), since the
 * client was registered with that redirect URI.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTHORIZATION_WAIT_MS } from '../../protocol/oauth/timing.js';
import { callbackPage } from './callbackPage.js';
import type { AuthorizationAnswer, BrowserStep } from './types.js';

export const CALLBACK_PATH = '/oauth/callback';

export interface LoopbackBrowserOptions {
  /** 0 (default): any free port, kept for the rest of the run. */
  port?: number;
  /** Print the URL for the user instead of opening a browser. */
  noBrowser?: boolean;
  /** Where the URL (or that a browser was opened) is said: the CLI's stderr. */
  say: (text: string) => void;
  /** Opens a URL in the user's browser (default: the `open` package). */
  open?: (url: string) => Promise<void>;
  expiresMs?: number;
}

interface Pending {
  resolve: (answer: AuthorizationAnswer) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class LoopbackBrowser implements BrowserStep {
  private readonly pending = new Map<string, Pending>();
  private server: http.Server | undefined;
  private listening: Promise<number> | undefined;
  /** The last listener's close: its port is free again only once this settles. */
  private closing: Promise<void> = Promise.resolve();
  private port: number;

  constructor(private readonly options: LoopbackBrowserOptions) {
    this.port = options.port ?? 0;
  }

  async redirectUri(): Promise<string> {
    const port = await this.listen();
    return `http://127.0.0.1:${port}${CALLBACK_PATH}`;
  }

  async authorize(url: URL, state: string, announce: (url: string) => void): Promise<AuthorizationAnswer> {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return { ok: false, reason: `the authorization URL is not an http(s) URL (${url.protocol}): not opened` };
    await this.listen();
    const expiresMs = this.options.expiresMs ?? AUTHORIZATION_WAIT_MS;
    const answer = new Promise<AuthorizationAnswer>((resolve) => {
      const timer = setTimeout(() => {
        this.settle(state, { ok: false, reason: `nothing came back to ${CALLBACK_PATH} within ${describeMs(expiresMs)}` });
      }, expiresMs);
      this.pending.set(state, { resolve, timer });
    });
    announce(url.href);
    if (this.options.noBrowser) this.options.say(`Open this URL to authorize: ${url.href}`);
    else {
      this.options.say(`Authorizing in your browser; if it did not open, open this URL: ${url.href}`);
      await (this.options.open ?? openInBrowser)(url.href).catch(() => undefined);
    }
    return answer;
  }

  close(): void {
    for (const state of [...this.pending.keys()]) this.settle(state, { ok: false, reason: 'the command is stopping' });
    this.stopListening();
  }

  private settle(state: string, answer: AuthorizationAnswer): void {
    const pending = this.pending.get(state);
    if (pending === undefined) return;
    this.pending.delete(state);
    clearTimeout(pending.timer);
    pending.resolve(answer);
    if (this.pending.size === 0) this.stopListening();
  }

  private listen(): Promise<number> {
    this.listening ??= this.closing.then(() => this.bind());
    return this.listening;
  }

  private bind(): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      const server = http.createServer((req, res) => this.answer(req, res));
      server.once('error', (error: NodeJS.ErrnoException) => {
        this.listening = undefined;
        reject(
          new Error(
            error.code === 'EADDRINUSE'
              ? `the OAuth callback port ${this.port} is in use (--oauth-callback-port)`
              : `the OAuth callback could not listen: ${error.message}`,
          ),
        );
      });
      server.listen(this.port, '127.0.0.1', () => {
        this.server = server;
        this.port = (server.address() as AddressInfo).port;
        resolve(this.port);
      });
    });
  }

  private stopListening(): void {
    const server = this.server;
    this.server = undefined;
    this.listening = undefined;
    if (server === undefined) return;
    // The port is released only when the close completes: a step-up that listens again on the
    // same port before then would find it in use.
    this.closing = new Promise((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, title: string, text: string): void => {
      res.writeHead(status, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        Connection: 'close',
      });
      res.end(callbackPage(title, text));
    };
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH)
      return send(404, 'Not found', 'MCP Lens answers only its OAuth callback here.');
    const state = url.searchParams.get('state');
    if (state === null || !this.pending.has(state))
      return send(400, 'Not authorized', 'This authorization is unknown, already used, or expired. Run the command again.');
    this.settle(state, { ok: true, params: url.searchParams });
    // The server's own error words are not shown: until the flow has checked iss, they may come
    // from another authorization server. The command says why, once checked.
    if (url.searchParams.has('error'))
      return send(200, 'Not authorized', 'The authorization server did not authorize. The command says why in your terminal.');
    send(200, 'Authorized', 'You can close this tab: the command goes on by itself.');
  }
}

function describeMs(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${ms} ms`;
}

async function openInBrowser(url: string): Promise<void> {
  const { default: open } = await import('open');
  const child = await open(url);
  child.on('error', () => undefined);
}
