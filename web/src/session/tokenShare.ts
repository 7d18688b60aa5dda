/**
 * A link to a view (`/#tl=…`) carries no token: the token is taken out of the address bar and is
 * never copied into a link. A tab opened on such a link asks the app's other tabs of the same
 * browser for it over a BroadcastChannel, which only pages of the same origin (this bridge's
 * scheme, host and port) can open; a tab answers only while its own socket is open on the full
 * token, that is while the bridge is the one serving this origin. Nothing is written to
 * localStorage, which would outlive the bridge on disk and be read by whatever serves this
 * port next. docs/bridge.md ("The token in the browser") has the reasoning.
 */
import { z } from 'zod';

const CHANNEL = 'mcp-lens.token';
/** How long a tab opened on a link waits for an answer before it says it has no token. */
export const ASK_WAIT_MS = 1500;

const Message = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ask'), nonce: z.string().max(64) }),
  z.object({ type: z.literal('give'), nonce: z.string().max(64), token: z.string().min(1).max(512) }),
]);

function channel(): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
}

/** The token an open tab of this origin holds, or undefined when none answers in time. */
export function askOpenTabs(waitMs = ASK_WAIT_MS): Promise<string | undefined> {
  const ch = channel();
  if (!ch) return Promise.resolve(undefined);
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return new Promise((resolve) => {
    const done = (token: string | undefined): void => {
      clearTimeout(timer);
      ch.close();
      resolve(token);
    };
    const timer = setTimeout(() => done(undefined), waitMs);
    ch.onmessage = (event: MessageEvent<unknown>) => {
      const message = Message.safeParse(event.data);
      if (message.success && message.data.type === 'give' && message.data.nonce === nonce) done(message.data.token);
    };
    ch.postMessage({ type: 'ask', nonce });
  });
}

/** Answers other tabs' asks with `current()` whenever it gives a token. Returns the stop. */
export function answerOpenTabs(current: () => string | undefined): () => void {
  const ch = channel();
  if (!ch) return () => undefined;
  ch.onmessage = (event: MessageEvent<unknown>) => {
    const message = Message.safeParse(event.data);
    if (!message.success || message.data.type !== 'ask') return;
    const token = current();
    if (token) ch.postMessage({ type: 'give', nonce: message.data.nonce, token });
  };
  return () => ch.close();
}
