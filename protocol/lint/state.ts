/**
 * What the linter remembers per connection, and the context a rule check runs in.
 */
import type { Side, WireMessage } from '../exchanges.js';
import type { Flow } from '../flows.js';
import { ExactId, type JsonRpcId } from '../jsonrpc.js';
import type { SchemaCheck } from './jsonSchema.js';

/** One request, remembered by its exchange key so its response can be checked by method. */
export interface RequestInfo {
  method: string;
  id: JsonRpcId;
  from: Side;
  seq: number;
  /** tools/call and prompts/get: the name asked for. */
  name?: string;
  /** list methods: whether a cursor was given (a later page merges, a first page replaces). */
  paged?: boolean;
  /** list methods: the cursor given, when it was a string. */
  cursor?: string;
  /** The request's clientCapabilities declared the tasks extension (resultType "task" allowed). */
  tasks?: boolean;
  /** Stateless flow: the clientCapabilities of this request's envelope (a record when it had one). */
  capabilities?: Record<string, unknown>;
  /** Stateless flow: the envelope had a protocolVersion and clientCapabilities. */
  envelope?: boolean;
  /** Stateless flow: the envelope set a logLevel (log notifications may follow while it is in flight). */
  logLevel?: boolean;
  /** _meta.progressToken of the request. */
  progressToken?: JsonRpcId;
  /** resources/read: the uri asked for. */
  uri?: string;
  /** 2025-11-25: a task-augmented request (params.task); its result is a CreateTaskResult. */
  taskAugmented?: boolean;
  /** tasks/* requests: the params.taskId asked about, when it was a string. */
  taskId?: string;
  /** subscriptions/listen: the notification filter asked for, and whether the server acknowledged it. */
  listen?: { filter: Record<string, unknown>; acknowledged: boolean };
  /** server/discover sent inside an open handshake session: a request of it, not the era probe. */
  inSession?: boolean;
}

/** A progress token given in a request, keyed by the requester and the token. */
export interface ProgressInfo {
  exchange: string;
  /** The last progress value reported for it. */
  last?: number;
  /** The request was cancelled: stragglers are expected and not judged. */
  cancelled?: boolean;
}

export interface ToolInfo {
  /** The outputSchema checker, when the tool declares one. */
  output?: SchemaCheck;
  /** MCP Apps: false when the tool's _meta.ui.visibility leaves apps out. */
  appCallable?: boolean;
}

export interface ConnState {
  /** The flow the user chose in connect.start ('auto' leaves it open); kept across a respawn. */
  choice?: Flow;
  /** The flow connect.done reported. */
  connected?: Flow;
  /** The flow read off the wire, when no note says. */
  inferred?: Flow;
  /** The client has sent notifications/initialized. */
  initialized: boolean;
  /** An HTTP connection: its streams interleave, so the order of lines on two of them proves nothing. */
  http?: boolean;
  /** Exchange key -> request. */
  requests: Map<string, RequestInfo>;
  /** Direction-qualified id (idKey) -> exchange key of the latest request with it. */
  byId: Map<string, string>;
  /** Tools from the latest tools/list on this process. */
  tools: Map<string, ToolInfo>;
  /** Handshake flow: seq of the initialize request that opened the session. */
  sessionStart?: number;
  /** Handshake flow: what the initialize request declared and its result offered. */
  clientCapabilities?: Record<string, unknown>;
  serverCapabilities?: Record<string, unknown>;
  /** Handshake flow: the version the initialize result chose. */
  protocolVersion?: string;
  /** Progress tokens of requests in progress (progressKey). */
  progress: Map<string, ProgressInfo>;
  /** Stateless flow: open subscriptions/listen requests by idKey('client', id) -> exchange key. */
  listens: Map<string, string>;
  /** Stateless flow: exchange keys of open requests that set a logLevel. */
  logging: Set<string>;
  /** List method -> the walk through its pages that the client is on (see pagination.ts). */
  walks: Map<string, PageWalk>;
  /** Tasks seen to end, by taskKey (see taskRules.ts): the status each ended in and where. */
  tasks: Map<string, TaskEnd>;
}

/** Where a task was first seen ended: what later messages about it are held to. */
export interface TaskEnd {
  /** completed, failed or cancelled; undefined when only a tasks/result answer showed it ended (2025-11-25). */
  status?: string;
  /** The message that showed it. */
  seq: number;
  /** Its lastUpdatedAt, in ms since the epoch, when that parsed. */
  updated?: number;
}

/** One walk through a list: the cursors the server has handed out, and the pages answered. */
export interface PageWalk {
  cursors: Set<string>;
  pages: number;
}

export function newConnState(choice?: Flow): ConnState {
  return {
    ...(choice === undefined ? {} : { choice }),
    initialized: false,
    requests: new Map(),
    byId: new Map(),
    tools: new Map(),
    progress: new Map(),
    listens: new Map(),
    logging: new Set(),
    walks: new Map(),
    tasks: new Map(),
  };
}

/** Progress tokens are the requester's: the two sides' tokens never meet. */
export function progressKey(requester: Side, token: JsonRpcId): string {
  return `${requester}:${typeof token}:${String(token)}`;
}

export function flowOf(state: ConnState): Flow | undefined {
  return state.connected ?? state.choice ?? state.inferred;
}

/**
 * The flow an opening is judged by, whatever the session became: initialize is 2025-11-25's,
 * and a server/discover that opens a conversation (the era probe) is 2026-07-28's. A
 * server/discover sent inside an open handshake session is just a request of that session.
 */
export function openingFlow(method: string, request: Pick<RequestInfo, 'inSession'> | undefined): Flow | undefined {
  if (method === 'initialize') return 'handshake';
  if (method === 'server/discover' && request?.inSession !== true) return 'stateless';
  return undefined;
}

/** What a check sees: the message, its connection and a way to report. */
export interface Check {
  state: ConnState;
  message: WireMessage;
  flow: Flow | undefined;
  report(rule: string, message: string): void;
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function other(side: Side): Side {
  return side === 'client' ? 'server' : 'client';
}

/** `tools/call "echo" (id 3)` */
export function describeRequest(info: Pick<RequestInfo, 'method' | 'id' | 'name'>): string {
  const name = info.name === undefined ? '' : ` ${JSON.stringify(info.name)}`;
  return `${info.method}${name} (id ${formatId(info.id)})`;
}

export function formatId(id: unknown): string {
  if (id instanceof ExactId) return id.text;
  return JSON.stringify(id) ?? String(id);
}

/** One sentence: whitespace collapsed, bounded, ending in a full stop. */
export function sentence(text: string, max = 600): string {
  let out = text.replace(/\s+/g, ' ').trim();
  if (out.length > max) out = `${out.slice(0, max - 1)}…`;
  return /[.!?…]$/.test(out) ? out : `${out}.`;
}
