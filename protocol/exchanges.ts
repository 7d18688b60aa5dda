/**
 * Pairing: every JSON-RPC line on a connection, folded into exchanges (a request and what
 * became of it). Incremental and O(1) per event, so a journal of a million events replays in
 * one pass. The two id spaces of the handshake flow are kept apart: a request is keyed by who
 * sent it and its id, so the client's 0 and the server's 0 never meet.
 */
import type { BridgeEvent } from './envelope.js';
import { idKey, type Classified, type JsonRpcId } from './jsonrpc.js';
import { classifyLine } from './lineClassify.js';
import { INPUT_REQUIRED_METHODS } from './flows.js';
import { HttpCarriers } from './http/carriers.js';

/** Who wrote a line: the client (our stdin writes) or the server (its stdout). */
export type Side = 'client' | 'server';

/** 'invalid': answered with a response that breaks JSON-RPC (both result and error, say). */
export type ExchangeStatus = 'pending' | 'result' | 'error' | 'invalid' | 'cancelled' | 'timeout' | 'orphaned';

export interface ProgressStep {
  seq: number;
  t: number;
  progress: number;
  total?: number;
  message?: string;
}

export interface Exchange {
  key: string;
  conn: string;
  /** Who sent the request. */
  from: Side;
  id: JsonRpcId;
  method: string;
  requestSeq: number;
  t0: number;
  status: ExchangeStatus;
  responseSeq?: number;
  t1?: number;
  latencyMs?: number;
  /** resultType of the result, when one was given (stateless flow). */
  resultType?: string;
  cancelSeq?: number;
  cancelReason?: string;
  /** A response that came after the request was cancelled or timed out. */
  lateResponseSeq?: number;
  progressToken?: JsonRpcId;
  progress: ProgressStep[];
  /** Multi round-trip requests: the exchange this one retries, and the one that retried it. */
  previousRound?: string;
  nextRound?: string;
}

/** How one wire message relates to the exchanges, for display and for lint. */
export type Pairing =
  | { kind: 'request'; exchange: string }
  | { kind: 'response'; exchange: string }
  | { kind: 'late-response'; exchange: string }
  | { kind: 'duplicate-response'; exchange: string }
  | { kind: 'unknown-id' }
  | { kind: 'duplicate-request-id'; exchange: string }
  | { kind: 'progress'; exchange?: string }
  | { kind: 'cancel'; exchange?: string }
  | { kind: 'notification' }
  | { kind: 'none' };

export interface WireMessage {
  seq: number;
  t: number;
  conn: string;
  from: Side;
  /** The line exactly (undefined when it was not valid UTF-8). */
  text?: string;
  size: number;
  classified: Classified;
  pairing: Pairing;
}

interface ConnState {
  /** Open and closed exchanges by direction-qualified id, latest first-come. */
  byId: Map<string, Exchange>;
  byProgressToken: Map<string, Exchange>;
  /** The last input_required exchange per method+name, for linking the retry. */
  awaitingRetry: Map<string, Exchange>;
  byRequestState: Map<string, Exchange>;
  /** Params of requests that may be retried, until their answer says no retry is coming. */
  requestParams: Map<string, Record<string, unknown>>;
  /** An HTTP connection's POSTs and the requests they carried. */
  http?: HttpCarriers;
}

/**
 * What a tracker remembers. The app keeps every exchange (its panels look old ones up); the
 * timeline index folds millions of events and keeps its own compact rows, so it lets closed
 * exchanges go once enough newer ones closed after them.
 */
export interface TrackerOptions {
  /** Closed exchanges kept (the oldest forgotten first); Infinity keeps them all. */
  keepClosed?: number;
  /** Keep each exchange's progress steps (a long call can have millions). Default true. */
  keepProgress?: boolean;
  /** Told of each exchange as it is forgotten, so a reader can drop what it keyed on it. */
  onForget?: (exchange: Exchange) => void;
}

export class ExchangeTracker {
  readonly exchanges = new Map<string, Exchange>();
  private readonly conns = new Map<string, ConnState>();
  private counter = 0;
  private readonly keepClosed: number;
  private readonly keepProgress: boolean;
  private readonly onForget: ((exchange: Exchange) => void) | undefined;
  /** Closed exchanges in the order they closed, from `closedHead` on (a queue without shifts). */
  private closed: Exchange[] = [];
  private closedHead = 0;
  /** requestState -> exchange entries, by exchange, so forgetting one finds its entry. */
  private readonly requestStates = new Map<Exchange, string>();

  constructor(options: TrackerOptions = {}) {
    this.keepClosed = options.keepClosed ?? Infinity;
    this.keepProgress = options.keepProgress ?? true;
    this.onForget = options.onForget;
  }

  /** Folds one bridge event; returns the wire message it carried, if it was a stdin/stdout line. */
  apply(event: BridgeEvent): WireMessage | undefined {
    if (event.conn === undefined) return undefined;
    if (event.kind === 'exit' || event.kind === 'spawn') {
      this.orphanAll(event.conn);
      return undefined;
    }
    if (event.kind === 'http') {
      const state = this.state(event.conn);
      state.http ??= new HttpCarriers();
      const refused = state.http.onHttp(event);
      const exchange = refused === undefined ? undefined : this.exchanges.get(refused);
      // The server never took it: no answer will come, and the client may send it again.
      if (exchange?.status === 'pending') {
        exchange.status = 'orphaned';
        this.closedNow(exchange);
      }
      return undefined;
    }
    if (event.kind !== 'line' || event.stream === 'stderr') return undefined;
    const from: Side = event.stream === 'stdin' ? 'client' : 'server';
    const classified: Classified = classifyLine(event);
    const message: WireMessage = {
      seq: event.seq,
      t: event.t,
      conn: event.conn,
      from,
      ...(event.text === undefined ? {} : { text: event.text }),
      size: event.size,
      classified,
      pairing: { kind: 'none' },
    };
    const state = this.state(event.conn);
    message.pairing = this.pair(state, message);
    this.carry(state, message);
    return message;
  }

  /** The exchanges still waiting for an answer on a connection. */
  pending(conn: string): Exchange[] {
    const state = this.conns.get(conn);
    if (!state) return [];
    return [...state.byId.values()].filter((e) => e.status === 'pending');
  }

  get(conn: string, from: Side, id: JsonRpcId): Exchange | undefined {
    return this.conns.get(conn)?.byId.get(idKey(from, id));
  }

  private pair(state: ConnState, message: WireMessage): Pairing {
    const c = message.classified;
    switch (c.kind) {
      case 'request':
        return this.onRequest(state, message, c);
      case 'result':
      case 'error':
        return this.onResponse(state, message, c);
      case 'notification':
        return this.onNotification(state, message, c);
      case 'invalid':
        return c.responseTo === undefined ? { kind: 'none' } : this.onResponse(state, message, { kind: 'invalid', id: c.responseTo });
      case 'batch':
      case 'non-json':
        return { kind: 'none' };
      default: {
        const never: never = c;
        return never;
      }
    }
  }

  private onRequest(state: ConnState, message: WireMessage, c: Extract<Classified, { kind: 'request' }>): Pairing {
    const key = idKey(message.from, c.id);
    const existing = state.byId.get(key);
    const exchange: Exchange = {
      key: `${message.conn}#${++this.counter}`,
      conn: message.conn,
      from: message.from,
      id: c.id,
      method: c.method,
      requestSeq: message.seq,
      t0: message.t,
      status: 'pending',
      progress: [],
    };
    const params = asRecord(c.params);
    const token = asRecord(params._meta).progressToken;
    if (typeof token === 'string' || typeof token === 'number') {
      exchange.progressToken = token;
      state.byProgressToken.set(tokenKey(token), exchange);
    }
    this.linkRound(state, exchange, params);
    this.exchanges.set(exchange.key, exchange);
    state.byId.set(key, exchange);
    if (existing && existing.status === 'pending') return { kind: 'duplicate-request-id', exchange: exchange.key };
    return { kind: 'request', exchange: exchange.key };
  }

  /** Over HTTP: which request a POST carried, and a body that answers it though its id does not say so. */
  private carry(state: ConnState, message: WireMessage): void {
    const http = state.http;
    if (!http) return;
    const c = message.classified;
    const pairing = message.pairing;
    if (message.from === 'client') {
      if (c.kind === 'request' && (pairing.kind === 'request' || pairing.kind === 'duplicate-request-id'))
        http.onClientRequest(pairing.exchange, c.method, c.id);
      else http.onOtherLine();
      return;
    }
    if (c.kind !== 'result' && c.kind !== 'error') return http.onOtherLine();
    const answers = http.onServerAnswer(c.id);
    if (answers === undefined || c.kind !== 'error') return;
    message.pairing = this.onResponse(state, message, { ...c, id: answers });
  }

  private onResponse(
    state: ConnState,
    message: WireMessage,
    c: Extract<Classified, { kind: 'result' } | { kind: 'error' }> | { kind: 'invalid'; id: JsonRpcId },
  ): Pairing {
    if (c.id === null) return { kind: 'unknown-id' };
    // A response travels the other way from its request.
    const requester: Side = message.from === 'server' ? 'client' : 'server';
    const exchange = state.byId.get(idKey(requester, c.id));
    if (!exchange) return { kind: 'unknown-id' };
    if (exchange.status === 'cancelled' || exchange.status === 'timeout') {
      exchange.lateResponseSeq ??= message.seq;
      return { kind: 'late-response', exchange: exchange.key };
    }
    if (exchange.status !== 'pending') return { kind: 'duplicate-response', exchange: exchange.key };
    exchange.status = c.kind;
    exchange.responseSeq = message.seq;
    exchange.t1 = message.t;
    exchange.latencyMs = message.t - exchange.t0;
    if (c.kind === 'result') {
      const resultType = asRecord(c.result).resultType;
      if (typeof resultType === 'string') {
        exchange.resultType = resultType;
        if (resultType === 'input_required') this.awaitRetry(state, exchange, asRecord(c.result));
      }
    }
    if (exchange.progressToken !== undefined) state.byProgressToken.delete(tokenKey(exchange.progressToken));
    if (exchange.resultType !== 'input_required') state.requestParams.delete(exchange.key);
    this.closedNow(exchange);
    return { kind: 'response', exchange: exchange.key };
  }

  private onNotification(state: ConnState, message: WireMessage, c: Extract<Classified, { kind: 'notification' }>): Pairing {
    const params = asRecord(c.params);
    if (c.method === 'notifications/progress') {
      const token = params.progressToken;
      const exchange = typeof token === 'string' || typeof token === 'number' ? state.byProgressToken.get(tokenKey(token)) : undefined;
      if (exchange && this.keepProgress && typeof params.progress === 'number') {
        exchange.progress.push({
          seq: message.seq,
          t: message.t,
          progress: params.progress,
          ...(typeof params.total === 'number' ? { total: params.total } : {}),
          ...(typeof params.message === 'string' ? { message: params.message } : {}),
        });
      }
      return exchange ? { kind: 'progress', exchange: exchange.key } : { kind: 'progress' };
    }
    if (c.method === 'notifications/cancelled') {
      const id = params.requestId;
      if (typeof id !== 'string' && typeof id !== 'number') return { kind: 'cancel' };
      // A cancel names a request the sender itself made.
      const exchange = state.byId.get(idKey(message.from, id));
      if (!exchange) return { kind: 'cancel' };
      if (exchange.status === 'pending') {
        const reason = typeof params.reason === 'string' ? params.reason : undefined;
        exchange.status = reason !== undefined && /time(d)?\s?out/i.test(reason) ? 'timeout' : 'cancelled';
        exchange.cancelSeq = message.seq;
        if (reason !== undefined) exchange.cancelReason = reason;
        this.closedNow(exchange);
      }
      return { kind: 'cancel', exchange: exchange.key };
    }
    return { kind: 'notification' };
  }

  private awaitRetry(state: ConnState, exchange: Exchange, result: Record<string, unknown>): void {
    const request = state.requestParams.get(exchange.key);
    state.awaitingRetry.set(roundKey(exchange.method, request), exchange);
    if (typeof result.requestState === 'string') {
      state.byRequestState.set(result.requestState, exchange);
      if (this.keepClosed !== Infinity) this.requestStates.set(exchange, result.requestState);
    }
  }

  private linkRound(state: ConnState, exchange: Exchange, params: Record<string, unknown>): void {
    if (!INPUT_REQUIRED_METHODS.has(exchange.method)) return;
    state.requestParams.set(exchange.key, params);
    if (!('inputResponses' in params) && !('requestState' in params)) return;
    const byState = typeof params.requestState === 'string' ? state.byRequestState.get(params.requestState) : undefined;
    const previous = byState ?? state.awaitingRetry.get(roundKey(exchange.method, params));
    if (!previous || previous.nextRound !== undefined) return;
    previous.nextRound = exchange.key;
    exchange.previousRound = previous.key;
  }

  private orphanAll(conn: string): void {
    const state = this.conns.get(conn);
    if (!state) return;
    for (const exchange of state.byId.values()) {
      if (exchange.status !== 'pending') continue;
      exchange.status = 'orphaned';
      this.closedNow(exchange);
    }
    // A new process is a new conversation: ids start over.
    state.byId.clear();
    state.byProgressToken.clear();
    state.awaitingRetry.clear();
    state.byRequestState.clear();
    state.requestParams.clear();
  }

  /** An exchange is over: past the number kept, the one closed longest ago is forgotten. */
  private closedNow(exchange: Exchange): void {
    if (this.keepClosed === Infinity) return;
    this.closed.push(exchange);
    while (this.closed.length - this.closedHead > this.keepClosed) {
      const old = this.closed[this.closedHead];
      this.closedHead++;
      if (old) this.forget(old);
    }
    // Compact the queue once its dead head is most of it, so it stays O(1) per close.
    if (this.closedHead > 4096 && this.closedHead * 2 > this.closed.length) {
      this.closed = this.closed.slice(this.closedHead);
      this.closedHead = 0;
    }
  }

  private forget(exchange: Exchange): void {
    this.exchanges.delete(exchange.key);
    const state = this.conns.get(exchange.conn);
    if (state) {
      const key = idKey(exchange.from, exchange.id);
      if (state.byId.get(key) === exchange) state.byId.delete(key);
      if (exchange.progressToken !== undefined && state.byProgressToken.get(tokenKey(exchange.progressToken)) === exchange)
        state.byProgressToken.delete(tokenKey(exchange.progressToken));
      state.requestParams.delete(exchange.key);
      const requestState = this.requestStates.get(exchange);
      if (requestState !== undefined) {
        if (state.byRequestState.get(requestState) === exchange) state.byRequestState.delete(requestState);
        this.requestStates.delete(exchange);
      }
      if (exchange.resultType === 'input_required')
        for (const [round, waiting] of state.awaitingRetry) if (waiting === exchange) state.awaitingRetry.delete(round);
    }
    this.onForget?.(exchange);
  }

  private state(conn: string): ConnState {
    let state = this.conns.get(conn);
    if (!state) {
      state = {
        byId: new Map(),
        byProgressToken: new Map(),
        awaitingRetry: new Map(),
        byRequestState: new Map(),
        requestParams: new Map(),
      };
      this.conns.set(conn, state);
    }
    return state;
  }
}

function roundKey(method: string, params: Record<string, unknown> | undefined): string {
  const target = params?.name ?? params?.uri ?? '';
  return `${method} ${typeof target === 'string' ? target : ''}`;
}

function tokenKey(token: JsonRpcId): string {
  return idKey('client', token);
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
