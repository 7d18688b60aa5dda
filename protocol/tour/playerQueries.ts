/** What the player's state says without changing it: the message a step would send, an outcome's value, whether a step may be tried again. */
import { type JsonRpcId } from '../jsonrpc.js';
import { fillRefs, isRequest, withRequestId } from './refs.js';
import { stepConnection, usesConnection } from './steps.js';
import type { PlayerState, WireLine } from './playerState.js';

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
