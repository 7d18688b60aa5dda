/**
 * The client side of a conversation once it is open, transport-agnostic: the host gives it a
 * way to write a line and feeds it every message from the server. It builds each request for
 * the flow in use, times requests out (reset by progress, capped by a hard maximum) with a
 * visible notifications/cancelled, answers server requests through the host's handlers (the
 * handshake flow only: 2026-07-28 servers send none, so one is flagged and left unanswered), and
 * drives multi round-trip requests (input_required, then a retry with a new id).
 */
import type { AuthEvent } from './envelope.js';
import { encodeFrame, flowRequest, notification, type EnvelopeOptions, type Flow, type Frame } from './flows.js';
import { classifyValue, idKey, idText, type Classified, type JsonRpcError, type JsonRpcId } from './jsonrpc.js';

export type Outcome =
  | {
      kind: 'result';
      id: JsonRpcId;
      result: Record<string, unknown>;
      /** A multi round-trip request that stopped on input_required without a final result: why. */
      unfinished?: string;
    }
  | { kind: 'error'; id: JsonRpcId; error: JsonRpcError }
  /** The server answered, but not with a valid response: what came (`message`) and why it is invalid. */
  | { kind: 'invalid'; id: JsonRpcId; reason: string; message: unknown }
  | { kind: 'timeout'; id: JsonRpcId; afterMs: number }
  | { kind: 'cancelled'; id: JsonRpcId; reason: string }
  | { kind: 'closed'; id: JsonRpcId; reason: string }
  /**
   * HTTP: the exchange that carried the request ended without its answer (an error status, a
   * redirect not followed, a stream cut). `unreachable`: no response came at all.
   */
  | { kind: 'transport'; id: JsonRpcId; reason: string; unreachable: boolean };

export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

export interface RequestOptions {
  /** Idle timeout: how long without an answer or progress before giving up. Default 60 s. */
  timeoutMs?: number;
  /** Hard cap, whatever progress says. Default 10 min. */
  maxTotalMs?: number;
  /** Ask for progress notifications (a progress token is added). */
  onProgress?: (update: ProgressUpdate) => void;
  /** Stateless flow: the per-request log level. */
  logLevel?: EnvelopeOptions['logLevel'];
  /** Called with the exact line before it is written. */
  onSent?: (frame: Frame, line: string) => void;
  /** Stateless flow: this request's clientCapabilities, in place of the session's (an extension declared for it). */
  capabilities?: Record<string, unknown>;
}

/** Answers to requests the server makes in the handshake flow (and to input_required rounds). */
export type ServerRequestHandler = (method: string, params: Record<string, unknown>) => Promise<ServerAnswer>;
export type ServerAnswer = { result: Record<string, unknown> } | { error: JsonRpcError };

/**
 * The client's side of one input_required round: the inputResponses to retry with, or a
 * decline. 2026-07-28 has no error channel in inputResponses; a client that will not fulfil a
 * sampling or roots request simply does not retry (the server is not waiting).
 */
export type InputAnswers = { kind: 'answered'; responses: Record<string, unknown> } | { kind: 'declined'; reason: string };

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  now(): number;
}

const defaultTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface ClientSessionOptions {
  flow: Flow;
  protocolVersion: string;
  send: (line: string) => void;
  nextId: () => JsonRpcId;
  capabilities?: Record<string, unknown>;
  clientInfo?: EnvelopeOptions['clientInfo'];
  onServerRequest?: ServerRequestHandler;
  /** Something the server did that this client will not go along with, in one line, for the record. */
  onFlag?: (text: string) => void;
  timers?: Timers;
  /** Stateless flow: the log level every request asks for (a request's own option wins). */
  logLevel?: EnvelopeOptions['logLevel'];
}

interface Pending {
  id: JsonRpcId;
  started: number;
  timeoutMs: number;
  maxTotalMs: number;
  idleTimer: unknown;
  hardTimer: unknown;
  progressToken?: JsonRpcId;
  onProgress?: (update: ProgressUpdate) => void;
  resolve: (outcome: Outcome) => void;
}

export const MAX_INPUT_ROUNDS = 10;

export class ClientSession {
  private readonly pending = new Map<string, Pending>();
  private readonly byToken = new Map<string, Pending>();
  /** Who follows a task's pushed status (notifications/tasks/status, or notifications/tasks), by task id. */
  private readonly taskWatchers = new Map<string, Set<(task: Record<string, unknown>) => void>>();
  private readonly timers: Timers;
  private progressCounter = 0;

  /** Stateless flow: the log level every request asks for, changed whenever the user likes. */
  private level: EnvelopeOptions['logLevel'];

  constructor(private readonly options: ClientSessionOptions) {
    this.timers = options.timers ?? defaultTimers;
    this.level = options.logLevel;
  }

  get logLevel(): EnvelopeOptions['logLevel'] {
    return this.level;
  }

  /** Stateless flow: the level the next requests carry in _meta (undefined: none, so no log messages). */
  set logLevel(level: EnvelopeOptions['logLevel']) {
    this.level = level;
  }

  get flow(): Flow {
    return this.options.flow;
  }

  /** What this client declared: what it may agree to when the server asks. */
  get capabilities(): Record<string, unknown> {
    return this.options.capabilities ?? {};
  }

  /** The frame a request would be sent as, with the given id: for showing and for raw editing. */
  preview(id: JsonRpcId, method: string, params: Record<string, unknown> | undefined): Frame {
    return flowRequest(this.options.flow, id, method, params, {
      protocolVersion: this.options.protocolVersion,
      capabilities: this.options.capabilities ?? {},
      ...(this.options.clientInfo === undefined ? {} : { clientInfo: this.options.clientInfo }),
    });
  }

  /** Sends one request and resolves with what became of it. Never rejects. */
  request(
    method: string,
    params: Record<string, unknown> | undefined,
    opts: RequestOptions = {},
  ): { id: JsonRpcId; done: Promise<Outcome> } {
    const id = this.options.nextId();
    const progressToken = opts.onProgress ? `p${++this.progressCounter}-${String(id)}` : undefined;
    const frame = flowRequest(this.options.flow, id, method, params, {
      protocolVersion: this.options.protocolVersion,
      capabilities: opts.capabilities ?? this.options.capabilities ?? {},
      ...(this.options.clientInfo === undefined ? {} : { clientInfo: this.options.clientInfo }),
      ...(progressToken === undefined ? {} : { progressToken }),
      ...((opts.logLevel ?? this.level) === undefined ? {} : { logLevel: opts.logLevel ?? this.level }),
    });
    const done = new Promise<Outcome>((resolve) => {
      const entry: Pending = {
        id,
        started: this.timers.now(),
        timeoutMs: opts.timeoutMs ?? 60_000,
        maxTotalMs: opts.maxTotalMs ?? 600_000,
        idleTimer: undefined,
        hardTimer: undefined,
        ...(progressToken === undefined ? {} : { progressToken }),
        ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
        resolve,
      };
      this.pending.set(key(id), entry);
      if (progressToken !== undefined) this.byToken.set(key(progressToken), entry);
      this.armIdle(entry);
      if (Number.isFinite(entry.maxTotalMs))
        entry.hardTimer = this.timers.set(() => this.giveUp(entry, entry.maxTotalMs), entry.maxTotalMs);
    });
    const line = encodeFrame(frame);
    opts.onSent?.(frame, line);
    this.options.send(line);
    return { id, done };
  }

  /**
   * A request that may come back with input_required (stateless flow): each round's questions
   * go to `answer`, and the retry carries a new id, the answers and requestState byte for byte.
   */
  async requestWithInput(
    method: string,
    params: Record<string, unknown>,
    answer: (inputRequests: Record<string, unknown>) => Promise<InputAnswers>,
    opts: RequestOptions = {},
    onRound?: (round: number, id: JsonRpcId) => void,
  ): Promise<Outcome> {
    let current = params;
    for (let round = 1; ; round++) {
      const { id, done } = this.request(method, current, opts);
      onRound?.(round, id);
      const outcome = await done;
      if (outcome.kind !== 'result' || outcome.result.resultType !== 'input_required') return outcome;
      if (round >= MAX_INPUT_ROUNDS)
        return { ...outcome, unfinished: `still input_required after ${MAX_INPUT_ROUNDS} rounds; gave up without a final result` };
      const requests = asRecord(outcome.result.inputRequests);
      const answers: InputAnswers = Object.keys(requests).length > 0 ? await answer(requests) : { kind: 'answered', responses: {} };
      if (answers.kind === 'declined') return { ...outcome, unfinished: answers.reason };
      const { inputResponses: _r, requestState: _s, ...base } = params;
      current = { ...base, inputResponses: answers.responses };
      if (typeof outcome.result.requestState === 'string') current.requestState = outcome.result.requestState;
    }
  }

  /**
   * Change notifications: a `subscriptions/listen` request left open (stateless flow), or one
   * `resources/subscribe` per URI (handshake flow). Ended with cancel(id) / resources/unsubscribe.
   */
  listen(filter: {
    toolsListChanged?: boolean;
    promptsListChanged?: boolean;
    resourcesListChanged?: boolean;
    resourceSubscriptions?: string[];
  }): { id: JsonRpcId; done: Promise<Outcome> }[] {
    if (this.options.flow === 'stateless') {
      return [this.request('subscriptions/listen', { notifications: filter }, { timeoutMs: Infinity, maxTotalMs: Infinity })];
    }
    return (filter.resourceSubscriptions ?? []).map((uri) => this.request('resources/subscribe', { uri }));
  }

  /**
   * Follows the status a server pushes for one task (either revision's notification); the
   * returned function stops. Polling stays the source of truth: the push is optional.
   */
  watchTask(taskId: string, onStatus: (task: Record<string, unknown>) => void): () => void {
    const watchers = this.taskWatchers.get(taskId) ?? new Set();
    watchers.add(onStatus);
    this.taskWatchers.set(taskId, watchers);
    return () => {
      watchers.delete(onStatus);
      if (watchers.size === 0) this.taskWatchers.delete(taskId);
    };
  }

  notify(method: string, params?: Record<string, unknown>): string {
    const line = encodeFrame(notification(method, params));
    this.options.send(line);
    return line;
  }

  cancel(id: JsonRpcId, reason = 'cancelled by the user'): void {
    const entry = this.pending.get(key(id));
    if (!entry) return;
    this.notify('notifications/cancelled', { requestId: id, reason });
    this.finish(entry, { kind: 'cancelled', id, reason });
  }

  /** HTTP: the request's exchange ended without its answer (see HttpTransport's onFailed). */
  transportFailed(id: JsonRpcId, reason: string, unreachable: boolean): void {
    const entry = this.pending.get(key(id));
    if (entry) this.finish(entry, { kind: 'transport', id, reason, unreachable });
  }

  /** The server process went away: everything in flight is lost. */
  close(reason: string): void {
    for (const entry of [...this.pending.values()]) this.finish(entry, { kind: 'closed', id: entry.id, reason });
  }

  /** Feed every message the server writes. */
  onMessage(message: Classified): void {
    switch (message.kind) {
      case 'result': {
        const entry = this.pending.get(key(message.id));
        if (entry) this.finish(entry, { kind: 'result', id: message.id, result: asRecord(message.result) });
        return;
      }
      case 'error': {
        if (message.id === null) return;
        const entry = this.pending.get(key(message.id));
        if (entry) this.finish(entry, { kind: 'error', id: message.id, error: message.error });
        return;
      }
      case 'notification': {
        if (message.method === 'notifications/tasks/status' || message.method === 'notifications/tasks') {
          const params = asRecord(message.params);
          if (typeof params.taskId === 'string') for (const watcher of this.taskWatchers.get(params.taskId) ?? []) watcher(params);
          return;
        }
        if (message.method !== 'notifications/progress') return;
        const params = asRecord(message.params);
        const token = params.progressToken;
        if ((typeof token !== 'string' && typeof token !== 'number') || typeof params.progress !== 'number') return;
        const entry = this.byToken.get(key(token));
        if (!entry) return;
        this.armIdle(entry);
        entry.onProgress?.({
          progress: params.progress,
          ...(typeof params.total === 'number' ? { total: params.total } : {}),
          ...(typeof params.message === 'string' ? { message: params.message } : {}),
        });
        return;
      }
      case 'request':
        if (this.options.flow === 'stateless') {
          // 2026-07-28: servers send no requests and clients send no responses, so an answer
          // would break the protocol twice. The line is in the record; the host says why.
          this.options.onFlag?.(
            `the server sent a request (${message.method}, id ${idText(message.id)}) in the stateless flow, ` +
              'where servers must not send requests (2026-07-28): recorded, not answered',
          );
          return;
        }
        void this.answerServer(message.id, message.method, asRecord(message.params));
        return;
      case 'invalid': {
        if (message.responseTo === undefined) return;
        const entry = this.pending.get(key(message.responseTo));
        if (entry) this.finish(entry, { kind: 'invalid', id: message.responseTo, reason: message.reason, message: message.value });
        return;
      }
      case 'batch':
        this.onBatch(message.items);
        return;
      case 'non-json':
        return;
      default: {
        const never: never = message;
        return never;
      }
    }
  }

  /**
   * 2025-03-26 has batches, so each message in one is taken as if it came alone; later
   * revisions removed them, yet an answer inside one still ends its request (as invalid, saying
   * why) rather than leaving it to time out.
   */
  private onBatch(items: unknown[]): void {
    const batches = this.options.protocolVersion === '2025-03-26';
    for (const item of items) {
      const message = classifyValue(item);
      if (message.kind === 'batch') continue;
      if (batches) {
        this.onMessage(message);
        continue;
      }
      const id =
        message.kind === 'result' || message.kind === 'error' ? message.id : message.kind === 'invalid' ? message.responseTo : undefined;
      const entry = id === undefined || id === null ? undefined : this.pending.get(key(id));
      if (entry && id !== undefined && id !== null)
        this.finish(entry, {
          kind: 'invalid',
          id,
          reason: `the answer came inside a JSON-RPC batch, which ${this.options.protocolVersion} does not allow (batches were removed in 2025-06-18)`,
          message: item,
        });
    }
  }

  private async answerServer(id: JsonRpcId, method: string, params: Record<string, unknown>): Promise<void> {
    let answer: ServerAnswer;
    if (method === 'ping') answer = { result: {} };
    else if (this.options.onServerRequest) {
      try {
        answer = await this.options.onServerRequest(method, params);
      } catch (error) {
        answer = { error: { code: -32603, message: (error as Error).message } };
      }
    } else answer = { error: { code: -32601, message: `this client does not handle ${method}` } };
    this.options.send(encodeFrame({ jsonrpc: '2.0', id, ...answer }));
  }

  /**
   * Feed every step of an OAuth flow on the connection: a request waiting for authorization is
   * not idle. Each step restarts the idle timers; while the user is in the browser they stop,
   * until the next step.
   */
  onAuth(phase: AuthEvent['phase']): void {
    for (const entry of this.pending.values()) {
      if (phase !== 'waiting') this.armIdle(entry);
      else if (entry.idleTimer !== undefined) {
        this.timers.clear(entry.idleTimer);
        entry.idleTimer = undefined;
      }
    }
  }

  private armIdle(entry: Pending): void {
    if (entry.idleTimer !== undefined) this.timers.clear(entry.idleTimer);
    // Infinity: a request meant to stay open (a subscription stream) until cancelled.
    if (!Number.isFinite(entry.timeoutMs)) return;
    entry.idleTimer = this.timers.set(() => this.giveUp(entry, entry.timeoutMs), entry.timeoutMs);
  }

  private giveUp(entry: Pending, afterMs: number): void {
    if (!this.pending.has(key(entry.id))) return;
    // Said on the wire, so the server can stop and the record shows why.
    this.notify('notifications/cancelled', { requestId: entry.id, reason: `timed out after ${afterMs} ms` });
    this.finish(entry, { kind: 'timeout', id: entry.id, afterMs });
  }

  private finish(entry: Pending, outcome: Outcome): void {
    this.pending.delete(key(entry.id));
    if (entry.progressToken !== undefined) this.byToken.delete(key(entry.progressToken));
    if (entry.idleTimer !== undefined) this.timers.clear(entry.idleTimer);
    if (entry.hardTimer !== undefined) this.timers.clear(entry.hardTimer);
    entry.resolve(outcome);
  }
}

function key(id: JsonRpcId): string {
  return idKey('client', id);
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** What became of a request, in a few words (for a reason that names it: "tasks/get failed: …"). */
export function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'result':
      return 'a result';
    case 'error':
      return `error ${outcome.error.code}: ${outcome.error.message}`;
    case 'invalid':
      return `an invalid answer (${outcome.reason})`;
    case 'timeout':
      return `no answer in ${outcome.afterMs} ms`;
    case 'cancelled':
    case 'closed':
    case 'transport':
      return outcome.reason;
    default: {
      const never: never = outcome;
      return never;
    }
  }
}
