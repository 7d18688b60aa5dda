/** How one recorded event reads in the live log: pure, so it is tested without a DOM. */
import type { BridgeEvent, StopReason } from '../../../../protocol/envelope.js';
import { describeBytes, lineBytes } from '../../../../protocol/bytes.js';
import { classifyText, errorCodeName } from '../../../../protocol/jsonrpc.js';

export type Tone = 'out' | 'in' | 'stderr' | 'process' | 'bad' | 'note';

export interface EventView {
  /** → to the server, ← from it, and so on. */
  arrow: string;
  lane: string;
  badge: string;
  tone: Tone;
  /** At most PREVIEW characters of the content. */
  preview: string;
}

const PREVIEW = 400;

export function clip(text: string, max = PREVIEW): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function describeEvent(event: BridgeEvent): EventView {
  switch (event.kind) {
    case 'line': {
      const arrow = event.stream === 'stdin' ? '→' : event.stream === 'stdout' ? '←' : '⚠';
      if (event.text === undefined) {
        const preview = clip(describeBytes(lineBytes(event).subarray(0, PREVIEW)));
        return { arrow, lane: event.stream, badge: `invalid UTF-8 · ${event.size} B`, tone: 'bad', preview };
      }
      if (event.stream === 'stderr') return { arrow, lane: 'stderr', badge: 'stderr', tone: 'stderr', preview: clip(event.text) };
      return { arrow, lane: event.stream, ...describeJsonRpc(event.text, event.stream === 'stdin' ? 'out' : 'in') };
    }
    case 'spawn':
      return {
        arrow: '●',
        lane: 'process',
        badge: 'spawned',
        tone: 'process',
        preview: `pid ${event.pid}: ${[event.config.command, ...event.config.args].join(' ')}`,
      };
    case 'spawn-error':
      return { arrow: '✕', lane: 'process', badge: `spawn failed · ${event.code}`, tone: 'bad', preview: event.message };
    case 'exit': {
      const how = event.signal ? `signal ${event.signal}` : `code ${event.code}`;
      return {
        arrow: '■',
        lane: 'process',
        badge: event.requested ? 'stopped' : 'exited',
        tone: event.requested || event.code === 0 ? 'process' : 'bad',
        preview: `exited with ${how}`,
      };
    }
    case 'stop':
      return { arrow: '■', lane: 'process', badge: 'stop', tone: 'process', preview: stopText(event.step) + stopWhy(event.reason) };
    case 'notice':
      return { arrow: 'ℹ', lane: 'bridge', badge: event.level, tone: event.level === 'info' ? 'note' : 'bad', preview: event.message };
    case 'note':
      return { arrow: '✎', lane: 'app', badge: event.topic, tone: 'note', preview: clip(noteText(event.data)) };
    default: {
      const never: never = event;
      return never;
    }
  }
}

function stopText(step: 'close-stdin' | 'sigterm' | 'sigkill'): string {
  switch (step) {
    case 'close-stdin':
      return 'closing stdin';
    case 'sigterm':
      return 'still running after the grace period: SIGTERM';
    case 'sigkill':
      return 'still running after SIGTERM: SIGKILL';
  }
}

function stopWhy(reason: StopReason | undefined): string {
  switch (reason) {
    case undefined:
    case 'user':
      return '';
    case 'idle':
      return ' (no tab showed this connection for the idle time)';
    case 'shutdown':
      return ' (the bridge is stopping)';
  }
}

function noteText(data: unknown): string {
  if (typeof data === 'object' && data !== null) {
    const record = data as Record<string, unknown>;
    if (typeof record.text === 'string') return record.text;
    if (typeof record.reason === 'string') return record.reason;
  }
  return JSON.stringify(data) ?? '';
}

function describeJsonRpc(text: string, tone: 'out' | 'in'): Omit<EventView, 'arrow' | 'lane'> {
  // Classifying a huge line means parsing it; the badge of a multi-megabyte line can wait.
  if (text.length > 2_000_000) return { badge: `${text.length} chars`, tone, preview: clip(text) };
  const c = classifyText(text);
  const preview = clip(text);
  switch (c.kind) {
    case 'request':
      return { badge: `${c.method} #${String(c.id)}`, tone, preview };
    case 'notification':
      return { badge: c.method, tone, preview };
    case 'result':
      return { badge: `result #${String(c.id)}`, tone, preview };
    case 'error':
      return {
        badge: `error #${c.id === null ? 'null' : String(c.id)} · ${c.error.code} ${errorCodeName(c.error.code)}`,
        tone: 'bad',
        preview,
      };
    case 'batch':
      return { badge: 'batch (not allowed)', tone: 'bad', preview };
    case 'invalid':
      return { badge: `invalid: ${c.reason}`, tone: 'bad', preview };
    case 'non-json':
      return { badge: 'not JSON', tone: 'bad', preview };
    default: {
      const never: never = c;
      return never;
    }
  }
}

export function formatTime(t: number): string {
  const d = new Date(t);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
