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
import type { WireMessage } from '../exchanges.js';
import { META_KEYS, type Flow } from '../flows.js';
import { idKey } from '../jsonrpc.js';
import { NOTE_TOPICS } from '../session.js';
import { checkEnvelope, checkResultEnvelope, checkServerMessage, declaresTasks } from './flowRules.js';
import { checkResult } from './results.js';
import { ruleInfo, type Finding } from './rules.js';
import { asRecord, flowOf, newConnState, sentence, type Check, type ConnState, type RequestInfo } from './state.js';
import { checkErrorCode, checkFraming, checkPairing, checkRequestId } from './wire.js';

const LIST_METHODS: ReadonlySet<string> = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']);

export class Linter {
  readonly findings: Finding[] = [];
  private readonly conns = new Map<string, ConnState>();

  /** Feed every bridge event in order together with the WireMessage the ExchangeTracker returned for it (undefined for non-line events and stderr). Returns the new findings. */
  apply(event: BridgeEvent, message: WireMessage | undefined): Finding[] {
    const conn = event.conn;
    if (conn === undefined) return [];
    switch (event.kind) {
      case 'spawn':
        // A new process is a new conversation; only the user's choice of flow carries over
        // (connect.start is journaled before the spawn it leads to).
        this.conns.set(conn, newConnState(this.conns.get(conn)?.choice));
        return [];
      case 'note':
        this.applyNote(this.state(conn), event.topic, event.data);
        return [];
      case 'line':
        if (event.stream === 'stderr' || message === undefined) return [];
        return this.lint(this.state(conn), message);
      default:
        return [];
    }
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
    const check: Check = {
      state,
      message,
      flow: flowOf(state),
      report: (rule, text) => {
        const info = ruleInfo(rule);
        found.push({ rule, severity: info.severity, conn: message.conn, seq: message.seq, message: sentence(text), spec: info.spec });
      },
    };

    switch (c.kind) {
      case 'request': {
        const key = idKey(message.from, c.id);
        const previousKey = state.byId.get(key);
        checkRequestId(check, previousKey === undefined ? undefined : state.requests.get(previousKey));
        remember(state, message, key);
        checkServerMessage(check);
        checkEnvelope(check);
        break;
      }
      case 'notification':
        checkServerMessage(check);
        break;
      case 'result':
      case 'error': {
        const pairing = message.pairing;
        const request = 'exchange' in pairing && pairing.exchange !== undefined ? state.requests.get(pairing.exchange) : undefined;
        checkPairing(check, request);
        checkErrorCode(check, request);
        if (c.kind === 'result' && pairing.kind === 'response' && request) {
          checkResultEnvelope(check, request);
          const result = asRecord(c.result);
          if (message.from === 'server' && result) checkResult(check, request, result);
        }
        break;
      }
      default:
        checkFraming(check);
    }
    this.findings.push(...found);
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

function remember(state: ConnState, message: WireMessage, key: string): void {
  const c = message.classified;
  const pairing = message.pairing;
  if (c.kind !== 'request' || (pairing.kind !== 'request' && pairing.kind !== 'duplicate-request-id')) return;
  const params = asRecord(c.params);
  const info: RequestInfo = { method: c.method, id: c.id, from: message.from };
  if ((c.method === 'tools/call' || c.method === 'prompts/get') && typeof params?.name === 'string') info.name = params.name;
  if (LIST_METHODS.has(c.method) && params?.cursor !== undefined) info.paged = true;
  if (declaresTasks(params)) info.tasks = true;
  state.requests.set(pairing.exchange, info);
  state.byId.set(key, pairing.exchange);
}
