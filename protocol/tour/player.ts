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
import { findJsonSyntaxError } from '../jsonWhere.js';
import { stepConnection, usesConnection } from './steps.js';
import { createPlayer, type PlayerAction, type PlayerEffect, type PlayerState, type Transition, type WireLine } from './playerState.js';
import { canRetry } from './playerQueries.js';
import { answersInstead, awaitedMethod, claim, failStep, startStep, unqueue } from './playerSteps.js';

export * from './playerState.js';
export * from './playerQueries.js';

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
