/**
 * Which of a tour's notes explain which field of a message. Every field (object members and
 * array items, at any depth) gets at most one note, the one that wins among those that match:
 *
 * 1. a step's own note over a tour-wide one;
 * 2. then the note with more filters (method, dir, flow) that hold;
 * 3. then a path without wildcards or `..` over a pattern;
 * 4. then the later one in the file.
 */
import type { Flow } from '../flows.js';
import { formatPath, parseJsonPath, pathMatches, type JsonPath, type PathStep } from '../replay/jsonPath.js';
import type { FieldNote, Tour } from './format.js';
import { fieldPaths } from './select.js';

export interface NoteContext {
  /** Sent by the client (the tour), or received from the server. */
  dir: 'sent' | 'received';
  /** The flow of the connection the message went over. */
  flow: Flow;
  /** The message's method; for a response, its request's. */
  method?: string;
}

export interface AppliedNote {
  /** The field, concrete: `['params', '_meta', 'io.modelcontextprotocol/protocolVersion']`. */
  at: PathStep[];
  /** The same, written as JSONPath. */
  path: string;
  note: FieldNote;
  /** Whose note it is: the step's own, or the tour's. */
  from: 'step' | 'tour';
}

const compiled = new WeakMap<FieldNote, JsonPath | null>();

function pathOf(note: FieldNote): JsonPath | null {
  let path = compiled.get(note);
  if (path === undefined) {
    const parsed = parseJsonPath(note.at);
    path = parsed.ok ? parsed.path : null;
    compiled.set(note, path);
  }
  return path;
}

/** Whether the note's filters let it apply to a message in this context. */
export function noteApplies(note: FieldNote, context: NoteContext): boolean {
  if (note.dir !== undefined && note.dir !== context.dir) return false;
  if (note.flow !== undefined && note.flow !== context.flow) return false;
  if (note.method !== undefined && note.method !== context.method) return false;
  return true;
}

function rank(note: FieldNote, from: 'step' | 'tour', order: number): number[] {
  const filters = (note.method !== undefined ? 1 : 0) + (note.dir !== undefined ? 1 : 0) + (note.flow !== undefined ? 1 : 0);
  const path = pathOf(note);
  const exact = path !== null && path.segments.every((s) => !s.descend && s.selector.kind !== 'any') ? 1 : 0;
  return [from === 'step' ? 1 : 0, filters, exact, order];
}

function beats(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

/**
 * The winning note of each field of `message` (keyed by its JSONPath, in document order).
 * `stepIndex` undefined: tour-wide notes only.
 */
export function notesFor(
  tour: Tour,
  stepIndex: number | undefined,
  message: unknown,
  dir: NoteContext['dir'],
  flow: Flow,
  method?: string,
): Map<string, AppliedNote> {
  const context: NoteContext = { dir, flow, ...(method === undefined ? {} : { method }) };
  const candidates: Array<{ note: FieldNote; from: 'step' | 'tour'; order: number }> = [];
  tour.notes.forEach((note, order) => candidates.push({ note, from: 'tour', order }));
  const step = stepIndex === undefined ? undefined : tour.steps[stepIndex];
  step?.notes.forEach((note, order) => candidates.push({ note, from: 'step', order }));
  const usable = candidates.filter((c) => noteApplies(c.note, context) && pathOf(c.note) !== null);

  const out = new Map<string, AppliedNote>();
  for (const at of fieldPaths(message)) {
    let best: { note: FieldNote; from: 'step' | 'tour'; rank: number[] } | undefined;
    for (const c of usable) {
      if (!pathMatches(pathOf(c.note) as JsonPath, at)) continue;
      const r = rank(c.note, c.from, c.order);
      if (best === undefined || beats(r, best.rank)) best = { note: c.note, from: c.from, rank: r };
    }
    if (best) out.set(formatPath(at), { at, path: formatPath(at), note: best.note, from: best.from });
  }
  return out;
}

/** The fields of `message` no note explains, as JSONPaths in document order. */
export function fieldsWithoutNotes(
  tour: Tour,
  stepIndex: number | undefined,
  message: unknown,
  dir: NoteContext['dir'],
  flow: Flow,
  method?: string,
): string[] {
  const notes = notesFor(tour, stepIndex, message, dir, flow, method);
  return fieldPaths(message)
    .map((at) => formatPath(at))
    .filter((path) => !notes.has(path));
}

export { fieldPaths };
