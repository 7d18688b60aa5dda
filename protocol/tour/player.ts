/**
 * Playing a tour, as a pure state machine: actions in (the presenter's keys, the lines a
 * server writes, a server's exit), a new state and the effects to perform out (launch a
 * connection, send a line, stop every server). The app performs the effects on raw
 * connections and feeds back what the servers say; nothing here touches a socket or a clock,
 * so a scripted server of plain JSON lines tests every transition.
 *
 * One step is in flight at a time: its outcome may be what a later step's `$ref` reads, and a
 * handshake must be answered before the next message goes. "Run to here" queues the unsent
 * steps before it and sends each when the one before has its outcome.
 */
import type { Flow } from '../flows.js';
import { findJsonSyntaxError } from '../jsonWhere.js';
import { classifyText, type Classified, type JsonRpcId } from '../jsonrpc.js';
import { runChecks, type CheckResult } from './checks.js';
import type { Tour, TourServer } from './format.js';
import { fillRefs, isRequest, withRequestId } from './refs.js';
import { stepAwaits, stepConnection, usesConnection } from './steps.js';

export type StepStatus =
  /** Not sent (nor waited for) in this run. */
  | 'unsent'
  /** A "run to here" will send it once the steps before it have their outcomes. */
  | 'queued'
  /** Sent (or waiting without sending); its outcome has not come. */
  | 'waiting'
  | 'done'
  | 'failed';

/** A line on the wire of one of the tour's connections. */
export interface WireLine {
  connection: string;
  dir: 'sent' | 'received';
  text: string;
  /** The time the action carried (ms); 0 when none was given. */
  at: number;
  /** The step in flight on that connection (or the last one that used it) when the line went. */
  step: number | undefined;
  /** For received lines: the step whose outcome it became. */
  outcomeOf?: number;
}

/** What a step waits for, concretely, once sent. */
export type Awaiting = { kind: 'response'; id: JsonRpcId } | { kind: 'method'; method: string };

export interface StepState {
  status: StepStatus;
  /** The learner's text for an exercise (or any step's message, edited): sent instead of the tour's. */
  edited?: string;
  /** Why the edited text cannot be sent (not JSON), with its line and column. */
  editError?: string;
  /** The exact line sent. */
  sent?: string;
  /** The id of the request it sent. */
  sentId?: JsonRpcId;
  awaiting?: Awaiting;
  /** The awaited message: its text and value. */
  outcome?: { text: string; message: Classified; at: number };
  startedAt?: number;
  endedAt?: number;
  /** Why it failed: its `$ref` could not be filled, the server exited, the wait timed out. */
  reason?: string;
  /** The step's `expect`, evaluated against the outcome once it came. */
  checks?: CheckResult[];
}

export interface ConnectionState {
  flow: Flow;
  /** idle: not launched in this run; exited: its server is gone (restart to play on). */
  status: 'idle' | 'launched' | 'exited';
  /** The id the next request sent on it gets. */
  nextId: number;
  /** How its server ended, when it did. */
  exit?: string;
  /** The step in flight on it, or the last one that used it. */
  lastStep?: number;
}

export interface PlayerState {
  tour: Tour;
  /** 1 for the first run; each restart is a new run (the app's connections of an earlier run are stopped). */
  run: number;
  /** The step shown. */
  index: number;
  /** The last step a "run to here" (or next) will send, while a run is under way. */
  target?: number;
  steps: StepState[];
  connections: Record<string, ConnectionState>;
  /** Every line sent and received in this run, in order. */
  log: WireLine[];
}

export type PlayerAction = (
  | { type: 'next' }
  | { type: 'back' }
  /** Show a step (from the step list): nothing is sent. */
  | { type: 'goTo'; index: number }
  | { type: 'restart' }
  /** Send every unsent step before `index` in order, and show `index`. */
  | { type: 'runTo'; index: number }
  /** The learner's text for step `index`'s message; null puts the tour's back. */
  | { type: 'edit'; index: number; text: string | null }
  /**
   * Step `index` again: a sent step (an exercise answered wrongly, a failed send) becomes unsent,
   * its edit kept, so it can be changed and sent once more with a new id. Only the latest step
   * sent on a connection can be: a later step's `$ref` may have read this one's outcome.
   */
  | { type: 'retry'; index: number }
  /** A step failed from outside: the app's time-out, a send the bridge refused. */
  | { type: 'fail'; index: number; reason: string }
  /** A line the server of `connection` wrote on stdout. */
  | { type: 'received'; connection: string; text: string; run?: number }
  /** The server of `connection` ended; `reason` says how ("exited with code 1"). */
  | { type: 'exited'; connection: string; reason: string; run?: number }
) & {
  /** Now, in ms (for the figures' time); the player keeps no clock. */
  at?: number;
};

export type PlayerEffect =
  | { kind: 'launch'; run: number; connection: string; flow: Flow; label?: string; server: TourServer }
  | { kind: 'send'; run: number; connection: string; step: number; line: string }
  /** Stop the servers of this run (every connection it launched). */
  | { kind: 'stopAll'; run: number };

export interface Transition {
  state: PlayerState;
  effects: PlayerEffect[];
}

export function createPlayer(tour: Tour, run = 1): PlayerState {
  return {
    tour,
    run,
    index: 0,
    steps: tour.steps.map(() => ({ status: 'unsent' })),
    connections: Object.fromEntries(
      Object.entries(tour.connections).map(([name, c]) => [name, { flow: c.flow, status: 'idle', nextId: 1 } satisfies ConnectionState]),
    ),
    log: [],
  };
}

export type Preview = { ok: true; message: unknown; line: string; text: string; id?: JsonRpcId } | { ok: false; error: string };

/**
 * The message step `index` would send now: the learner's edit when there is one, else the
 * tour's with its `$ref`s filled and a request's id set to the connection's next free one.
 * `text` is for showing (indented); `line` is what goes on the wire.
 */
export function previewStep(state: PlayerState, index: number): Preview {
  const step = state.tour.steps[index];
  const st = state.steps[index];
  if (!step || !st) return { ok: false, error: `no step ${index + 1}` };
  if (step.send === undefined) return { ok: false, error: 'this step sends nothing' };
  if (st.edited !== undefined) {
    if (st.editError !== undefined) return { ok: false, error: st.editError };
    const message = JSON.parse(st.edited) as unknown;
    const id = isRequest(message) ? (message.id as JsonRpcId) : undefined;
    return {
      ok: true,
      message,
      line: JSON.stringify(message),
      text: JSON.stringify(message, null, 2),
      ...(id === undefined ? {} : { id }),
    };
  }
  const filled = fillRefs(step.send, (id) => outcomeValue(state, id));
  if (!filled.ok) return filled;
  const connection = stepConnection(state.tour, index);
  const conn = connection === undefined ? undefined : state.connections[connection];
  if (isRequest(filled.value) && conn) {
    const id = conn.nextId;
    const message = withRequestId(filled.value, id);
    return { ok: true, message, line: JSON.stringify(message), text: JSON.stringify(message, null, 2), id };
  }
  return { ok: true, message: filled.value, line: JSON.stringify(filled.value), text: JSON.stringify(filled.value, null, 2) };
}

/** The parsed outcome of the step with this id, when it has one. */
export function outcomeValue(state: PlayerState, stepId: string): unknown {
  const index = state.tour.steps.findIndex((s) => s.id === stepId);
  const outcome = state.steps[index]?.outcome;
  if (!outcome) return undefined;
  const c = outcome.message;
  return c.kind === 'non-json' ? undefined : c.kind === 'batch' ? c.items : c.kind === 'invalid' ? c.value : c.message;
}

/** The lines of one step (sent, and received while it was in flight or after it on its connection). */
export function stepLines(state: PlayerState, index: number): WireLine[] {
  return state.log.filter((l) => l.step === index);
}

/** Whether every step that talks to a server has its outcome (or was a notification sent). */
export function finished(state: PlayerState): boolean {
  return state.steps.every((s, i) => !usesConnection(state.tour, i) || s.status === 'done');
}

/** Whether step `index` can be sent again: it sent a message, ended, and no step after it went out. */
export function canRetry(state: PlayerState, index: number): boolean {
  const st = state.steps[index];
  const step = state.tour.steps[index];
  if (!st || !step || step.send === undefined || (st.status !== 'done' && st.status !== 'failed')) return false;
  if (state.steps.some((other) => other.status === 'waiting' || other.status === 'queued')) return false;
  const name = stepConnection(state.tour, index);
  if (name === undefined || state.connections[name]?.status === 'exited') return false;
  return state.steps.every((other, i) => i <= index || !usesConnection(state.tour, i) || other.status === 'unsent');
}

export function update(state: PlayerState, action: PlayerAction): Transition {
  const at = action.at ?? 0;
  const s = clone(state);
  const effects: PlayerEffect[] = [];
  const last = s.tour.steps.length - 1;
  switch (action.type) {
    case 'back':
      s.index = Math.max(0, s.index - 1);
      break;
    case 'goTo':
      s.index = clamp(action.index, last);
      break;
    case 'next': {
      const st = s.steps[s.index];
      if (!st) break;
      if (st.status === 'unsent' || st.status === 'queued') {
        if (!usesConnection(s.tour, s.index) && !hasUnsentBefore(s, s.index)) {
          // Words only: nothing to send, so next moves on.
          st.status = 'done';
          s.index = Math.min(last, s.index + 1);
          break;
        }
        s.target = s.index;
        pump(s, effects, at);
      } else if (st.status === 'done' || st.status === 'failed') {
        if (!usesConnection(s.tour, s.index)) st.status = 'done';
        s.index = Math.min(last, s.index + 1);
        markWordsDone(s);
      }
      // waiting: the outcome has not come; next does nothing until it does.
      break;
    }
    case 'runTo': {
      const index = clamp(action.index, last);
      s.index = index;
      if (index > 0) {
        s.target = Math.max(s.target ?? -1, index - 1);
        pump(s, effects, at);
      }
      break;
    }
    case 'restart': {
      effects.push({ kind: 'stopAll', run: s.run });
      const fresh = createPlayer(s.tour, s.run + 1);
      return { state: fresh, effects };
    }
    case 'edit': {
      const st = s.steps[action.index];
      const step = s.tour.steps[action.index];
      if (!st || !step || step.send === undefined || (st.status !== 'unsent' && st.status !== 'queued')) break;
      if (action.text === null) {
        delete st.edited;
        delete st.editError;
        break;
      }
      st.edited = action.text;
      const problem = findJsonSyntaxError(action.text);
      if (problem) st.editError = `not JSON: line ${problem.line}, column ${problem.column}: ${problem.message}`;
      else delete st.editError;
      break;
    }
    case 'retry': {
      if (!canRetry(s, action.index)) break;
      const st = s.steps[action.index];
      if (!st) break;
      s.steps[action.index] = {
        status: 'unsent',
        ...(st.edited === undefined ? {} : { edited: st.edited }),
        ...(st.editError === undefined ? {} : { editError: st.editError }),
      };
      s.index = action.index;
      break;
    }
    case 'fail': {
      const st = s.steps[action.index];
      if (!st || st.status !== 'waiting') break;
      failStep(s, action.index, action.reason, at);
      break;
    }
    case 'received': {
      const conn = s.connections[action.connection];
      // A line of an earlier run's server (stopped by a restart) is no part of this one.
      if (!conn || conn.status === 'idle' || (action.run !== undefined && action.run !== s.run)) break;
      const line: WireLine = { connection: action.connection, dir: 'received', text: action.text, at, step: conn.lastStep };
      s.log.push(line);
      const waiting = s.steps.findIndex((st, i) => st.status === 'waiting' && stepConnection(s.tour, i) === action.connection);
      if (waiting < 0) break;
      if (claim(s, waiting, line, at)) pump(s, effects, at);
      else if (answersInstead(s, waiting, line.text))
        failStep(s, waiting, `the server answered the request without sending ${awaitedMethod(s, waiting)} first`, at);
      break;
    }
    case 'exited': {
      const conn = s.connections[action.connection];
      if (!conn || conn.status === 'idle' || (action.run !== undefined && action.run !== s.run)) break;
      conn.status = 'exited';
      conn.exit = action.reason;
      s.steps.forEach((st, i) => {
        if (st.status === 'waiting' && stepConnection(s.tour, i) === action.connection)
          failStep(s, i, `the server exited: ${action.reason}`, at);
      });
      break;
    }
    default: {
      const never: never = action;
      return never;
    }
  }
  return { state: s, effects };
}

function clamp(index: number, last: number): number {
  return Math.max(0, Math.min(last, Math.trunc(index)));
}

function clone(state: PlayerState): PlayerState {
  return {
    ...state,
    steps: state.steps.map((st) => ({ ...st })),
    connections: Object.fromEntries(Object.entries(state.connections).map(([k, v]) => [k, { ...v }])),
    log: [...state.log],
  };
}

function hasUnsentBefore(s: PlayerState, index: number): boolean {
  return s.steps.some((st, i) => i < index && usesConnection(s.tour, i) && (st.status === 'unsent' || st.status === 'queued'));
}

/** Steps of words only up to the shown one count as seen. */
function markWordsDone(s: PlayerState): void {
  const st = s.steps[s.index];
  if (st && !usesConnection(s.tour, s.index) && st.status === 'unsent' && !hasUnsentBefore(s, s.index)) st.status = 'done';
}

/**
 * Sends the next step of the run under way when none is in flight: the first unsent step up to
 * the target. Stops (and clears the target) when a step fails or the target is reached.
 */
function pump(s: PlayerState, effects: PlayerEffect[], at: number): void {
  for (;;) {
    const target = s.target;
    if (target === undefined) return;
    if (s.steps.some((st) => st.status === 'waiting')) {
      markQueued(s, target);
      return;
    }
    const index = s.steps.findIndex((st, i) => i <= target && (st.status === 'unsent' || st.status === 'queued'));
    if (index < 0) {
      delete s.target;
      return;
    }
    if (!startStep(s, index, effects, at)) {
      delete s.target;
      unqueue(s);
      return;
    }
  }
}

function markQueued(s: PlayerState, target: number): void {
  s.steps.forEach((st, i) => {
    if (i <= target && st.status === 'unsent' && usesConnection(s.tour, i)) st.status = 'queued';
  });
}

function unqueue(s: PlayerState): void {
  for (const st of s.steps) if (st.status === 'queued') st.status = 'unsent';
}

/** Starts one step: done at once (words, a notification), waiting, or failed. False when it failed. */
function startStep(s: PlayerState, index: number, effects: PlayerEffect[], at: number): boolean {
  const tour = s.tour;
  const step = tour.steps[index];
  const st = s.steps[index];
  if (!step || !st) return false;
  st.startedAt = at;
  if (!usesConnection(tour, index)) {
    st.status = 'done';
    st.endedAt = at;
    return true;
  }
  const name = stepConnection(tour, index);
  const conn = name === undefined ? undefined : s.connections[name];
  if (name === undefined || !conn) return failStep(s, index, 'the step names no connection of the tour', at);
  if (conn.status === 'exited')
    return failStep(s, index, `the server of "${name}" has exited (${conn.exit ?? 'no reason given'}): restart the tour`, at);

  let awaiting: Awaiting | undefined;
  let line: string | undefined;
  if (step.send !== undefined) {
    const preview = previewStep(s, index);
    if (!preview.ok) {
      // An exercise whose text is not JSON stays unsent, with the reason shown, rather than failing.
      if (st.editError !== undefined) return false;
      return failStep(s, index, preview.error, at);
    }
    line = preview.line;
    if (preview.id !== undefined) {
      st.sentId = preview.id;
      if (typeof preview.id === 'number' && preview.id >= conn.nextId) conn.nextId = preview.id + 1;
    }
  }
  const awaited = stepAwaits(tour, index);
  switch (awaited.kind) {
    case 'own-response':
      // An edited message may have become a notification: then nothing comes back.
      if (st.sentId !== undefined) awaiting = { kind: 'response', id: st.sentId };
      break;
    case 'response': {
      const id = s.steps[awaited.step]?.sentId;
      if (id === undefined)
        return failStep(s, index, `step ${awaited.step + 1} sent no request in this run, so there is no response to wait for`, at);
      awaiting = { kind: 'response', id };
      break;
    }
    case 'method':
      awaiting = { kind: 'method', method: awaited.method };
      break;
    case 'nothing':
      break;
    default: {
      const never: never = awaited;
      return never;
    }
  }

  if (conn.status === 'idle') {
    const c = tour.connections[name];
    effects.push({
      kind: 'launch',
      run: s.run,
      connection: name,
      flow: conn.flow,
      ...(c?.label === undefined ? {} : { label: c.label }),
      server: tour.server,
    });
    conn.status = 'launched';
  }
  conn.lastStep = index;
  if (line !== undefined) {
    effects.push({ kind: 'send', run: s.run, connection: name, step: index, line });
    s.log.push({ connection: name, dir: 'sent', text: line, at, step: index });
    st.sent = line;
  }
  if (awaiting === undefined) {
    st.status = 'done';
    st.endedAt = at;
    return true;
  }
  st.status = 'waiting';
  st.awaiting = awaiting;
  // What it waits for may have come already (a response that came while another step waited).
  for (const earlier of s.log) {
    if (earlier.connection !== name || earlier.dir !== 'received' || earlier.outcomeOf !== undefined) continue;
    if (claim(s, index, earlier, at)) break;
  }
  return true;
}

/** Makes `line` step `index`'s outcome when it is what the step awaits. */
function claim(s: PlayerState, index: number, line: WireLine, at: number): boolean {
  const st = s.steps[index];
  const awaiting = st?.awaiting;
  if (!st || !awaiting) return false;
  const c = classifyText(line.text);
  const matches =
    awaiting.kind === 'response'
      ? (c.kind === 'result' || c.kind === 'error' || (c.kind === 'invalid' && c.responseTo !== undefined)) &&
        sameId(c.kind === 'invalid' ? c.responseTo : c.id, awaiting.id)
      : (c.kind === 'request' || c.kind === 'notification') && c.method === awaiting.method;
  if (!matches) return false;
  line.outcomeOf = index;
  // A line logged before the step started belongs to the step it came in; the outcome is this one's.
  st.outcome = { text: line.text, message: c, at: line.at };
  st.status = 'done';
  st.endedAt = at;
  delete st.awaiting;
  const step = s.tour.steps[index];
  if (step && step.expect.length > 0) st.checks = runChecks(step.expect, valueOf(c));
  return true;
}

/** A step waiting for a server message after its own request, and the request's response came instead. */
function answersInstead(s: PlayerState, index: number, text: string): boolean {
  const st = s.steps[index];
  if (st?.awaiting?.kind !== 'method' || st.sentId === undefined) return false;
  const c = classifyText(text);
  return (c.kind === 'result' || c.kind === 'error') && c.id === st.sentId;
}

function awaitedMethod(s: PlayerState, index: number): string {
  const awaiting = s.steps[index]?.awaiting;
  return awaiting?.kind === 'method' ? awaiting.method : 'the message it waits for';
}

function valueOf(c: Classified): unknown {
  return c.kind === 'non-json' ? undefined : c.kind === 'batch' ? c.items : c.kind === 'invalid' ? c.value : c.message;
}

function sameId(a: JsonRpcId | null | undefined, b: JsonRpcId): boolean {
  return a !== null && a !== undefined && a === b;
}

function failStep(s: PlayerState, index: number, reason: string, at: number): false {
  const st = s.steps[index];
  if (st) {
    st.status = 'failed';
    st.reason = reason;
    st.endedAt = at;
    delete st.awaiting;
  }
  delete s.target;
  unqueue(s);
  return false;
}
