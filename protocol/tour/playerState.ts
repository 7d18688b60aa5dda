/** The state of a tour being played, the actions it takes and the effects it asks for (protocol/tour/player.ts plays it). */
import type { Flow } from '../flows.js';
import { type Classified, type JsonRpcId } from '../jsonrpc.js';
import { type CheckResult } from './checks.js';
import type { Tour, TourServer } from './format.js';

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
