/**
 * The linter: every message checked against the protocol revision in use on its connection.
 * Incremental like the ExchangeTracker it rides on: feed each bridge event in order with the
 * WireMessage the tracker returned for it, and get back the findings that event produced.
 *
 * The flow of a connection comes from the app's notes (connect.start's choice, connect.done's
 * outcome); without them it is read off the wire: a client `initialize` means the handshake
 * flow, a client request with the `_meta` protocolVersion means the stateless flow.
 */
import type { BridgeEvent } from '../envelope.js';
import type { Side, WireMessage } from '../exchanges.js';
import { META_KEYS, type Flow } from '../flows.js';
import { idKey, type JsonRpcId } from '../jsonrpc.js';
import { NOTE_TOPICS } from '../noteTopics.js';
import { checkMissingCapabilityError, checkNotificationCapability, checkServerRequestCapability } from './capabilities.js';
import { checkEnvelope, checkResultEnvelope, checkServerMessage, declaresTasks } from './flowRules.js';
import { HttpRefusals } from './httpRefusals.js';
import { AuthLint } from './authRules.js';
import { AppLint } from './appRules.js';
import { checkProgress, checkStatelessNotification } from './notifications.js';
import { checkPagination } from './pagination.js';
import { checkResult } from './results.js';
import { checkInputRequired } from './resultShapes.js';
import { ruleInfo, specFor, type Finding } from './rules.js';
import { checkSchema } from './schemaRule.js';
import { checkTaskNotification, checkTaskResult } from './taskRules.js';
import { asRecord, flowOf, newConnState, progressKey, sentence, type Check, type ConnState, type RequestInfo } from './state.js';
import {
  checkClientResponse,
  checkErrorCode,
  checkFraming,
  checkPairing,
  checkRequestId,
  checkResourceNotFound,
  checkSessionIdReuse,
} from './wire.js';

const LIST_METHODS: ReadonlySet<string> = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']);

export interface LinterOptions {
  /** Keep every finding in `findings` (the app's panels read it). Default true; the timeline index stores its own. */
  keepFindings?: boolean;
}

export class Linter {
  readonly findings: Finding[] = [];
  private readonly conns = new Map<string, ConnState>();
  /** HTTP connections: which body lines answer no message (a refused GET or DELETE). */
  private readonly http = new Map<string, HttpRefusals>();
  /** HTTP connections: what their OAuth flows have shown so far. */
  private readonly auth = new Map<string, AuthLint>();
  /** MCP Apps' lanes: what each app and the host have said so far. */
  private readonly apps = new Map<string, AppLint>();
  private readonly keepFindings: boolean;

  constructor(options: LinterOptions = {}) {
    this.keepFindings = options.keepFindings ?? true;
  }

  /**
   * Drops what the linter remembers of a request the tracker forgot (ExchangeTracker's
   * onForget), so a session of millions of requests does not keep them all.
   */
  forget(conn: string, exchange: string, from: Side, id: JsonRpcId): void {
    const state = this.conns.get(conn);
    if (!state) return;
    const request = state.requests.get(exchange);
    if (!request) return;
    state.requests.delete(exchange);
    const key = idKey(from, id);
    if (state.byId.get(key) === exchange) state.byId.delete(key);
    if (request.progressToken !== undefined) {
      const progress = progressKey(request.from, request.progressToken);
      if (state.progress.get(progress)?.exchange === exchange) state.progress.delete(progress);
    }
  }

  /** Feed every bridge event in order together with the WireMessage the ExchangeTracker returned for it (undefined for non-line events and stderr). Returns the new findings. */
  apply(event: BridgeEvent, message: WireMessage | undefined): Finding[] {
    const conn = event.conn;
    if (conn === undefined) return [];
    switch (event.kind) {
      case 'spawn':
        if (event.config.transport === 'app') {
          const of = event.config.of;
          this.apps.set(conn, new AppLint((name) => this.conns.get(of)?.tools.get(name)?.appCallable));
          return [];
        }
        // A new process is a new conversation; only the user's choice of flow carries over
        // (connect.start is journaled before the spawn it leads to).
        this.conns.set(conn, newConnState(this.conns.get(conn)?.choice));
        this.http.delete(conn);
        this.auth.delete(conn);
        return [];
      case 'note':
        this.applyNote(this.state(conn), event.topic, event.data);
        return [];
      case 'http': {
        let http = this.http.get(conn);
        if (!http) {
          http = new HttpRefusals();
          this.http.set(conn, http);
          this.state(conn).http = true;
        }
        const before = http.onHttp(event);
        if (before === undefined) return [];
        const found = [this.lateEndpoint(event, before)];
        if (this.keepFindings) this.findings.push(...found);
        return found;
      }
      case 'auth': {
        let auth = this.auth.get(conn);
        if (!auth) {
          auth = new AuthLint();
          this.auth.set(conn, auth);
        }
        const flow = flowOf(this.state(conn));
        const found: Finding[] = [];
        auth.apply(event, (rule, text) => {
          const info = ruleInfo(rule);
          found.push({ rule, severity: info.severity, conn, seq: event.seq, message: sentence(text), spec: specFor(info, flow) });
        });
        if (this.keepFindings) this.findings.push(...found);
        return found;
      }
      case 'line': {
        const app = this.apps.get(conn);
        if (app) return message === undefined || event.stream === 'stderr' ? [] : this.lintApp(app, message);
        if (this.http.get(conn)?.isRefusalBody(event.stream, message?.classified.kind === 'non-json')) return [];
        if (event.stream === 'stderr' || message === undefined) return [];
        return this.lint(this.state(conn), message);
      }
      default:
        return [];
    }
  }

  private lintApp(app: AppLint, message: WireMessage): Finding[] {
    const found: Finding[] = [];
    app.apply(message, (rule, text) => {
      const info = ruleInfo(rule);
      found.push({ rule, severity: info.severity, conn: message.conn, seq: message.seq, message: sentence(text), spec: info.spec });
    });
    if (this.keepFindings) this.findings.push(...found);
    return found;
  }

  private lateEndpoint(event: Extract<BridgeEvent, { kind: 'http' }>, before: number): Finding {
    const info = ruleInfo('http-sse-endpoint-late');
    return {
      rule: info.id,
      severity: info.severity,
      conn: event.conn ?? '',
      seq: event.seq,
      message: sentence(
        `The endpoint event came after ${before} other event${before === 1 ? '' : 's'} on the HTTP+SSE stream [${event.req}]; an older server sends it first, when the client connects (MCP Lens still posts messages to it)`,
      ),
      spec: info.spec,
    };
  }

  private applyNote(state: ConnState, topic: string, data: unknown): void {
    const record = asRecord(data);
    if (topic === NOTE_TOPICS.connecting) {
      const choice = record?.choice;
      if (choice === 'handshake' || choice === 'stateless') state.choice = choice;
      else delete state.choice;
      delete state.connected;
    } else if (topic === NOTE_TOPICS.connected) {
      const flow = asRecord(record?.outcome)?.flow;
      if (flow === 'handshake' || flow === 'stateless') state.connected = flow;
    }
  }

  private lint(state: ConnState, message: WireMessage): Finding[] {
    const c = message.classified;
    if (c.kind === 'request' && message.from === 'client') infer(state, c.method, c.params);
    if (c.kind === 'notification' && message.from === 'client' && c.method === 'notifications/initialized') state.initialized = true;

    const found: Finding[] = [];
    const flow = flowOf(state);
    const check: Check = {
      state,
      message,
      flow,
      report: (rule, text) => {
        const info = ruleInfo(rule);
        found.push({
          rule,
          severity: info.severity,
          conn: message.conn,
          seq: message.seq,
          message: sentence(text),
          spec: specFor(info, flow),
        });
      },
    };

    const pairing = message.pairing;
    const exchange = 'exchange' in pairing ? pairing.exchange : undefined;
    let request = exchange === undefined ? undefined : state.requests.get(exchange);
    switch (c.kind) {
      case 'request': {
        const key = idKey(message.from, c.id);
        const previousKey = state.byId.get(key);
        const previous = previousKey === undefined ? undefined : state.requests.get(previousKey);
        checkRequestId(check, previous);
        checkSessionIdReuse(check, previous);
        request = remember(state, message, key);
        checkServerMessage(check);
        checkEnvelope(check);
        checkServerRequestCapability(check);
        break;
      }
      case 'notification':
        checkServerMessage(check);
        checkNotificationCapability(check);
        checkProgress(check);
        checkStatelessNotification(check);
        checkTaskNotification(check);
        if (pairing.kind === 'cancel' && request && request.from === message.from) close(state, request, exchange, true);
        break;
      case 'result':
      case 'error': {
        if (checkClientResponse(check, request)) break;
        checkPairing(check, request);
        checkErrorCode(check, request);
        if (pairing.kind !== 'response' || !request) break;
        if (c.kind === 'result') {
          checkResultEnvelope(check, request);
          const result = asRecord(c.result);
          if (result) checkTaskResult(check, request, result);
          if (message.from === 'server' && result) {
            learn(state, request, result);
            checkResult(check, request, result);
            checkInputRequired(check, request, result);
            checkPagination(check, request, result);
          }
          close(state, request, exchange, false, result);
        } else {
          checkMissingCapabilityError(check, request);
          checkResourceNotFound(check, request);
          close(state, request, exchange, false);
        }
        break;
      }
      default:
        checkFraming(check, this.http.has(message.conn));
    }
    checkSchema(check, found, request);
    if (this.keepFindings) this.findings.push(...found);
    return found;
  }

  private state(conn: string): ConnState {
    let state = this.conns.get(conn);
    if (!state) {
      state = newConnState();
      this.conns.set(conn, state);
    }
    return state;
  }
}

/** Reads the flow off a client request, unless a note already named it. */
function infer(state: ConnState, method: string, params: unknown): void {
  if (state.connected !== undefined || state.choice !== undefined) return;
  let flow: Flow | undefined;
  if (method === 'initialize') flow = 'handshake';
  else if (state.inferred === undefined) {
    const meta = asRecord(asRecord(params)?._meta);
    if (meta && META_KEYS.protocolVersion in meta) flow = 'stateless';
  }
  if (flow) state.inferred = flow;
}

/** Records a request (unless the tracker could not pair it) with what later rules need to know of it. */
function remember(state: ConnState, message: WireMessage, key: string): RequestInfo | undefined {
  const c = message.classified;
  const pairing = message.pairing;
  if (c.kind !== 'request' || (pairing.kind !== 'request' && pairing.kind !== 'duplicate-request-id')) return undefined;
  const params = asRecord(c.params);
  const meta = asRecord(params?._meta);
  const info: RequestInfo = { method: c.method, id: c.id, from: message.from, seq: message.seq };
  if ((c.method === 'tools/call' || c.method === 'prompts/get') && typeof params?.name === 'string') info.name = params.name;
  if (c.method === 'resources/read' && typeof params?.uri === 'string') info.uri = params.uri;
  if (LIST_METHODS.has(c.method) && params?.cursor !== undefined) info.paged = true;
  if (LIST_METHODS.has(c.method) && typeof params?.cursor === 'string') info.cursor = params.cursor;
  if (declaresTasks(params)) info.tasks = true;
  if (asRecord(params?.task) !== undefined) info.taskAugmented = true;
  if (c.method.startsWith('tasks/') && typeof params?.taskId === 'string') info.taskId = params.taskId;
  const capabilities = asRecord(meta?.[META_KEYS.clientCapabilities]);
  if (capabilities !== undefined) info.capabilities = capabilities;
  if (capabilities !== undefined && typeof meta?.[META_KEYS.protocolVersion] === 'string') info.envelope = true;
  state.requests.set(pairing.exchange, info);
  state.byId.set(key, pairing.exchange);

  const token = meta?.progressToken;
  if (typeof token === 'string' || typeof token === 'number') {
    info.progressToken = token;
    state.progress.set(progressKey(message.from, token), { exchange: pairing.exchange });
  }
  if (message.from === 'client') {
    if (c.method === 'server/discover' && state.initialized && flowOf(state) !== 'stateless') info.inSession = true;
    if (c.method === 'initialize') {
      state.sessionStart = message.seq;
      const declared = asRecord(params?.capabilities);
      if (declared !== undefined) state.clientCapabilities = declared;
    }
    if (meta?.[META_KEYS.logLevel] !== undefined) {
      info.logLevel = true;
      state.logging.add(pairing.exchange);
    }
    if (c.method === 'subscriptions/listen') {
      info.listen = { filter: asRecord(params?.notifications) ?? {}, acknowledged: false };
      state.listens.set(key, pairing.exchange);
    }
  }
  return info;
}

/** What the initialize result tells about the session. */
function learn(state: ConnState, request: RequestInfo, result: Record<string, unknown>): void {
  if (request.method !== 'initialize' || request.from !== 'client') return;
  const offered = asRecord(result.capabilities);
  if (offered !== undefined) state.serverCapabilities = offered;
  if (typeof result.protocolVersion === 'string') state.protocolVersion = result.protocolVersion;
}

/**
 * A request is over: answered, or cancelled by its sender. Its progress token dies with it,
 * except when the answer is a task (progress goes on for the task's life); after a cancel,
 * stragglers are expected and left alone.
 */
function close(
  state: ConnState,
  request: RequestInfo,
  exchange: string | undefined,
  cancelled: boolean,
  result?: Record<string, unknown>,
): void {
  if (exchange !== undefined) state.logging.delete(exchange);
  if (request.listen) state.listens.delete(idKey(request.from, request.id));
  if (request.progressToken === undefined) return;
  const key = progressKey(request.from, request.progressToken);
  const entry = state.progress.get(key);
  if (!entry || entry.exchange !== exchange) return;
  if (cancelled) entry.cancelled = true;
  else if (!(result && (result.resultType === 'task' || asRecord(result.task) !== undefined))) state.progress.delete(key);
}
