/**
 * The engine's side of Streamable HTTP, transport-agnostic like ClientSession: it turns each
 * message the engine writes into the HTTP request the flow calls for, and reads the recorded
 * events of each exchange (status, headers, SSE event ids, the body lines) to learn what HTTP
 * says beyond the messages: the session id, the negotiated version, a stream to resume, an
 * exchange that ended without the answer its request awaits. Pure: the host performs the
 * requests (through the bridge) and feeds back every event of the connection, in order.
 */
import type { BridgeEvent, HttpEvent } from '../envelope.js';
import type { Timers } from '../clientSession.js';
import type { Flow } from '../flows.js';
import type { JsonRpcId } from '../jsonrpc.js';
import { paramHeadersOf, type ParamHeader } from './headers.js';
import { ENDPOINT_EVENT, LEGACY_FALLBACK_STATUSES, readEndpoint } from './legacyEndpoint.js';
import { bodyInfo, deleteRequest, headerValue, postRequest, streamRequest, type HttpRequestSpec } from './requests.js';

export interface HttpTransportOptions {
  /** Perform one request (the app sends the bridge an `http` command; the CLI calls its host). */
  perform: (request: HttpRequestSpec) => void;
  /** Stop reading an exchange: a cancel in the stateless flow, the stream when closing. */
  abort: (req: string, reason: string) => void;
  /** A request whose exchange ended without its answer, why in one line, and whether nothing answered at all. */
  onFailed: (id: JsonRpcId, reason: string, unreachable: boolean) => void;
  /** Something HTTP said that the record should say in words (a session given, a stream refused). */
  onNote?: (text: string) => void;
  timers?: Timers;
  /** The connection's URL: what an older server's `endpoint` event is resolved against (and must share the origin of). */
  url?: string;
  /** Starts every exchange id, so two tabs (or a reloaded one) never reuse one on a connection. */
  prefix?: string;
  /** How many times in a row a stream is resumed without a new event before giving up. Default 3. */
  maxResumes?: number;
  /** The wait before resuming when the server named none (SSE `retry`). Default 1000 ms. */
  defaultRetryMs?: number;
}

/** `legacy-stream`: the 2024-11-05 transport's GET, which names the endpoint and then carries every answer. */
type Role = 'post' | 'stream' | 'resume' | 'delete' | 'legacy-stream';

interface Exchange {
  req: string;
  role: Role;
  /** The JSON-RPC request this exchange carries, or (a resumption) still awaits. */
  rpcId?: JsonRpcId;
  rpcMethod?: string;
  /** POST of something that awaits no answer (a notification, a response). */
  oneWay: boolean;
  sentSession: boolean;
  status?: number;
  contentType?: string;
  answered: boolean;
  aborted: boolean;
  lastEventId?: string;
  retryMs?: number;
  /** SSE events seen on this exchange. */
  events: number;
  /** An initialize's body: sent again to an older server's endpoint when the POST is refused. */
  text?: string;
  /** The first body line of a response that is not a stream, for the reason of a failure. */
  body?: string;
  /** A resumption: how many in a row came without a new event. */
  attempt: number;
  /** A POST to an older server's endpoint: its answer comes on the stream, the POST only says it was taken. */
  legacy?: boolean;
  /** The event name of the last SSE event: the body line after an `endpoint` event is its data. */
  lastEvent?: string;
}

/** The 2024-11-05 HTTP+SSE transport, once a refused initialize led to it. */
interface Legacy {
  /** The refused initialize (sent again to the endpoint) and why the POST failed. */
  initialize: { text: string; id: JsonRpcId; refusal: string };
  stream: string;
  /** Where messages go, once the endpoint event named it. */
  endpoint?: string;
  /** Messages written before the endpoint was known. */
  queued: string[];
}

const defaultTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export class HttpTransport {
  private readonly exchanges = new Map<string, Exchange>();
  private counter = 0;
  private flow: Flow | undefined;
  private version: string | undefined;
  private session: string | undefined;
  /** The exchange of the last event: a stdout line belongs to the http event just before it. */
  private lastReq: string | undefined;
  private readonly tools = new Map<string, ParamHeader[]>();
  private readonly flagged = new Set<string>();
  private streamWanted = false;
  private streamFailures = 0;
  private timer: unknown;
  private closed = false;
  private legacy: Legacy | undefined;
  private readonly timers: Timers;

  constructor(private readonly options: HttpTransportOptions) {
    this.timers = options.timers ?? defaultTimers;
  }

  /** Handshake: the session the server gave (Mcp-Session-Id), once it has. */
  get sessionId(): string | undefined {
    return this.session;
  }

  get protocolVersion(): string | undefined {
    return this.version;
  }

  /** The server speaks the 2024-11-05 HTTP+SSE transport (its endpoint is known). */
  get legacyEndpoint(): string | undefined {
    return this.legacy?.endpoint;
  }

  /** The connection settled on a flow (the connector's outcome): what a message without an envelope is sent as. */
  settle(flow: Flow, protocolVersion: string): void {
    this.flow = flow;
    this.version = protocolVersion;
  }

  /** A tab taking over a connection opened before it was loaded: what the journal says of it. */
  restore(state: { flow?: Flow; protocolVersion?: string; sessionId?: string; legacyEndpoint?: string }): void {
    if (state.flow !== undefined) this.flow = state.flow;
    // An older server's stream stays the bridge's (the earlier tab opened it); its endpoint is
    // where every message goes, and there is no initialize left to send.
    if (state.legacyEndpoint !== undefined)
      this.legacy = { initialize: { text: '', id: 0, refusal: '' }, stream: '', endpoint: state.legacyEndpoint, queued: [] };
    if (state.protocolVersion !== undefined) this.version = state.protocolVersion;
    if (state.sessionId !== undefined) this.session = state.sessionId;
  }

  /**
   * One message, as the engine (or the user, raw) wrote it. In the stateless flow a
   * `notifications/cancelled` is not sent: closing the request's stream is the cancellation.
   */
  send(text: string): void {
    if (this.closed) return;
    if (this.legacy) return this.sendLegacy(text);
    const info = bodyInfo(text);
    if (this.flow === 'stateless' && info.method === 'notifications/cancelled' && info.envelopeVersion === undefined) {
      const params = (info.params ?? {}) as Record<string, unknown>;
      const target = this.exchangeOf(params.requestId);
      if (target) {
        target.aborted = true;
        const reason = typeof params.reason === 'string' ? params.reason : 'cancelled';
        this.options.abort(target.req, `cancelled: ${reason}`);
      }
      return;
    }
    const req = this.nextReq();
    const paramHeaders = info.method === 'tools/call' ? this.toolHeaders(info.params) : undefined;
    const request = postRequest(req, text, {
      ...(this.flow === undefined ? {} : { flow: this.flow }),
      ...(this.session === undefined ? {} : { sessionId: this.session }),
      ...(this.version === undefined ? {} : { protocolVersion: this.version }),
      ...(paramHeaders === undefined ? {} : { paramHeaders }),
    });
    this.exchanges.set(req, {
      req,
      role: 'post',
      ...(info.id === undefined ? {} : { rpcId: info.id }),
      ...(info.method === undefined ? {} : { rpcMethod: info.method }),
      ...(info.method === 'initialize' ? { text } : {}),
      oneWay: info.id === undefined,
      sentSession: 'Mcp-Session-Id' in request.headers,
      answered: false,
      aborted: false,
      events: 0,
      attempt: 0,
    });
    this.options.perform(request);
  }

  /** Handshake, once open: the GET stream for the server's own messages (a server may refuse it, 405). */
  openStream(): void {
    // An older server's stream is open already: it is the one every answer comes on.
    if (this.closed || this.flow !== 'handshake' || this.legacy) return;
    this.streamWanted = true;
    this.streamFailures = 0;
    this.startStream(undefined);
  }

  /**
   * Ends the conversation on HTTP's side: closes the open streams and, in the handshake flow with
   * a session, sends the DELETE that ends it. The host stops the connection after.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.streamWanted = false;
    if (this.timer !== undefined) this.timers.clear(this.timer);
    for (const exchange of this.exchanges.values()) {
      if (exchange.role === 'stream' || exchange.role === 'resume' || exchange.role === 'legacy-stream') {
        exchange.aborted = true;
        this.options.abort(exchange.req, 'the connection is closing');
      }
    }
    if (this.session !== undefined && this.flow !== 'stateless' && !this.legacy) {
      const req = this.nextReq();
      this.exchanges.set(req, {
        req,
        role: 'delete',
        oneWay: true,
        sentSession: true,
        answered: false,
        aborted: false,
        events: 0,
        attempt: 0,
      });
      this.options.perform(
        deleteRequest(req, { sessionId: this.session, ...(this.version === undefined ? {} : { protocolVersion: this.version }) }),
      );
    }
  }

  /** Every event of the connection, in recording order. */
  onEvent(event: BridgeEvent): void {
    if (event.kind === 'http') {
      this.lastReq = event.req;
      this.onHttp(event);
      return;
    }
    // A note the engine wrote on hearing a response (a session given) falls between the
    // response and its body: it is not the server's, so the body still belongs to that exchange.
    if (event.kind === 'note' || event.kind === 'notice') return;
    const req = this.lastReq;
    this.lastReq = undefined;
    if (event.kind === 'line' && event.stream === 'stdout' && req !== undefined) {
      const exchange = this.exchanges.get(req);
      if (exchange) this.onBodyLine(exchange, event.text);
    }
    if (event.kind === 'exit' || event.kind === 'spawn-error') {
      this.closed = true;
      if (this.timer !== undefined) this.timers.clear(this.timer);
    }
  }

  private onHttp(event: HttpEvent): void {
    const exchange = this.exchanges.get(event.req);
    if (!exchange) return;
    switch (event.phase) {
      case 'request':
        return;
      case 'response': {
        exchange.status = event.status;
        if (event.contentType !== undefined) exchange.contentType = event.contentType;
        const given = headerValue(event.headers, 'mcp-session-id');
        if (given !== undefined && this.session === undefined && event.status < 300 && this.flow !== 'stateless') {
          this.session = given;
          this.options.onNote?.(`the server gave the session id ${given} (Mcp-Session-Id): every request now carries it`);
        }
        if (exchange.role === 'stream' && event.status < 300) this.streamFailures = 0;
        return;
      }
      case 'sse-event':
        exchange.events++;
        exchange.lastEvent = event.event;
        if (event.id !== undefined) exchange.lastEventId = event.id;
        if (event.retry !== undefined) exchange.retryMs = event.retry;
        if (exchange.role === 'resume') exchange.attempt = 0;
        return;
      case 'end':
      case 'error':
        this.exchanges.delete(event.req);
        this.finished(exchange, event);
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
  }

  private onBodyLine(exchange: Exchange, text: string | undefined): void {
    if (text === undefined) return;
    if (exchange.role === 'legacy-stream' && exchange.lastEvent === ENDPOINT_EVENT) return this.onEndpoint(text);
    if (exchange.body === undefined && exchange.events === 0) exchange.body = text;
    const answer = answerOf(text);
    if (!answer) return;
    if (exchange.rpcId !== undefined && answer.id === exchange.rpcId) exchange.answered = true;
    // Initialize's result settles the version every later request names (MCP-Protocol-Version).
    if (exchange.rpcMethod === 'initialize' && answer.id === exchange.rpcId && typeof answer.result?.protocolVersion === 'string')
      this.version = answer.result.protocolVersion;
    if (exchange.rpcMethod === 'tools/list' && answer.id === exchange.rpcId) this.learnTools(answer.result);
  }

  private finished(exchange: Exchange, event: Extract<HttpEvent, { phase: 'end' | 'error' }>): void {
    if (exchange.aborted || this.closed) return;
    const status = exchange.status;
    if (status === 404 && exchange.sentSession && this.session !== undefined) {
      this.options.onNote?.(`the server answered 404 to session ${this.session}: the session has ended; connect again to start a new one`);
      this.session = undefined;
      this.streamWanted = false;
    }
    if (exchange.legacy) return this.legacyPostEnded(exchange, event);
    switch (exchange.role) {
      case 'legacy-stream':
        return this.legacyStreamEnded(exchange, event);
      case 'delete':
        if (status === 405) this.options.onNote?.('the server does not let a client end its session (DELETE answered 405)');
        return;
      case 'stream':
        return this.streamEnded(exchange, event);
      case 'resume':
      case 'post':
        break;
      default: {
        const never: never = exchange.role;
        return never;
      }
    }
    if (exchange.oneWay) {
      if (event.phase === 'error' || (status !== undefined && status >= 300))
        this.options.onNote?.(`the server did not accept ${exchange.rpcMethod ?? 'a message'}: ${describeEnd(exchange, event)}`);
      return;
    }
    if (exchange.answered || exchange.rpcId === undefined) return;
    if (this.mayBeLegacy(exchange, event)) return this.startLegacy(exchange, event);
    // A stream of the handshake flow cut before the answer: resume it where it stopped.
    const streamed = exchange.contentType === 'text/event-stream' || exchange.role === 'resume';
    const resumable = streamed && exchange.lastEventId !== undefined && this.flow !== 'stateless' && (status ?? 0) < 300;
    const maxResumes = this.options.maxResumes ?? 3;
    if (resumable && exchange.attempt < maxResumes) return this.resume(exchange);
    this.options.onFailed(exchange.rpcId, describeEnd(exchange, event), exchange.status === undefined && event.phase === 'error');
  }

  /**
   * A POST of initialize refused with 400, 404 or 405 before any session: the server may speak
   * the 2024-11-05 transport (or `url` is its `/sse` address), so a GET of the same URL asks.
   */
  private mayBeLegacy(exchange: Exchange, event: Extract<HttpEvent, { phase: 'end' | 'error' }>): boolean {
    return (
      exchange.role === 'post' &&
      exchange.rpcMethod === 'initialize' &&
      event.phase === 'end' &&
      LEGACY_FALLBACK_STATUSES.has(exchange.status ?? 0) &&
      this.session === undefined &&
      this.legacy === undefined &&
      this.options.url !== undefined
    );
  }

  private startLegacy(exchange: Exchange, event: Extract<HttpEvent, { phase: 'end' | 'error' }>): void {
    const req = this.nextReq();
    const refusal = describeEnd(exchange, event);
    this.legacy = { initialize: { text: exchange.text ?? '', id: exchange.rpcId ?? 0, refusal: refusal }, stream: req, queued: [] };
    this.options.onNote?.(
      `initialize was refused (HTTP ${exchange.status ?? '?'}): trying the older HTTP+SSE transport (2024-11-05), a GET of the same URL that should name where messages go`,
    );
    this.exchanges.set(req, {
      req,
      role: 'legacy-stream',
      oneWay: false,
      sentSession: false,
      answered: false,
      aborted: false,
      events: 0,
      attempt: 0,
    });
    this.options.perform(streamRequest(req, {}));
  }

  private onEndpoint(data: string): void {
    const legacy = this.legacy;
    if (!legacy || legacy.endpoint !== undefined || this.options.url === undefined) return;
    const reading = readEndpoint(this.options.url, data);
    if (!reading.ok) {
      this.options.onNote?.(`not connected over HTTP+SSE: ${reading.reason}`);
      this.abortLegacy('the endpoint was refused');
      this.options.onFailed(legacy.initialize.id, `the server speaks the older HTTP+SSE transport, but ${reading.reason}`, false);
      return;
    }
    legacy.endpoint = reading.url;
    this.options.onNote?.(
      `the server speaks the older HTTP+SSE transport (2024-11-05): messages are POSTed to ${reading.url}, answers come on the stream`,
    );
    this.postLegacy(legacy.initialize.text);
    for (const text of legacy.queued.splice(0)) this.postLegacy(text);
  }

  private sendLegacy(text: string): void {
    const legacy = this.legacy;
    if (!legacy) return;
    if (legacy.endpoint === undefined) legacy.queued.push(text);
    else this.postLegacy(text);
  }

  private postLegacy(text: string): void {
    const endpoint = this.legacy?.endpoint;
    if (endpoint === undefined) return;
    const info = bodyInfo(text);
    const req = this.nextReq();
    // The 2024-11-05 transport has no session or version headers: the endpoint's URL is the session.
    const request = postRequest(req, text);
    this.exchanges.set(req, {
      req,
      role: 'post',
      ...(info.id === undefined ? {} : { rpcId: info.id }),
      ...(info.method === undefined ? {} : { rpcMethod: info.method }),
      oneWay: info.id === undefined,
      sentSession: false,
      answered: false,
      aborted: false,
      events: 0,
      attempt: 0,
      legacy: true,
    });
    this.options.perform({ ...request, url: endpoint });
  }

  private legacyPostEnded(exchange: Exchange, event: Extract<HttpEvent, { phase: 'end' | 'error' }>): void {
    const refused = event.phase === 'error' || (exchange.status !== undefined && exchange.status >= 300);
    if (!refused) return;
    if (exchange.rpcId !== undefined && !exchange.answered)
      this.options.onFailed(exchange.rpcId, describeEnd(exchange, event), exchange.status === undefined && event.phase === 'error');
    else this.options.onNote?.(`the server did not accept ${exchange.rpcMethod ?? 'a message'}: ${describeEnd(exchange, event)}`);
  }

  private legacyStreamEnded(exchange: Exchange, event: Extract<HttpEvent, { phase: 'end' | 'error' }>): void {
    const legacy = this.legacy;
    if (!legacy) return;
    if (legacy.endpoint === undefined) {
      const got =
        exchange.status !== undefined && exchange.status < 300 && exchange.contentType === 'text/event-stream'
          ? 'a stream with no endpoint event'
          : describeEnd(exchange, event);
      this.options.onFailed(
        legacy.initialize.id,
        `${legacy.initialize.refusal}; and a GET of the same URL (the older HTTP+SSE transport) gave ${got}: neither Streamable HTTP nor HTTP+SSE answered`,
        exchange.status === undefined && event.phase === 'error',
      );
      return;
    }
    this.options.onNote?.(
      `the HTTP+SSE stream ended (${describeEnd(exchange, event)}): the server's answers can no longer arrive; connect again`,
    );
  }

  private abortLegacy(reason: string): void {
    const stream = this.legacy ? this.exchanges.get(this.legacy.stream) : undefined;
    if (!stream) return;
    stream.aborted = true;
    this.options.abort(stream.req, reason);
  }

  private resume(from: Exchange): void {
    const lastEventId = from.lastEventId ?? '';
    const delay = from.retryMs ?? this.options.defaultRetryMs ?? 1000;
    const attempt = from.attempt + 1;
    this.options.onNote?.(
      `the stream carrying request ${JSON.stringify(from.rpcId)} ended before its answer: resuming after event ${lastEventId} (GET with Last-Event-ID, in ${delay} ms)`,
    );
    const req = this.nextReq();
    const exchange: Exchange = {
      req,
      role: 'resume',
      ...(from.rpcId === undefined ? {} : { rpcId: from.rpcId }),
      ...(from.rpcMethod === undefined ? {} : { rpcMethod: from.rpcMethod }),
      oneWay: false,
      sentSession: this.session !== undefined,
      answered: false,
      aborted: false,
      lastEventId,
      ...(from.retryMs === undefined ? {} : { retryMs: from.retryMs }),
      events: 0,
      attempt,
    };
    this.timers.set(() => {
      if (this.closed) return;
      this.exchanges.set(req, exchange);
      this.options.perform(streamRequest(req, this.streamContext(lastEventId)));
    }, delay);
  }

  private startStream(lastEventId: string | undefined): void {
    const req = this.nextReq();
    this.exchanges.set(req, {
      req,
      role: 'stream',
      oneWay: false,
      sentSession: this.session !== undefined,
      answered: false,
      aborted: false,
      ...(lastEventId === undefined ? {} : { lastEventId }),
      events: 0,
      attempt: 0,
    });
    this.options.perform(streamRequest(req, this.streamContext(lastEventId)));
  }

  private streamEnded(exchange: Exchange, event: Extract<HttpEvent, { phase: 'end' | 'error' }>): void {
    const status = exchange.status;
    if (status === 405) {
      this.options.onNote?.('the server offers no stream for its own messages (GET answered 405): they come only with answers');
      return;
    }
    if (!this.streamWanted) return;
    if (exchange.events === 0) this.streamFailures++;
    else this.streamFailures = 0;
    if (this.streamFailures >= (this.options.maxResumes ?? 3) || (status !== undefined && status >= 400)) {
      this.options.onNote?.(`the stream of server messages ended (${describeEnd(exchange, event)}); not opened again`);
      this.streamWanted = false;
      return;
    }
    const delay = exchange.retryMs ?? this.options.defaultRetryMs ?? 1000;
    const lastEventId = exchange.lastEventId;
    this.options.onNote?.(
      `the stream of server messages ended (${describeEnd(exchange, event)}); opening it again in ${delay} ms${lastEventId === undefined ? '' : ` after event ${lastEventId} (Last-Event-ID)`}`,
    );
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      if (!this.closed && this.streamWanted) this.startStream(lastEventId);
    }, delay);
  }

  private streamContext(lastEventId: string | undefined): { sessionId?: string; protocolVersion?: string; lastEventId?: string } {
    return {
      ...(this.session === undefined ? {} : { sessionId: this.session }),
      ...(this.version === undefined ? {} : { protocolVersion: this.version }),
      ...(lastEventId === undefined ? {} : { lastEventId }),
    };
  }

  private exchangeOf(id: unknown): Exchange | undefined {
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    for (const exchange of this.exchanges.values())
      if (exchange.rpcId === id && (exchange.role === 'post' || exchange.role === 'resume')) return exchange;
    return undefined;
  }

  private learnTools(result: Record<string, unknown> | undefined): void {
    const tools = Array.isArray(result?.tools) ? (result.tools as unknown[]) : [];
    for (const tool of tools) {
      if (typeof tool !== 'object' || tool === null) continue;
      const { name, inputSchema } = tool as { name?: unknown; inputSchema?: unknown };
      if (typeof name !== 'string') continue;
      const { headers, problems } = paramHeadersOf(inputSchema);
      this.tools.set(name, headers);
      if (problems.length > 0 && !this.flagged.has(name)) {
        this.flagged.add(name);
        this.options.onNote?.(`tool ${name}: ${problems.join('; ')} (a client on HTTP must leave such a tool out)`);
      }
    }
  }

  private toolHeaders(params: unknown): ParamHeader[] | undefined {
    const name = typeof params === 'object' && params !== null ? (params as { name?: unknown }).name : undefined;
    return typeof name === 'string' ? this.tools.get(name) : undefined;
  }

  private nextReq(): string {
    return `${this.options.prefix ?? 'h'}${++this.counter}`;
  }
}

/** A JSON-RPC response's id and result, when the line is one. */
function answerOf(text: string): { id: JsonRpcId; result?: Record<string, unknown> } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const message = value as Record<string, unknown>;
  if ('method' in message || !('result' in message || 'error' in message)) return undefined;
  const id = message.id;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  const result = message.result;
  return {
    id,
    ...(typeof result === 'object' && result !== null && !Array.isArray(result) ? { result: result as Record<string, unknown> } : {}),
  };
}

/** Why an exchange ended without the answer, in one line. */
function describeEnd(exchange: Exchange, event: Extract<HttpEvent, { phase: 'end' | 'error' }>): string {
  if (event.phase === 'error') return event.message;
  const status = exchange.status;
  const excerpt = exchange.body === undefined ? '' : `: ${clip(exchange.body)}`;
  if (status !== undefined && status >= 300) return `HTTP ${status}${excerpt}`;
  if (exchange.contentType === 'text/event-stream' || exchange.role === 'resume')
    return event.how === 'cut' ? 'the SSE stream was cut inside an event, before the answer' : 'the SSE stream ended without the answer';
  if (exchange.body === undefined) return `HTTP ${status ?? '?'} with no body: no answer to the request`;
  return `HTTP ${status ?? '?'}: the body is not the answer to the request${excerpt}`;
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 200 ? `${oneLine.slice(0, 200)}…` : oneLine;
}
