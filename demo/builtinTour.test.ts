/**
 * The built-in tour (protocol/tour/builtin/protocol.tour.yaml) played through the tour player
 * against the compiled demo server, one real process per connection, as a presenter plays it:
 * every check holds, the exercise edited to an unsupported version gets -32022 (and unedited is
 * a valid request the server answers), and every field of every message sent and received in
 * those runs has a note, with no note in the file that never explains anything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import tourText from '../protocol/tour/builtin/protocol.tour.yaml?raw';
import { classifyText, type JsonRpcId } from '../protocol/jsonrpc.js';
import { tourFigures } from '../protocol/tour/figures.js';
import type { FieldNote, Tour } from '../protocol/tour/format.js';
import { fieldPaths, fieldsWithoutNotes, noteApplies } from '../protocol/tour/notes.js';
import { parseJsonPath, pathMatches } from '../protocol/replay/jsonPath.js';
import { readTour } from '../protocol/tour/parse.js';
import type { PlayerState, WireLine } from '../protocol/tour/player.js';
import { playTour } from './testing/tourDriver.js';

const EXERCISE = 'exercise-version';
const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/** Notes the run is not expected to use: they explain fields the demo never sends in this tour. */
const NOTES_FOR_ABSENT_FIELDS = new Set(['$.result.isError']);

function builtinTour(): Tour {
  const read = readTour(tourText, 'protocol.tour.yaml');
  if (!read.ok) throw new Error(read.error);
  return read.tour;
}

/** What a learner does in the exercise: the version in the envelope becomes one the server does not speak. */
function toUnsupportedVersion(message: Record<string, unknown>): string {
  const edited = structuredClone(message) as { params: { _meta: Record<string, unknown> } };
  edited.params._meta[VERSION_KEY] = '1999-01-01';
  return JSON.stringify(edited, null, 2);
}

function stepIndex(tour: Tour, id: string): number {
  const index = tour.steps.findIndex((s) => s.id === id);
  if (index < 0) throw new Error(`no step ${id}`);
  return index;
}

interface LineContext {
  message: Record<string, unknown>;
  dir: 'sent' | 'received';
  flow: 'handshake' | 'stateless';
  method: string | undefined;
}

/** A line's message, direction, flow and method (a response's is its request's, found on the same connection). */
function contextOf(state: PlayerState, line: WireLine): LineContext {
  const message = JSON.parse(line.text) as Record<string, unknown>;
  const flow = state.connections[line.connection]?.flow;
  if (flow === undefined) throw new Error(`no connection ${line.connection}`);
  let method = typeof message.method === 'string' ? message.method : undefined;
  if (method === undefined && message.id !== undefined) {
    const request = state.log.find((other) => {
      if (other.connection !== line.connection || other.dir === line.dir) return false;
      const c = classifyText(other.text);
      return c.kind === 'request' && c.id === (message.id as JsonRpcId);
    });
    const c = request === undefined ? undefined : classifyText(request.text);
    if (c?.kind === 'request') method = c.method;
  }
  return { message, dir: line.dir, flow, method };
}

describe('the built-in tour against the demo server', () => {
  const tour = builtinTour();
  const exercise = stepIndex(tour, EXERCISE);
  let edited: PlayerState;
  let unedited: PlayerState;

  beforeAll(async () => {
    // The two runs are independent (their own servers), so they play side by side.
    [edited, unedited] = await Promise.all([playTour(tour, { edits: { [EXERCISE]: toUnsupportedVersion } }), playTour(tour)]);
  });

  it('plays to the end with the exercise edited: every step has its outcome and every check holds', () => {
    const problems = edited.steps.flatMap((st, i) => {
      const id = tour.steps[i]?.id ?? String(i + 1);
      if (st.status !== 'done') return [`${id}: ${st.status}${st.reason === undefined ? '' : ` (${st.reason})`}`];
      return (st.checks ?? []).filter((c) => !c.ok).map((c) => `${id}: ${c.at}: ${c.detail}`);
    });
    expect(problems).toEqual([]);
    const checked = edited.steps.reduce((n, st) => n + (st.checks?.length ?? 0), 0);
    expect(checked).toBe(tour.steps.reduce((n, s) => n + s.expect.length, 0));
  });

  it('the edited exercise is refused with -32022, naming the version asked for and the ones supported', () => {
    const st = edited.steps[exercise];
    expect(st?.sent).toContain('"1999-01-01"');
    expect(st?.checks?.map((c) => [c.ok, c.text])).toEqual([[true, expect.stringContaining('-32022')]]);
    const outcome = st?.outcome?.message;
    expect(outcome?.kind).toBe('error');
    if (outcome?.kind !== 'error') return;
    expect(outcome.error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'], requested: '1999-01-01' } });
  });

  it('unedited, the exercise is a valid request: the server adds 42 and 58, and the check fails with the tour’s words', () => {
    const st = unedited.steps[exercise];
    expect(st?.status).toBe('done');
    expect(st?.sent).toContain('"2026-07-28"');
    const outcome = st?.outcome?.message;
    expect(outcome?.kind).toBe('result');
    if (outcome?.kind !== 'result') return;
    expect(outcome.result).toMatchObject({ content: [{ type: 'text', text: '42 + 58 = 100' }], resultType: 'complete' });
    expect(st?.checks).toEqual([
      { at: '$.error.code', ok: false, text: expect.stringContaining('"1999-01-01"'), detail: '$.error.code is missing' },
    ]);
    // Every other step is the same as in the edited run.
    const others = unedited.steps.filter((s, i) => i !== exercise && (s.status !== 'done' || s.checks?.some((c) => !c.ok)));
    expect(others).toEqual([]);
  });

  it('the input round: the handshake answers the server’s elicitation/create by its id, the stateless retry carries the requestState', () => {
    const ask = edited.steps[stepIndex(tour, 'hs-confirm')];
    const answer = edited.steps[stepIndex(tour, 'hs-answer')];
    const question = ask?.outcome?.message;
    expect(question?.kind).toBe('request');
    if (question?.kind !== 'request') return;
    expect(JSON.parse(answer?.sent ?? '{}')).toMatchObject({ id: question.id, result: { action: 'accept' } });

    const first = edited.steps[stepIndex(tour, 'sl-confirm')];
    const retry = edited.steps[stepIndex(tour, 'sl-retry')];
    const interim = first?.outcome?.message;
    expect(interim?.kind).toBe('result');
    if (interim?.kind !== 'result') return;
    const state = (interim.result as { requestState?: unknown }).requestState;
    expect(typeof state).toBe('string');
    const sent = JSON.parse(retry?.sent ?? '{}') as { id: unknown; params: { requestState: unknown } };
    expect(sent.params.requestState).toBe(state);
    expect(sent.id).not.toBe(first?.sentId);
  });

  it('every field of every message sent and received has a note', () => {
    const uncovered = new Set<string>();
    for (const state of [edited, unedited])
      for (const line of state.log) {
        const c = contextOf(state, line);
        const stepId = line.step === undefined ? '(no step)' : (tour.steps[line.step]?.id ?? String(line.step + 1));
        for (const field of fieldsWithoutNotes(tour, line.step, c.message, c.dir, c.flow, c.method))
          uncovered.add(`${c.flow} ${stepId} ${c.dir} ${c.method ?? '?'}: ${field}`);
      }
    expect([...uncovered]).toEqual([]);
  });

  it('every note of the file matches some field of the run (a misspelt path matches none)', () => {
    const matched = new Set<FieldNote>();
    const candidates = [
      ...tour.notes.map((note) => ({ note, step: undefined })),
      ...tour.steps.flatMap((s, step) => s.notes.map((note) => ({ note, step }))),
    ];
    for (const state of [edited, unedited])
      for (const line of state.log) {
        const c = contextOf(state, line);
        const fields = fieldPaths(c.message);
        for (const { note, step } of candidates) {
          if (matched.has(note) || (step !== undefined && step !== line.step) || !noteApplies(note, c)) continue;
          const path = parseJsonPath(note.at);
          if (path.ok && fields.some((at) => pathMatches(path.path, at))) matched.add(note);
        }
      }
    const unmatched = candidates
      .filter(({ note, step }) => !matched.has(note) && !(step === undefined && NOTES_FOR_ABSENT_FIELDS.has(note.at)))
      .map(({ note, step }) => `${step === undefined ? 'notes' : (tour.steps[step]?.id ?? String(step + 1))}: ${note.at}`);
    expect(unmatched).toEqual([]);
  });

  it('the figures say what the last step says: the stateless flow sends more bytes, the handshake spends messages on its opening', () => {
    const figures = Object.fromEntries(tourFigures(edited).map((f) => [f.connection, f.figures]));
    // 11 messages each way; the handshake's round trips include the server's elicitation/create.
    // The handshake's task adds 9 messages and 3 round trips: the call, tasks/result and the
    // task's question with their answers, and 3 status notifications (a step, the question, done).
    expect(figures.handshake).toMatchObject({ messages: 31, roundTrips: 13 });
    expect(figures.stateless).toMatchObject({ messages: 22, roundTrips: 11 });
    expect(figures.stateless?.bytesSent).toBeGreaterThan(figures.handshake?.bytesSent ?? Infinity);
  });
});
