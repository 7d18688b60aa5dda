/**
 * The exchanges of a session file, per connection, as replay and the mock need them: every
 * request the client sent with its answer (exact text kept), the calls behind them (a stateless
 * call and its input-round retries are one call), the opening request (initialize or
 * server/discover) that succeeded, and every question the server asked with the answer the
 * client gave (a handshake server request, or an input_required round's inputRequests).
 */
import type { SessionFile } from '../sessionFile.js';
import type { ServerAnswer } from '../clientSession.js';
import type { Flow } from '../flows.js';
import { NOTE_TOPICS } from '../noteTopics.js';
import { classifyText, idKey, type JsonRpcError, type JsonRpcId } from '../jsonrpc.js';
import { memberText } from '../jsonSpan.js';
import { asRecord, declaredCapabilities, isRoundRetry, withoutEnvelope, withoutRound, type Params } from './params.js';

export type RecordedAnswer =
  /** `text`: the member exactly as the server wrote it. */
  | { kind: 'result'; result: Record<string, unknown>; text: string }
  | { kind: 'error'; error: JsonRpcError; text: string }
  | { kind: 'invalid'; reason: string };

/** One request line from the client, and what answered it. */
export interface RecordedRequest {
  seq: number;
  id: JsonRpcId;
  method: string;
  /** As sent, without the engine's envelope (see params.ts); a round keeps its inputResponses. */
  params: Params;
  answer?: RecordedAnswer;
  cancelled?: boolean;
}

/** A request as the host meant it: one, or a stateless one followed by its input-round retries. */
export interface RecordedCall {
  /** 1-based, in recording order, among the connection's calls. */
  index: number;
  method: string;
  params: Params;
  rounds: RecordedRequest[];
}

export interface RecordedQuestion {
  method: string;
  params: Params;
  answer: ServerAnswer;
}

export const OPENING_METHODS: ReadonlySet<string> = new Set(['initialize', 'server/discover']);

export interface RecordedConnection {
  conn: string;
  label?: string;
  flow?: Flow;
  protocolVersion?: string;
  /** The client capabilities the recording declared when it opened. */
  capabilities?: Record<string, unknown>;
  /** The last opening request that was answered with a result. */
  opening?: RecordedRequest & { answer: Extract<RecordedAnswer, { kind: 'result' }> };
  /** Every client request, in order, openings included. */
  requests: RecordedRequest[];
  /** Every call but the openings, in order. */
  calls: RecordedCall[];
  questions: RecordedQuestion[];
}

/** The final answer of a call: its last round's. */
export function finalAnswer(call: RecordedCall): RecordedAnswer | undefined {
  return call.rounds[call.rounds.length - 1]?.answer;
}

interface ConnState {
  recording: RecordedConnection;
  pending: Map<string, { request: RecordedRequest; call?: RecordedCall }>;
  /** Server requests waiting for the client's answer, by id. */
  asked: Map<string, { method: string; params: Params }>;
  /** Calls whose last round was input_required, by what a retry repeats (method and name/uri). */
  awaitingRetry: Map<string, RecordedCall>;
}

export function readRecordings(file: SessionFile): RecordedConnection[] {
  const states = new Map<string, ConnState>();
  const state = (conn: string): ConnState => {
    let s = states.get(conn);
    if (!s) {
      s = { recording: { conn, requests: [], calls: [], questions: [] }, pending: new Map(), asked: new Map(), awaitingRetry: new Map() };
      states.set(conn, s);
    }
    return s;
  };
  // An MCP App's lane holds what an app and MCP Lens said to each other: no server to replay.
  const appLanes = new Set(file.connections.filter((c) => c.config.transport === 'app').map((c) => c.conn));
  for (const event of file.events)
    if (event.kind === 'spawn' && event.config.transport === 'app' && event.conn !== undefined) appLanes.add(event.conn);
  for (const info of file.connections) {
    if (appLanes.has(info.conn)) continue;
    const recording = state(info.conn).recording;
    if (info.label !== undefined) recording.label = info.label;
    if (info.flow !== undefined) recording.flow = info.flow;
    if (info.protocolVersion !== undefined) recording.protocolVersion = info.protocolVersion;
  }
  for (const event of file.events) {
    if (event.conn === undefined || appLanes.has(event.conn)) continue;
    const s = state(event.conn);
    if (event.kind === 'spawn') {
      // A restarted process knows nothing of what was in flight.
      s.pending.clear();
      s.asked.clear();
      s.awaitingRetry.clear();
      continue;
    }
    if (event.kind === 'note' && event.topic === NOTE_TOPICS.connected) {
      const outcome = asRecord(asRecord(event.data).outcome);
      if (outcome.flow === 'handshake' || outcome.flow === 'stateless') s.recording.flow = outcome.flow;
      if (typeof outcome.protocolVersion === 'string') s.recording.protocolVersion = outcome.protocolVersion;
      continue;
    }
    if (event.kind !== 'line' || event.text === undefined || event.stream === 'stderr') continue;
    if (event.stream === 'stdin') fromClient(s, event.seq, event.text);
    else fromServer(s, event.text);
  }
  return [...states.values()].map((s) => withOpening(s.recording));
}

/**
 * The opening that counts is the last answered one of the flow the connection settled on (auto
 * may have had both answered); without a known flow, the last answered one says which.
 */
function withOpening(recording: RecordedConnection): RecordedConnection {
  const answered = recording.requests.filter((r) => OPENING_METHODS.has(r.method) && r.answer?.kind === 'result');
  const wanted = recording.flow === undefined ? undefined : recording.flow === 'handshake' ? 'initialize' : 'server/discover';
  const opening = answered.filter((r) => wanted === undefined || r.method === wanted).pop();
  if (opening?.answer?.kind === 'result') {
    recording.opening = { ...opening, answer: opening.answer };
    recording.flow ??= opening.method === 'initialize' ? 'handshake' : 'stateless';
  }
  return recording;
}

function retryKey(method: string, params: Params): string {
  const what = params?.name ?? params?.uri ?? '';
  return `${method}\u0000${typeof what === 'string' ? what : JSON.stringify(what)}`;
}

function fromClient(s: ConnState, seq: number, text: string): void {
  const message = classifyText(text);
  switch (message.kind) {
    case 'request': {
      const params = withoutEnvelope(message.params);
      const request: RecordedRequest = { seq, id: message.id, method: message.method, params };
      s.recording.requests.push(request);
      if (OPENING_METHODS.has(message.method)) {
        const capabilities = declaredCapabilities(message.method, message.params);
        if (capabilities) s.recording.capabilities = capabilities;
        s.pending.set(idKey('client', message.id), { request });
        return;
      }
      // Stateless without server/discover: every request declares them.
      s.recording.capabilities ??= declaredCapabilities(message.method, message.params);
      const key = retryKey(message.method, params);
      const retried = isRoundRetry(params) ? s.awaitingRetry.get(key) : undefined;
      if (retried) {
        s.awaitingRetry.delete(key);
        noteInputAnswers(s, retried, params);
        retried.rounds.push(request);
        s.pending.set(idKey('client', message.id), { request, call: retried });
        return;
      }
      const call: RecordedCall = {
        index: s.recording.calls.length + 1,
        method: message.method,
        params: withoutRound(params),
        rounds: [request],
      };
      s.recording.calls.push(call);
      s.pending.set(idKey('client', message.id), { request, call });
      return;
    }
    case 'notification': {
      if (message.method !== 'notifications/cancelled') return;
      const id = asRecord(message.params).requestId;
      if (typeof id !== 'string' && typeof id !== 'number') return;
      const entry = s.pending.get(idKey('client', id));
      if (entry) entry.request.cancelled = true;
      return;
    }
    case 'result':
    case 'error': {
      if (message.id === null) return;
      const question = s.asked.get(idKey('server', message.id));
      if (!question) return;
      s.asked.delete(idKey('server', message.id));
      const answer: ServerAnswer = message.kind === 'result' ? { result: asRecord(message.result) } : { error: message.error };
      s.recording.questions.push({ ...question, answer });
      return;
    }
    case 'invalid':
    case 'batch':
    case 'non-json':
      return;
    default: {
      const never: never = message;
      return never;
    }
  }
}

/** A retry's inputResponses answer the previous round's inputRequests, key by key. */
function noteInputAnswers(s: ConnState, call: RecordedCall, params: Params): void {
  const previous = call.rounds[call.rounds.length - 1]?.answer;
  if (previous?.kind !== 'result') return;
  const asked = asRecord(previous.result.inputRequests);
  const given = asRecord(params?.inputResponses);
  for (const [key, value] of Object.entries(given)) {
    const request = asRecord(asked[key]);
    if (typeof request.method !== 'string') continue;
    s.recording.questions.push({ method: request.method, params: withoutEnvelope(request.params), answer: { result: asRecord(value) } });
  }
}

function fromServer(s: ConnState, text: string): void {
  const message = classifyText(text);
  let id: JsonRpcId;
  let answer: RecordedAnswer;
  switch (message.kind) {
    case 'request':
      s.asked.set(idKey('server', message.id), { method: message.method, params: withoutEnvelope(message.params) });
      return;
    case 'result':
      id = message.id;
      answer = { kind: 'result', result: asRecord(message.result), text: memberText(text, 'result') ?? JSON.stringify(message.result) };
      break;
    case 'error':
      if (message.id === null) return;
      id = message.id;
      answer = { kind: 'error', error: message.error, text: memberText(text, 'error') ?? JSON.stringify(message.error) };
      break;
    case 'invalid':
      if (message.responseTo === undefined) return;
      id = message.responseTo;
      answer = { kind: 'invalid', reason: message.reason };
      break;
    case 'notification':
    case 'batch':
    case 'non-json':
      return;
    default: {
      const never: never = message;
      return never;
    }
  }
  const entry = s.pending.get(idKey('client', id));
  if (!entry) return;
  s.pending.delete(idKey('client', id));
  entry.request.answer = answer;
  if (!entry.call) return;
  const key = retryKey(entry.call.method, entry.call.params);
  if (answer.kind === 'result' && answer.result.resultType === 'input_required') s.awaitingRetry.set(key, entry.call);
}
