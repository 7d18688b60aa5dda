/**
 * The authorization lane as the app shows it: an `auth` event's one-line summary, the runs
 * (flows) a connection's events make, and the sequence diagram of a run (which participant
 * each step talks to, and which way). Pure: the timeline, the detail pane and the diagram read
 * it alike. Every string in an event came through a server: callers render it as text.
 */
import type { AuthEvent, AuthStep } from './envelope.js';

/** The four columns of the diagram. */
export type Participant = 'client' | 'server' | 'as' | 'browser';
export const PARTICIPANTS: readonly { id: Participant; label: string }[] = [
  { id: 'client', label: 'MCP Lens' },
  { id: 'server', label: 'MCP server' },
  { id: 'as', label: 'Authorization server' },
  { id: 'browser', label: 'Browser' },
];

/** Whom a step talks to: the MCP server's origin serves the challenge, its metadata and the retry. */
export function stepPeer(step: AuthStep, event?: Pick<AuthEvent, 'http'>): Participant {
  switch (step) {
    case 'challenge':
    case 'resource-metadata':
    case 'retry':
      return 'server';
    case 'server-metadata':
    case 'registration':
    case 'token':
    case 'refresh':
      return 'as';
    case 'authorization':
    case 'callback':
      return 'browser';
    case 'client':
      // A client ID metadata document is fetched by the authorization server; an HTTP step here is its request.
      return event?.http ? 'as' : 'client';
    case 'stored':
      return 'client';
    default: {
      const never: never = step;
      return never;
    }
  }
}

/** One row of the diagram: an arrow between two participants, or a note on one. */
export interface DiagramStep {
  seq: number;
  from: Participant;
  to: Participant;
  /** `note`: a verdict or a fact (ok, failed, info) drawn at a participant rather than an arrow. */
  shape: 'arrow' | 'note';
  label: string;
  failed: boolean;
  /** The step's sentence, shown beside a failed step and as the arrow's title. */
  text: string;
}

export function diagramStep(event: AuthEvent): DiagramStep {
  const peer = stepPeer(event.step, event);
  const base = { seq: event.seq, failed: event.phase === 'failed', text: event.text };
  switch (event.phase) {
    case 'request':
      // The browser step's request is the authorization URL opened, from MCP Lens to the browser; the callback comes back.
      return {
        ...base,
        from: 'client',
        to: peer,
        shape: 'arrow',
        label: `${event.step}${event.held ? ' (held)' : ''}: ${requestWords(event)}`,
      };
    case 'response':
      return {
        ...base,
        from: peer === 'client' ? 'client' : peer,
        to: 'client',
        shape: peer === 'client' ? 'note' : 'arrow',
        label: `${event.step}: ${event.status ?? ''}`.trim(),
      };
    case 'waiting':
      return { ...base, from: 'client', to: 'browser', shape: 'arrow', label: `${event.step}: open in the browser` };
    case 'ok':
    case 'failed':
    case 'info':
      return { ...base, from: peer, to: peer, shape: 'note', label: `${event.step}: ${event.phase}` };
    default: {
      const never: never = event.phase;
      return never;
    }
  }
}

function requestWords(event: AuthEvent): string {
  return event.http ? `${event.http.method} ${pathOf(event.http.url)}` : event.text;
}

/** The path of a URL for an arrow's label (the whole URL is in the step's row). */
function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return url;
  }
}

const MARK: Record<AuthEvent['phase'], string> = {
  request: '⇢',
  response: '⇠',
  waiting: '⏳',
  ok: '✓',
  failed: '✗',
  info: '·',
};

/** The list's line for an auth row: "auth · server-metadata ⇠ 200 GET https://…/.well-known/…". */
export function authSummary(event: Pick<AuthEvent, 'step' | 'phase' | 'text' | 'http' | 'status'>): string {
  const http = event.http;
  const what =
    http && (event.phase === 'request' || event.phase === 'response')
      ? `${event.phase === 'response' && event.status !== undefined ? `${event.status} ` : ''}${http.method} ${http.url}`
      : event.text;
  return `auth · ${event.step} ${MARK[event.phase] ?? '·'} ${what}`;
}

/** One flow on a connection: its events in order. */
export interface AuthRun {
  conn: string | undefined;
  run: string;
  events: AuthEvent[];
}

/** The run an event belongs to, from every auth event of a session (a run is named per connection). */
export function runOf(events: readonly AuthEvent[], conn: string | undefined, run: string): AuthRun {
  return { conn, run, events: events.filter((e) => e.run === run && e.conn === conn) };
}

/** The held request a run waits on (step by step): its last event, when that is a held request. */
export function heldRequest(run: AuthRun): AuthEvent | undefined {
  const last = run.events.at(-1);
  return last?.phase === 'request' && last.held === true ? last : undefined;
}

/** The latest run of a connection whose last event waits on the user (the authorization URL to open). */
export function waitingStep(events: readonly AuthEvent[], conn: string): AuthEvent | undefined {
  const mine = events.filter((e) => e.conn === conn);
  const last = mine.at(-1);
  return last?.phase === 'waiting' ? last : undefined;
}

/** A link a server named, kept only when it is http(s): a `javascript:` URL is never a link. */
export function safeHttpUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
