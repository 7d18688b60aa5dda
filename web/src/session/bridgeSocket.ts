/**
 * The browser end of the bridge socket. It reconnects with backoff and resumes after the last
 * sequence number it has, so a dropped socket or a reloaded tab misses nothing.
 */
import { parseEventValue } from '../../../protocol/timeline/eventLine.js';
import {
  MAX_CLIENT_FRAME_BYTES,
  bridgeFrameSchema,
  type BridgeEvent,
  type ClientCommandInput,
  type JournalFrame,
  type WelcomeFrame,
} from '../../../protocol/envelope.js';

export type SocketStatus =
  | { state: 'connecting'; attempt: number }
  | { state: 'open' }
  | { state: 'waiting'; retryInMs: number; reason: string }
  | { state: 'refused'; reason: string };

export interface SocketHandlers {
  onWelcome: (welcome: WelcomeFrame) => void;
  onEvents: (events: BridgeEvent[], malformed: string[]) => void;
  onStatus: (status: SocketStatus) => void;
  onRejected: (message: string) => void;
  /** The bridge stopped or resumed writing its journal. */
  onJournal?: (state: JournalFrame) => void;
  /** The sequence number to resume after (-1: from the start). */
  lastSeq: () => number;
  /** Each events frame's text as received, before this page parses it (the timeline worker parses its own copy). */
  onEventsText?: (text: string) => void;
}

/** How the bridge starts every events frame (bridge/socket.ts writes it so). */
const EVENTS_FRAME_START = '{"type":"events",';

const MAX_BACKOFF_MS = 10_000;
/**
 * Received frames are handled in slices of about this long, oldest first, with a yield
 * between: a flood's frames, each handled at once as it came, kept the page's main thread busy
 * back to back, and the browser drew a frame only when it forced one in (a 95th-percentile
 * frame of 76 ms through a 200,000-line flood).
 */
const SLICE_MS = 8;

export class BridgeSocket {
  private ws: WebSocket | undefined;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private queue: string[] = [];
  /** Frames received and not handled yet, in order from `inboxAt`. */
  private inbox: string[] = [];
  private inboxAt = 0;
  private draining = false;
  /** A task that runs as soon as the browser gets to it: no timer clamping, drawing first when due. */
  private readonly yielder = typeof MessageChannel === 'undefined' ? undefined : new MessageChannel();

  constructor(
    private readonly token: string,
    private readonly handlers: SocketHandlers,
  ) {}

  open(): void {
    this.closed = false;
    this.connect();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
  }

  /** Commands sent while the socket is down wait for it to come back. */
  send(command: ClientCommandInput): void {
    const text = JSON.stringify(command);
    // Refused here with why, rather than sent for the bridge to close the socket on.
    const bytes = new TextEncoder().encode(text).byteLength;
    if (bytes > MAX_CLIENT_FRAME_BYTES) {
      const mib = (n: number): string => `${(n / 1048576).toFixed(1)} MiB`;
      this.handlers.onRejected(
        `a ${command.type} of ${mib(bytes)} was not sent: the bridge takes frames of up to ${mib(MAX_CLIENT_FRAME_BYTES)}`,
      );
      return;
    }
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
  }

  private connect(): void {
    this.attempt += 1;
    this.handlers.onStatus({ state: 'connecting', attempt: this.attempt });
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${window.location.host}/ws?token=${encodeURIComponent(this.token)}`);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.attempt = 0;
    };
    ws.onmessage = (message) => {
      if (this.ws !== ws) return;
      this.inbox.push(String(message.data));
      this.drainSoon();
    };
    ws.onclose = (event) => {
      if (this.ws !== ws || this.closed) return;
      const reason = opened ? `connection lost (${event.code})` : 'the bridge is unreachable or refused the token';
      const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.min(this.attempt, 6));
      this.handlers.onStatus({ state: 'waiting', retryInMs: delay, reason });
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  private drainSoon(): void {
    if (this.draining) return;
    this.draining = true;
    if (this.yielder) {
      this.yielder.port1.onmessage = () => this.drain();
      this.yielder.port2.postMessage(null);
    } else setTimeout(() => this.drain(), 0);
  }

  private drain(): void {
    const start = performance.now();
    while (this.inboxAt < this.inbox.length) {
      const text = this.inbox[this.inboxAt] ?? '';
      this.inbox[this.inboxAt++] = '';
      this.receive(text);
      if (performance.now() - start >= SLICE_MS) break;
    }
    this.draining = false;
    if (this.inboxAt < this.inbox.length) {
      this.drainSoon();
      return;
    }
    this.inbox = [];
    this.inboxAt = 0;
  }

  private receive(text: string): void {
    if (text.startsWith(EVENTS_FRAME_START)) this.handlers.onEventsText?.(text);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.handlers.onRejected('the bridge sent a frame that is not JSON');
      return;
    }
    const frame = bridgeFrameSchema.safeParse(value);
    if (!frame.success) {
      this.handlers.onRejected('the bridge sent a frame this app does not understand');
      return;
    }
    switch (frame.data.type) {
      case 'welcome': {
        // Attach only after the welcome: it tells whether this is still the same session
        // (resume after our last seq) or a restarted bridge (start over from its seq 0).
        this.handlers.onWelcome(frame.data);
        this.handlers.onStatus({ state: 'open' });
        const ws = this.ws;
        if (!ws || ws.readyState !== WebSocket.OPEN) return;
        ws.send(JSON.stringify({ type: 'attach', after: this.handlers.lastSeq() }));
        for (const text of this.queue.splice(0)) ws.send(text);
        return;
      }
      case 'events': {
        const events: BridgeEvent[] = [];
        const malformed: string[] = [];
        for (const raw of frame.data.events) {
          const parsed = parseEventValue(raw);
          if (parsed.ok) events.push(parsed.event);
          else malformed.push(parsed.error);
        }
        this.handlers.onEvents(events, malformed);
        return;
      }
      case 'rejected':
        this.handlers.onRejected(frame.data.message);
        return;
      case 'journal':
        this.handlers.onJournal?.(frame.data);
        return;
      default: {
        const never: never = frame.data;
        return never;
      }
    }
  }
}
