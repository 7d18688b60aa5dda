/**
 * Reading a tour file (JSON or YAML) into a checked Tour. A trainer writes these by hand, so
 * every problem names its line and column: the parser's syntax errors, the schema's (zod
 * issues, told at the field they are about), and what only the whole tour shows (a `$ref` to a
 * later step, a connection nobody declared, two steps with one id).
 */
import { LineCounter, parseDocument, visit, isAlias, isNode, type Document } from 'yaml';
import type { $ZodIssue } from 'zod/v4/core';
import { findJsonSyntaxError } from '../jsonWhere.js';
import { nestsDeeperThan, MAX_JSON_DEPTH } from '../jsonDepth.js';
import { formatPath, parseJsonPath, type PathStep } from '../replay/jsonPath.js';
import { TOUR_FORMAT, TOUR_VERSION, tourSchema, type Tour } from './format.js';
import { jsonLocator, yamlLocator, type Locator, type Position } from './positions.js';
import { findRefs, isRequest, parseRef } from './refs.js';
import { hasOutcome, stepConnection, stepIndexById, usesConnection } from './steps.js';

/** A tour is a page of text, not a recording: past this it is refused before parsing. */
export const MAX_TOUR_CHARS = 5_000_000;

/** How many problems one reading reports; the rest are counted. */
const MAX_PROBLEMS = 20;

export interface TourProblem {
  /** 1-based; absent only for a problem of the whole file (empty, too large). */
  line?: number;
  column?: number;
  /** The field, as `steps[3].wait` (empty for the whole document). */
  where: string;
  message: string;
}

export type TourRead = { ok: true; tour: Tour } | { ok: false; error: string; problems: TourProblem[] };

/** `tour.yaml line 12, column 5: steps[3].wait: expected {method} or {response}` */
export function problemText(name: string, problem: TourProblem): string {
  const at = problem.line === undefined ? name : `${name} line ${problem.line}, column ${problem.column ?? 1}`;
  return problem.where === '' ? `${at}: ${problem.message}` : `${at}: ${problem.where}: ${problem.message}`;
}

/** JSON when the name ends in .json, YAML when in .yaml or .yml, else JSON when the text starts with `{`. */
export function tourSyntax(text: string, name: string): 'json' | 'yaml' {
  const lower = name.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  return text.trimStart().startsWith('{') ? 'json' : 'yaml';
}

/** Reads and checks a tour; `name` (a file name) heads every message and picks the syntax. */
export function readTour(source: string, name: string): TourRead {
  // An editor's byte order mark is no part of the tour (YAML skips it; JSON would not).
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const fail = (problems: TourProblem[]): TourRead => {
    const shown = problems.slice(0, MAX_PROBLEMS).map((p) => problemText(name, p));
    if (problems.length > MAX_PROBLEMS) shown.push(`${name}: and ${problems.length - MAX_PROBLEMS} more problems`);
    return { ok: false, error: shown.join('\n'), problems };
  };
  if (text.length > MAX_TOUR_CHARS)
    return fail([{ where: '', message: `is ${text.length} characters long; a tour is at most ${MAX_TOUR_CHARS}` }]);
  if (text.trim() === '') return fail([{ where: '', message: 'the file is empty' }]);

  const read = tourSyntax(text, name) === 'json' ? readJson(text) : readYaml(text);
  if (!read.ok) return fail([read.problem]);
  const { value, locate } = read;
  const problem = (path: readonly PathStep[], message: string): TourProblem => ({ ...locate(path), where: where(path), message });

  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail([problem([], `a tour is a mapping of format, version, title, connections and steps; this is ${kindOf(value)}`)]);
  const doc = value as Record<string, unknown>;
  // Said plainly and alone: a file that is no tour, or one for a later reader, has no other problem worth listing.
  if (doc.format !== TOUR_FORMAT)
    return fail([
      doc.format === undefined
        ? problem([], `this is not an MCP Lens tour: it has no "format: ${TOUR_FORMAT}"`)
        : problem(['format'], `this is not an MCP Lens tour: format is ${JSON.stringify(doc.format)}, a tour says "${TOUR_FORMAT}"`),
    ]);
  if (typeof doc.version === 'number' && doc.version > TOUR_VERSION)
    return fail([
      problem(['version'], `written for a newer MCP Lens (tour format version ${doc.version}); this one reads version ${TOUR_VERSION}`),
    ]);

  const parsed = tourSchema.safeParse(value, { reportInput: true });
  if (!parsed.success) {
    const problems = parsed.error.issues.flatMap((issue) => issueProblems(issue, [], locate));
    return fail(dedupe(problems));
  }
  const semantic = semanticProblems(parsed.data, locate);
  return semantic.length > 0 ? fail(semantic) : { ok: true, tour: parsed.data };
}

type Read = { ok: true; value: unknown; locate: Locator } | { ok: false; problem: TourProblem };

function readJson(text: string): Read {
  const syntax = findJsonSyntaxError(text);
  if (syntax) return { ok: false, problem: { line: syntax.line, column: syntax.column, where: '', message: syntax.message } };
  if (nestsDeeperThan(text)) return { ok: false, problem: { where: '', message: `nests deeper than ${MAX_JSON_DEPTH} levels` } };
  return { ok: true, value: JSON.parse(text) as unknown, locate: jsonLocator(text) };
}

function readYaml(text: string): Read {
  const lines = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    // A stack overflow on absurd nesting, say: still one line.
    return { ok: false, problem: { where: '', message: `cannot be read as YAML (${(error as Error).message})` } };
  }
  const first = doc.errors[0];
  if (first) {
    const pos = lines.linePos(errorOffset(doc, text, first.pos[0]));
    return { ok: false, problem: { line: pos.line, column: pos.col, where: '', message: yamlMessage(first.code, first.message) } };
  }
  const locate = yamlLocator(doc, lines);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 1000 });
  } catch (error) {
    return { ok: false, problem: { ...aliasPosition(doc, lines), where: '', message: (error as Error).message.split('\n')[0] ?? '' } };
  }
  return { ok: true, value, locate };
}

/**
 * Where to point at a syntax error. The parser finds an unclosed quote, list or map only when the
 * text runs out, and says so at the end (a line past the last one when the file ends in a newline):
 * the reader needs the place it opens, the last one still open there. Elsewhere, the parser's place.
 */
function errorOffset(doc: Document, text: string, offset: number): number {
  const end = text.trimEnd().length;
  if (offset < end) return offset;
  let opener: number | undefined;
  visit(doc, (_key, node) => {
    if (!isNode(node) || !node.range) return;
    const [start, valueEnd] = node.range;
    if (valueEnd >= end && '"\'[{'.includes(text[start] ?? ' ') && (opener === undefined || start > opener)) opener = start;
  });
  return opener ?? Math.max(0, end - 1);
}

/** The parser's message without its own " at line L, column C:" and the excerpt after it. */
function yamlMessage(code: string, message: string): string {
  if (code === 'MULTIPLE_DOCS') return 'a tour is one YAML document; this text has a second one (a line "---" or "...")';
  if (code === 'DUPLICATE_KEY') return 'this key appears twice in the same mapping';
  return message.replace(/ at line \d+, column \d+:[\s\S]*$/, '');
}

/** Where an alias that cannot be resolved (or expands too far) is, for toJS's errors that carry no position. */
function aliasPosition(doc: Document, lines: LineCounter): { line?: number; column?: number } {
  let found: { line: number; column: number } | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (found === undefined && node.range && (!isAlias(node) || node.resolve(doc) === undefined)) {
        const { line, col } = lines.linePos(node.range[0]);
        found = { line, column: col };
      }
    },
  });
  if (found) return found;
  // Too many expansions rather than a missing anchor: point at the first alias.
  visit(doc, {
    Alias(_key, node) {
      if (found === undefined && node.range) {
        const { line, col } = lines.linePos(node.range[0]);
        found = { line, column: col };
      }
    },
  });
  return found ?? {};
}

function where(path: readonly PathStep[]): string {
  return formatPath(path).replace(/^\$\.?/, '');
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `a ${typeof value}`;
}

/** Every field name of the format, for "did you mean" on a misspelt one. */
const KNOWN_FIELDS = [
  'format',
  'version',
  'title',
  'summary',
  'server',
  'demo',
  'command',
  'args',
  'env',
  'connections',
  'flow',
  'label',
  'notes',
  'steps',
  'id',
  'text',
  'connection',
  'send',
  'wait',
  'method',
  'response',
  'exercise',
  'expect',
  'figures',
  'at',
  'origin',
  'dir',
  'equals',
  'pass',
  'fail',
];

function issueProblems(issue: $ZodIssue, base: readonly PathStep[], locate: Locator): TourProblem[] {
  const path = [...base, ...(issue.path as PathStep[])];
  const at = (p: readonly PathStep[], message: string): TourProblem => ({ ...locate(p), where: where(p), message });
  const last = path[path.length - 1];
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return [at(path, 'is missing')];
      return [at(path, `expected ${typeName(issue.expected)}, got ${kindOf(input)}`)];
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const near = closest(key);
        return at([...path, key], `unknown field "${key}"${near === undefined ? '' : ` (did you mean "${near}"?)`}`);
      });
    case 'invalid_union': {
      // A value that picks one shape by its key is told that shape's problems.
      const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
      const keys = last === 'wait' ? ['method', 'response'] : ['demo', 'command'];
      let branch = keys.findIndex((k) => k in record);
      // A misspelt key (`methd`) still picks its shape, so its problem says "did you mean".
      if (branch < 0) branch = keys.findIndex((k) => Object.keys(record).some((r) => editDistance(r.toLowerCase(), k) <= 2));
      const chosen = branch >= 0 ? issue.errors[branch] : undefined;
      if (chosen && chosen.length > 0) return chosen.flatMap((inner) => issueProblems(inner, path, locate));
      if (last === 'wait') return [at(path, "expected {method} (a message from the server) or {response} (to an earlier step's request)")];
      if (last === 'server') return [at(path, 'expected {demo: true} or {command, args, env}')];
      return [at(path, 'matches none of the shapes allowed here')];
    }
    case 'invalid_value':
      return [at(path, `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}, got ${JSON.stringify(input) ?? 'nothing'}`)];
    case 'invalid_key': {
      if (path[0] === 'connections') return [at(path, 'a connection name is 1 to 32 letters, digits, _ or -')];
      return [at(path, 'is not an allowed key here')];
    }
    case 'invalid_format':
      if (last === 'id') return [at(path, 'a step id is 1 to 64 letters, digits, _ or -')];
      if (last === 'at') return [at(path, 'a field path starts with $ (like $.params.name)')];
      return [at(path, issue.message)];
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return [at(path, min <= 1 ? 'must not be empty' : `must be at least ${min} characters`)];
      if (issue.origin === 'array') return [at(path, last === 'steps' ? 'a tour has at least one step' : `needs at least ${min} items`)];
      return [at(path, issue.message)];
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return [at(path, `is longer than ${max} characters`)];
      if (issue.origin === 'array') return [at(path, `has more than ${max} items`)];
      return [at(path, issue.message)];
    }
    case 'invalid_element':
    case 'not_multiple_of':
    case 'custom':
      return [at(path, issue.message)];
    default: {
      const never: never = issue;
      return [at(path, (never as { message: string }).message)];
    }
  }
}

function typeName(expected: string): string {
  if (expected === 'record' || expected === 'object') return 'a mapping';
  if (expected === 'array') return 'a list';
  return `a ${expected}`;
}

function closest(key: string): string | undefined {
  let best: { field: string; d: number } | undefined;
  for (const field of KNOWN_FIELDS) {
    const d = editDistance(key.toLowerCase(), field.toLowerCase());
    if (d <= 2 && d < key.length && (best === undefined || d < best.d)) best = { field, d };
  }
  return best?.field;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

function dedupe(problems: TourProblem[]): TourProblem[] {
  const seen = new Set<string>();
  const out: TourProblem[] = [];
  for (const p of problems) {
    const key = `${p.line}:${p.column}:${p.where}:${p.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** What the schema cannot say: the tour's parts must refer to each other correctly. */
export function semanticProblems(tour: Tour, locate: Locator): TourProblem[] {
  const problems: TourProblem[] = [];
  const add = (path: readonly PathStep[], message: string): void => {
    problems.push({ ...locate(path), where: where(path), message });
  };
  const names = Object.keys(tour.connections);
  const nameList = names.length === 0 ? 'none' : names.join(', ');
  const firstOfId = new Map<string, number>();

  const checkPath = (path: readonly PathStep[], source: string): void => {
    const parsed = parseJsonPath(source);
    if (!parsed.ok) add(path, parsed.error);
  };
  tour.notes.forEach((note, n) => checkPath(['notes', n, 'at'], note.at));

  tour.steps.forEach((step, index) => {
    const base: PathStep[] = ['steps', index];
    if (step.id !== undefined) {
      const earlier = firstOfId.get(step.id);
      if (earlier !== undefined)
        add([...base, 'id'], `duplicate step id "${step.id}" (steps[${earlier}] has it, ${lineOf(locate, ['steps', earlier, 'id'])})`);
      else firstOfId.set(step.id, index);
    }
    if (step.connection !== undefined && !(step.connection in tour.connections))
      add([...base, 'connection'], `unknown connection "${step.connection}" (the tour has: ${nameList})`);
    if (usesConnection(tour, index) && step.connection === undefined && stepConnection(tour, index) === undefined)
      add(
        base,
        names.length === 0
          ? 'this step talks to a server, but the tour has no connections'
          : `which connection? the tour has ${names.length} (${nameList}): add "connection:"`,
      );

    // `wait: {response}` names an earlier step that sent a request, on the same connection.
    if (step.wait !== undefined && 'response' in step.wait) {
      const target = stepIndexById(tour, step.wait.response);
      const path = [...base, 'wait', 'response'];
      if (target === undefined) add(path, `no step has the id "${step.wait.response}"`);
      else if (target >= index) add(path, `step "${step.wait.response}" comes later (steps[${target}]); a step waits on an earlier one`);
      else if (!isRequest(tour.steps[target]?.send))
        add(path, `step "${step.wait.response}" sends no request (a method and an id), so no response answers it`);
      else if (step.connection !== undefined && stepConnection(tour, target) !== step.connection)
        add(path, `step "${step.wait.response}" sent its request on "${stepConnection(tour, target) ?? '?'}", not on "${step.connection}"`);
    }

    if (step.send !== undefined)
      for (const use of findRefs(step.send)) {
        const path = [...base, 'send', ...use.at, '$ref'];
        const holder = refHolder(step.send, use.at);
        const parsed = parseRef(use.ref, holder);
        if (!parsed.ok) {
          add(path, parsed.error);
          continue;
        }
        const target = stepIndexById(tour, parsed.step);
        if (target === undefined) add(path, `no step has the id "${parsed.step}"`);
        else if (target >= index)
          add(
            path,
            `step "${parsed.step}" comes ${target === index ? 'here: a step cannot refer to itself' : `later (steps[${target}])`}; a $ref reads an earlier step's outcome`,
          );
        else if (!hasOutcome(tour, target)) add(path, `step "${parsed.step}" awaits nothing from the server, so it has no outcome to read`);
      }

    step.notes.forEach((note, n) => checkPath([...base, 'notes', n, 'at'], note.at));
    step.expect.forEach((e, n) => checkPath([...base, 'expect', n, 'at'], e.at));
    if (step.expect.length > 0 && !hasOutcome(tour, index))
      add([...base, 'expect'], 'this step awaits nothing from the server, so there is nothing to check (add wait, or send a request)');
    if (step.exercise !== undefined && step.send === undefined)
      add([...base, 'exercise'], 'an exercise edits the message a step sends; this step sends none');
  });
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

function lineOf(locate: Locator, path: readonly PathStep[]): string {
  const p: Position = locate(path);
  return `line ${p.line}`;
}

function refHolder(send: unknown, at: readonly PathStep[]): Record<string, unknown> | undefined {
  let node = send;
  for (const step of at) node = (node as Record<string | number, unknown>)[step];
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : undefined;
}
