/**
 * The session model: recorded bridge events folded, one at a time, into what the app shows
 * about each server connection. Incremental: applying an event never rescans earlier ones.
 */
import type { AuthEvent, BridgeEvent, RedactedConnectionConfig, StopReason, TapInfo } from './envelope.js';
import { hostOfValue, type HostName } from './tap/hostName.js';
import { ENDPOINT_EVENT, readEndpoint } from './http/legacyEndpoint.js';
import { headerValue } from './http/requests.js';
import type { Connected } from './connect.js';
import type { FlowChoice } from './flows.js';
import { ExchangeTracker, type WireMessage } from './exchanges.js';
import { classifyText } from './jsonrpc.js';
import { Linter, type Finding } from './lint/index.js';
import { NOTE_TOPICS } from './noteTopics.js';

/**
 * Notifications no reader of `messages` looks up (the timeline's worker shows them from its own
 * copy). A server's logging floods with them, and each parsed message kept on the page made
 * every young-generation collection copy it: through a 200,000-line flood those collections
 * took 60 ms each, the page's longest tasks.
 */
const UNREAD_NOTIFICATIONS: ReadonlySet<string> = new Set(['notifications/message', 'notifications/progress']);

export type ConnStatus = 'starting' | 'running' | 'exited' | 'failed';

export interface ConnInfo {
  conn: string;
  label?: string;
  config?: RedactedConnectionConfig;
  /** A stdio server's process id (an HTTP connection has none). */
  pid?: number;
  /** HTTP, handshake flow: the session id the server gave (Mcp-Session-Id), for a tab taking over. */
  httpSession?: string;
  /**
   * HTTP+SSE (2024-11-05): where messages go, as the first acceptable `endpoint` event named it,
   * so a reloaded tab's messages still go there rather than to the connection's URL.
   */
  httpEndpoint?: string;
  /** HTTP: requests sent, responses received, SSE events received. */
  /** `legacy`: the server named a message endpoint, the older HTTP+SSE transport (2024-11-05). */
  http?: { requests: number; responses: number; sseEvents: number; legacy?: boolean };
  status: ConnStatus;
  /** How the user asked to connect. */
  choice?: FlowChoice;
  /** The client capabilities declared when connecting. */
  capabilities?: Record<string, unknown>;
  connected?: Connected;
  /** Seq of the latest list_changed notification per list, to mark fetched lists stale. */
  listChanged: { tools: number; prompts: number; resources: number };
  /** Highest numeric id the client has used, so a reloaded tab can go on without reusing one. */
  maxClientId: number;
  connectError?: string;
  steps: string[];
  exit?: { code: number | null; signal: string | null; requested: boolean };
  /** Who asked for the latest stop (the user, or the bridge after no tab showed it). */
  stopReason?: StopReason;
  /** Taken off the list by the user; its events stay in the journal and the log. */
  removed?: boolean;
  spawnError?: string;
  stdinLines: number;
  stdoutLines: number;
  stderrLines: number;
  /**
   * A host's connection recorded by `mcp-lens tap`: read-only. `client` is the host as it named
   * itself, `server` the server as it answered (initialize, or server/discover).
   */
  tap?: TapInfo & { server?: HostName };
}

const LIST_CHANGED: Record<string, 'tools' | 'prompts' | 'resources' | undefined> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/prompts/list_changed': 'prompts',
  'notifications/resources/list_changed': 'resources',
};

export class SessionModel {
  readonly events: BridgeEvent[] = [];
  /** Every `auth` event (the authorization lane), light-folded ones too: a handful per flow. */
  authEvents: readonly AuthEvent[] = [];
  readonly conns = new Map<string, ConnInfo>();
  /** Requests paired with what became of them, per connection and direction. */
  readonly exchanges = new ExchangeTracker();
  readonly linter = new Linter();
  /** The JSON-RPC reading of each stdin/stdout line, by seq (not of the notifications in UNREAD_NOTIFICATIONS). */
  readonly messages = new Map<number, WireMessage>();
  /** The app's own notes, in order: a short list to search instead of every event. */
  readonly notes: Extract<BridgeEvent, { kind: 'note' }>[] = [];
  /** Lint findings by the seq of the message they are on. */
  readonly findingsBySeq = new Map<number, Finding[]>();
  /** Bumped on every change, for cheap snapshot comparison. */
  version = 0;
  /**
   * The reading of the line applied last, kept in `messages` or not: the connection drivers
   * take it rather than parse the line again.
   */
  lastMessage: WireMessage | undefined;

  private last = -1;
  /** Events folded, kept or not. */
  count = 0;

  private readonly lint: boolean;
  /** Connections whose next stdout line is an `endpoint` event's data. */
  private readonly endpointNext = new Set<string>();
  /** Connections whose endpoint was read, taken or refused: as in the transport, only the first counts. */
  private readonly endpointRead = new Set<string>();

  /**
   * `lint: false` for a page whose findings come from elsewhere (the app's timeline worker
   * lints every event): linting each event again on the page's own thread cost a quarter of
   * its fold during a flood, for findings nothing there read.
   */
  constructor(options: { lint?: boolean } = {}) {
    this.lint = options.lint ?? true;
  }

  get lastSeq(): number {
    return this.last;
  }

  /**
   * Folds one event; false when it was already folded (a replay overlapping live frames).
   * `light`: an old event of a long backlog, folded for what the connections' state needs only
   * (not kept, not paired, not linted): the timeline worker shows it, from the journal.
   */
  apply(event: BridgeEvent, light = false): boolean {
    // Replays can overlap live frames after a reconnect; sequence numbers make that harmless.
    if (event.seq <= this.last) return false;
    this.last = event.seq;
    this.count++;
    this.version++;
    if (event.kind === 'note') this.notes.push(event);
    if (light) {
      this.lastMessage = undefined;
      if (event.conn !== undefined) this.applyToConn(event, event.conn, lightMessage(event));
      return true;
    }
    this.events.push(event);
    const message = this.exchanges.apply(event);
    this.lastMessage = message;
    if (message && !(message.classified.kind === 'notification' && UNREAD_NOTIFICATIONS.has(message.classified.method)))
      this.messages.set(event.seq, message);
    if (this.lint)
      for (const finding of this.linter.apply(event, message)) {
        const list = this.findingsBySeq.get(finding.seq);
        if (list) list.push(finding);
        else this.findingsBySeq.set(finding.seq, [finding]);
      }
    if (event.conn !== undefined) this.applyToConn(event, event.conn, message);
    return true;
  }

  private applyToConn(event: BridgeEvent, conn: string, message: WireMessage | undefined): void {
    const info = this.conn(conn);
    // The stdout line right after an `endpoint` event is its data (a note may fall between).
    if (event.kind !== 'note' && event.kind !== 'notice' && this.endpointNext.delete(conn) && event.kind === 'line')
      this.learnEndpoint(info, event);
    switch (event.kind) {
      case 'spawn':
        info.status = 'running';
        if (event.pid === undefined) delete info.pid;
        else info.pid = event.pid;
        info.config = event.config;
        delete info.httpSession;
        delete info.httpEndpoint;
        this.endpointRead.delete(conn);
        if (event.config.transport === 'http') info.http = { requests: 0, responses: 0, sseEvents: 0 };
        else delete info.http;
        if (event.label !== undefined) info.label = event.label;
        if (event.tap === undefined) delete info.tap;
        else info.tap = { ...event.tap, ...(info.tap?.client && !event.tap.client ? { client: info.tap.client } : {}) };
        delete info.exit;
        delete info.spawnError;
        delete info.stopReason;
        return;
      case 'spawn-error':
        info.status = 'failed';
        info.config = event.config;
        info.spawnError = event.message;
        return;
      case 'exit':
        info.status = 'exited';
        info.exit = { code: event.code, signal: event.signal, requested: event.requested };
        return;
      case 'line':
        if (message?.classified.kind === 'request' && message.from === 'client' && typeof message.classified.id === 'number') {
          info.maxClientId = Math.max(info.maxClientId, message.classified.id);
        }
        if (message?.from === 'server' && message.classified.kind === 'notification') {
          const list = LIST_CHANGED[message.classified.method];
          if (list) info.listChanged[list] = event.seq;
        }
        if (info.tap && message) this.nameTapped(info.tap, message);
        if (event.stream === 'stdin') info.stdinLines++;
        else if (event.stream === 'stdout') info.stdoutLines++;
        else info.stderrLines++;
        return;
      case 'note':
        this.applyNote(info, event.topic, event.data);
        return;
      case 'stop':
        if (event.reason !== undefined) info.stopReason = event.reason;
        return;
      case 'notice':
        return;
      case 'http': {
        const counts = (info.http ??= { requests: 0, responses: 0, sseEvents: 0 });
        if (event.phase === 'request') counts.requests++;
        else if (event.phase === 'response') {
          counts.responses++;
          const session = headerValue(event.headers, 'mcp-session-id');
          if (session !== undefined && info.httpSession === undefined && event.status < 300) info.httpSession = session;
          if (event.status === 404 && info.httpSession !== undefined) delete info.httpSession;
        } else if (event.phase === 'sse-event') {
          counts.sseEvents++;
          if (event.event === ENDPOINT_EVENT) {
            counts.legacy = true;
            if (!this.endpointRead.has(conn)) this.endpointNext.add(conn);
          }
        }
        return;
      }
      case 'auth':
        // A new array each time: the app's views compare it by identity.
        this.authEvents = [...this.authEvents, event];
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
  }

  /** A tapped connection's names, from the host's first request that says who it is and the server's answer to its opening. */
  private nameTapped(tap: NonNullable<ConnInfo['tap']>, message: WireMessage): void {
    const c = message.classified;
    if (tap.client === undefined && message.from === 'client' && c.kind === 'request') {
      const host = hostOfValue(c.message);
      if (host) tap.client = host;
    }
    if (tap.server === undefined && message.from === 'server' && c.kind === 'result') {
      // Folded light (an old event of a long backlog), a line is not paired: its serverInfo says enough.
      const method = message.pairing.kind === 'none' ? 'initialize' : this.exchanges.get(message.conn, 'client', c.id)?.method;
      const server = serverOfResult(c.result, method === 'initialize' || method === 'server/discover');
      if (server) tap.server = server;
    }
  }

  private learnEndpoint(info: ConnInfo, event: Extract<BridgeEvent, { kind: 'line' }>): void {
    const config = info.config;
    if (event.stream !== 'stdout' || config?.transport !== 'http' || this.endpointRead.has(info.conn)) return;
    this.endpointRead.add(info.conn);
    if (event.text === undefined) return;
    // Read as the transport reads it: an endpoint off the connection's origin was refused there.
    const reading = readEndpoint(config.url, event.text);
    if (reading.ok) info.httpEndpoint = reading.url;
  }

  get findings(): readonly Finding[] {
    return this.linter.findings;
  }

  private applyNote(info: ConnInfo, topic: string, data: unknown): void {
    const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    switch (topic) {
      case NOTE_TOPICS.connecting:
        info.steps = [];
        delete info.connected;
        delete info.connectError;
        if (record.choice === 'handshake' || record.choice === 'stateless' || record.choice === 'auto') info.choice = record.choice;
        if (typeof record.capabilities === 'object' && record.capabilities !== null)
          info.capabilities = record.capabilities as Record<string, unknown>;
        return;
      case NOTE_TOPICS.step:
        if (typeof record.text === 'string') info.steps.push(record.text);
        return;
      case NOTE_TOPICS.connected:
        info.connected = record.outcome as Connected;
        return;
      case NOTE_TOPICS.failed:
        if (typeof record.reason === 'string') info.connectError = record.reason;
        return;
      case NOTE_TOPICS.removed:
        info.removed = true;
        return;
      default:
        return;
    }
  }

  private conn(conn: string): ConnInfo {
    let info = this.conns.get(conn);
    if (!info) {
      info = {
        conn,
        status: 'starting',
        steps: [],
        stdinLines: 0,
        stdoutLines: 0,
        stderrLines: 0,
        maxClientId: 0,
        listChanged: { tools: -1, prompts: -1, resources: -1 },
      };
      this.conns.set(conn, info);
    }
    return info;
  }
}

/**
 * What applyToConn reads of a line, for a light fold: only client requests (their ids) and
 * server list_changed notifications are parsed; any other line is counted and left alone.
 */
function lightMessage(event: BridgeEvent): WireMessage | undefined {
  if (event.kind !== 'line' || event.text === undefined || event.conn === undefined) return undefined;
  // A server's serverInfo names a tapped connection (its opening may be far back in the backlog).
  const wanted =
    event.stream === 'stdin'
      ? event.text.includes('"id"')
      : event.stream === 'stdout' && (event.text.includes('list_changed') || event.text.includes('serverInfo"'));
  if (!wanted) return undefined;
  return {
    seq: event.seq,
    t: event.t,
    conn: event.conn,
    from: event.stream === 'stdin' ? 'client' : 'server',
    text: event.text,
    size: event.size,
    classified: classifyText(event.text),
    pairing: { kind: 'none' },
  };
}

/**
 * The server's own name in a result: an initialize result's `serverInfo` (`opening`), or the
 * `io.modelcontextprotocol/serverInfo` of any result's `_meta` (the stateless flow); title, else name.
 */
function serverOfResult(result: unknown, opening: boolean): HostName | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const { serverInfo, _meta: meta } = result as Record<string, unknown>;
  const info =
    (opening ? serverInfo : undefined) ??
    (typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)['io.modelcontextprotocol/serverInfo'] : undefined);
  if (typeof info !== 'object' || info === null) return undefined;
  const { title, name, version } = info as Record<string, unknown>;
  const shown = typeof title === 'string' && title.trim() !== '' ? title : name;
  if (typeof shown !== 'string' || shown.trim() === '') return undefined;
  return { name: shown.slice(0, 200), ...(typeof version === 'string' && version !== '' ? { version: version.slice(0, 100) } : {}) };
}
