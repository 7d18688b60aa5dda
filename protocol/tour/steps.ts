/** What a step of a tour does, as the reader checks it and the player plays it. */
import type { Flow } from '../flows.js';
import type { Tour } from './format.js';
import { isRequest } from './refs.js';

/** What ends a step once its message is sent (or at once, for a step that only waits). */
export type Awaited =
  /** The response to the request this step sends. */
  | { kind: 'own-response' }
  /** The response to the request an earlier step sent (`wait: {response}`). */
  | { kind: 'response'; step: number }
  /** A message from the server with this method (`wait: {method}`). */
  | { kind: 'method'; method: string }
  /** Nothing: a notification or a response sent, or a step of words only. */
  | { kind: 'nothing' };

export function stepIndexById(tour: Tour, id: string): number | undefined {
  const index = tour.steps.findIndex((s) => s.id === id);
  return index < 0 ? undefined : index;
}

export function stepAwaits(tour: Tour, index: number): Awaited {
  const step = tour.steps[index];
  if (!step) return { kind: 'nothing' };
  if (step.wait !== undefined) {
    if ('method' in step.wait) return { kind: 'method', method: step.wait.method };
    const earlier = stepIndexById(tour, step.wait.response);
    return earlier === undefined ? { kind: 'nothing' } : { kind: 'response', step: earlier };
  }
  return step.send !== undefined && isRequest(step.send) ? { kind: 'own-response' } : { kind: 'nothing' };
}

/** Whether the step ends with a message from the server (its outcome, which checks and `$ref`s read). */
export function hasOutcome(tour: Tour, index: number): boolean {
  return stepAwaits(tour, index).kind !== 'nothing';
}

/** A step that talks to a server: it sends, or it waits. */
export function usesConnection(tour: Tour, index: number): boolean {
  const step = tour.steps[index];
  return step !== undefined && (step.send !== undefined || step.wait !== undefined);
}

/**
 * The connection a step talks to: the one it names, else the one the step it awaits the
 * response of talked to, else the tour's only connection. Undefined for a step of words only
 * (and for an ambiguous one, which the reader refuses).
 */
export function stepConnection(tour: Tour, index: number): string | undefined {
  const step = tour.steps[index];
  if (!step || !usesConnection(tour, index)) return undefined;
  if (step.connection !== undefined) return step.connection;
  const awaited = stepAwaits(tour, index);
  if (awaited.kind === 'response' && awaited.step < index) return stepConnection(tour, awaited.step);
  const names = Object.keys(tour.connections);
  return names.length === 1 ? names[0] : undefined;
}

export function connectionFlow(tour: Tour, connection: string): Flow | undefined {
  return tour.connections[connection]?.flow;
}
