/**
 * What a step shows, whoever shows it: the presenter's player (from its state) and a follower
 * (from the journal's tour notes and the lines on the wire). Pure, with the notes each of its
 * messages gets.
 */
import type { Flow } from '../../../../protocol/flows.js';
import { formatPath, type PathStep } from '../../../../protocol/replay/jsonPath.js';
import { runChecks, type CheckResult } from '../../../../protocol/tour/checks.js';
import type { ConnectionFigures } from '../../../../protocol/tour/figures.js';
import type { Tour } from '../../../../protocol/tour/format.js';
import { notesFor } from '../../../../protocol/tour/notes.js';
import { previewStep, type PlayerState, type StepStatus } from '../../../../protocol/tour/player.js';
import { connectionFlow, stepAwaits, stepConnection } from '../../../../protocol/tour/steps.js';
import type { ShownNote } from './AnnotatedMessage.js';

export interface StepShow {
  index: number;
  total: number;
  status: StepStatus;
  /** Before sending: the message as it will go (the real id, `$ref`s filled), or why it cannot. */
  preview?: { ok: true; message: unknown; text: string } | { ok: false; error: string };
  /** The message sent, as sent. */
  sent?: unknown;
  /** The awaited message. */
  outcome?: unknown;
  checks?: CheckResult[];
  /** Why it failed. */
  reason?: string;
  figures?: ConnectionFigures[];
}

/** Parses a line from the wire; undefined when it is not JSON (then it has no fields to annotate). */
export function parseLine(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The step as the presenter's player has it. */
export function showFromPlayer(state: PlayerState, index: number, figures?: ConnectionFigures[]): StepShow {
  const st = state.steps[index];
  const step = state.tour.steps[index];
  const base = { index, total: state.tour.steps.length, status: st?.status ?? 'unsent' };
  if (!st || !step) return base;
  const show: StepShow = { ...base };
  if (step.send !== undefined && (st.status === 'unsent' || st.status === 'queued' || (st.status === 'failed' && st.sent === undefined))) {
    const preview = previewStep(state, index);
    show.preview = preview.ok ? { ok: true, message: preview.message, text: preview.text } : { ok: false, error: preview.error };
  }
  if (st.sent !== undefined) show.sent = parseLine(st.sent);
  if (st.outcome !== undefined) show.outcome = parseLine(st.outcome.text);
  if (st.checks !== undefined) show.checks = st.checks;
  if (st.reason !== undefined) show.reason = st.reason;
  if (step.figures && figures) show.figures = figures;
  return show;
}

/** The step as a follower reads it: the presenter's note says where, the wire says what. */
export function showFromWire(
  tour: Tour,
  index: number,
  wire: { preview?: string; sent?: string; outcome?: string; figures?: ConnectionFigures[] },
): StepShow {
  const step = tour.steps[index];
  const sent = parseLine(wire.sent);
  const outcome = parseLine(wire.outcome);
  const waits = step !== undefined && stepAwaits(tour, index).kind !== 'nothing';
  const status: StepStatus = wire.outcome !== undefined ? 'done' : wire.sent !== undefined ? (waits ? 'waiting' : 'done') : 'unsent';
  const show: StepShow = { index, total: tour.steps.length, status };
  if (wire.sent === undefined && wire.preview !== undefined) {
    const message = parseLine(wire.preview);
    if (message !== undefined) show.preview = { ok: true, message, text: JSON.stringify(message, null, 2) };
  }
  if (wire.sent !== undefined) show.sent = sent;
  if (wire.outcome !== undefined) {
    show.outcome = outcome;
    if (step && step.expect.length > 0) show.checks = runChecks(step.expect, outcome);
  }
  if (step?.figures && wire.figures) show.figures = wire.figures;
  return show;
}

/** The flow of the connection a step talks to. */
export function stepFlow(tour: Tour, index: number): Flow | undefined {
  const connection = stepConnection(tour, index);
  return connection === undefined ? undefined : connectionFlow(tour, connection);
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The method a message is about, for the notes' `method` filter: its own, or for a response,
 * its request's (the step's own request, the earlier step it awaits, or the server's request
 * it answers).
 */
export function messageMethod(
  tour: Tour,
  index: number,
  message: unknown,
  dir: 'sent' | 'received',
  messages: { sentOf: (i: number) => unknown; outcomeOf: (i: number) => unknown },
): string | undefined {
  const m = record(message);
  if (!m) return undefined;
  if (typeof m.method === 'string') return m.method;
  if (dir === 'received') {
    const awaited = stepAwaits(tour, index);
    const asked = awaited.kind === 'response' ? messages.sentOf(awaited.step) : messages.sentOf(index);
    const method = record(asked)?.method;
    return typeof method === 'string' ? method : undefined;
  }
  // A response the client sends answers a request the server sent: an earlier step's outcome with that id.
  for (let i = index - 1; i >= 0; i--) {
    const request = record(messages.outcomeOf(i));
    if (request && typeof request.method === 'string' && request.id === m.id) return request.method;
  }
  return undefined;
}

/** The note lookup for one message of a step, as the annotated view asks for it. */
export function noteLookup(
  tour: Tour,
  index: number,
  message: unknown,
  dir: 'sent' | 'received',
  method: string | undefined,
): (path: readonly PathStep[]) => ShownNote | undefined {
  const flow = stepFlow(tour, index);
  if (flow === undefined || message === undefined) return () => undefined;
  const notes = notesFor(tour, index, message, dir, flow, method);
  return (path) => notes.get(formatPath(path))?.note;
}
