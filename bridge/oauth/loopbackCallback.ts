/**
 * The app's browser step: the redirect URI is the bridge's own `/oauth/callback`, and the
 * authorization URL reaches the user as the `waiting` event (the app opens it in a tab). The
 * route needs no bridge token (the authorization server sends the browser there): the `state`
 * is the credential, unguessable, good for one use, for ten minutes. The page it answers is
 * self-contained and says only what the bridge knows: nothing the server sent is shown.
 */
import express, { type Request, type Response } from 'express';
import { AUTHORIZATION_WAIT_MS } from '../../protocol/oauth/timing.js';
import type { AuthorizationAnswer, BrowserStep } from './types.js';

export const CALLBACK_PATH = '/oauth/callback';

interface Pending {
  resolve: (answer: AuthorizationAnswer) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class LoopbackCallback implements BrowserStep {
  private readonly pending = new Map<string, Pending>();

  /** `origin`: the bridge's own, known once it listens. */
  constructor(
    private readonly origin: () => string,
    private readonly expiresMs = AUTHORIZATION_WAIT_MS,
  ) {}

  redirectUri(): Promise<string> {
    return Promise.resolve(`${this.origin()}${CALLBACK_PATH}`);
  }

  authorize(url: URL, state: string, announce: (url: string) => void): Promise<AuthorizationAnswer> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(state);
        resolve({ ok: false, reason: `nothing came back to ${CALLBACK_PATH} within ${Math.round(this.expiresMs / 60_000)} minutes` });
      }, this.expiresMs);
      timer.unref?.();
      this.pending.set(state, { resolve, timer });
      announce(url.href);
    });
  }

  close(): void {
    for (const [state, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.resolve({ ok: false, reason: 'the bridge is stopping' });
      this.pending.delete(state);
    }
  }

  /** What the browser's visit to the callback says: the page, and whether a flow took it. */
  receive(query: URLSearchParams): { status: number; page: string } {
    const state = query.get('state');
    const pending = state === null ? undefined : this.pending.get(state);
    if (state === null || pending === undefined)
      return {
        status: 400,
        page: page('Not authorized', 'This authorization is unknown, already used, or expired. Start it again from MCP Lens.'),
      };
    this.pending.delete(state);
    clearTimeout(pending.timer);
    pending.resolve({ ok: true, params: query });
    // The page never shows the server's error words: until the flow has checked the response's
    // iss, they may come from another authorization server (2026-07-28 forbids showing them then).
    if (query.has('error'))
      return {
        status: 200,
        page: page(
          'Not authorized',
          'The authorization server did not authorize. MCP Lens shows why, once checked, in the authorization lane.',
        ),
      };
    return { status: 200, page: page('Authorized', 'You can close this tab: MCP Lens goes on by itself.') };
  }

  /** GET /oauth/callback, before the bridge's token gate. */
  router(): express.Router {
    const router = express.Router();
    router.get(CALLBACK_PATH, (req: Request, res: Response) => {
      const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
      const { status, page: html } = this.receive(query);
      res
        .status(status)
        .set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .set('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    });
    return router;
  }
}

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · MCP Lens</title><style>body{font:16px system-ui,sans-serif;margin:4rem auto;max-width:36rem;padding:0 1rem;color:#222}h1{font-size:1.4rem}</style></head><body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
