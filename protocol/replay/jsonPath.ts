/**
 * The JSONPath subset replay's `--ignore` takes, and the way a place in a message is written in
 * a diff. Paths are rooted at the response as compared: `$.result…` or `$.error…` (the id and
 * `jsonrpc` are never compared). Supported: `.name`, `['name']` / `["name"]`, `[3]`, `[*]`,
 * `.*`, and `..` (any depth) before any of them. Filters and slices are not: a path that uses
 * one is refused rather than silently matching nothing.
 */

/** One step into a JSON value: an object key or an array index. */
export type PathStep = string | number;

type Selector = { kind: 'name'; name: string } | { kind: 'index'; index: number } | { kind: 'any' };

interface Segment {
  /** `..`: the selector may match at any depth below the previous segment. */
  descend: boolean;
  selector: Selector;
}

export interface JsonPath {
  source: string;
  segments: Segment[];
}

export type ParsedPath = { ok: true; path: JsonPath } | { ok: false; error: string };

const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

/** A concrete place written as JSONPath: `$.result.content[0].text`, `$._meta["io.x/y"]`. */
export function formatPath(steps: readonly PathStep[]): string {
  let out = '$';
  for (const step of steps) {
    if (typeof step === 'number') out += `[${step}]`;
    else if (PLAIN_NAME.test(step)) out += `.${step}`;
    else out += `[${JSON.stringify(step)}]`;
  }
  return out;
}

export function parseJsonPath(source: string): ParsedPath {
  const fail = (at: number, what: string): ParsedPath => ({ ok: false, error: `${what} at character ${at + 1} of ${source}` });
  if (!source.startsWith('$')) return { ok: false, error: `a path starts with $ (like $.result.content[0].text), got ${source}` };
  const segments: Segment[] = [];
  let i = 1;
  while (i < source.length) {
    let descend = false;
    if (source[i] === '.') {
      descend = source[i + 1] === '.';
      i += descend ? 2 : 1;
      if (source[i] !== '[') {
        const start = i;
        while (i < source.length && source[i] !== '.' && source[i] !== '[') i++;
        const name = source.slice(start, i);
        if (name === '') return fail(start, 'a name is missing');
        segments.push({ descend, selector: name === '*' ? { kind: 'any' } : { kind: 'name', name } });
        continue;
      }
    } else if (source[i] !== '[') return fail(i, `unexpected "${source[i] ?? ''}"`);
    const bracket = readBracket(source, i);
    if (!bracket.ok) return fail(i, bracket.error);
    segments.push({ descend, selector: bracket.selector });
    i = bracket.end;
  }
  return { ok: true, path: { source, segments } };
}

type Bracket = { ok: true; selector: Selector; end: number } | { ok: false; error: string };

function readBracket(source: string, start: number): Bracket {
  const close = (at: number): number => (source[at] === ']' ? at + 1 : -1);
  const inner = source[start + 1];
  if (inner === '*') {
    const end = close(start + 2);
    return end < 0 ? { ok: false, error: 'expected ] after [*' } : { ok: true, selector: { kind: 'any' }, end };
  }
  if (inner === '"' || inner === "'") {
    let j = start + 2;
    let name = '';
    while (j < source.length && source[j] !== inner) {
      if (source[j] === '\\' && j + 1 < source.length) {
        const escaped = source[j + 1] ?? '';
        name += escaped === 'n' ? '\n' : escaped === 't' ? '\t' : escaped;
        j += 2;
      } else name += source[j++] ?? '';
    }
    if (j >= source.length) return { ok: false, error: 'an unclosed quoted name' };
    const end = close(j + 1);
    return end < 0 ? { ok: false, error: 'expected ] after a quoted name' } : { ok: true, selector: { kind: 'name', name }, end };
  }
  const match = /^\[(\d+)\]/.exec(source.slice(start));
  if (match?.[1] !== undefined) return { ok: true, selector: { kind: 'index', index: Number(match[1]) }, end: start + match[0].length };
  return { ok: false, error: 'only [n], [*] and ["name"] are supported in brackets (no filters, slices or negative indexes)' };
}

/** Whether the path selects exactly this place (a place below a selected one is covered by its parent). */
export function pathMatches(path: JsonPath, steps: readonly PathStep[]): boolean {
  return matchFrom(path.segments, 0, steps, 0);
}

function matchFrom(segments: readonly Segment[], i: number, steps: readonly PathStep[], j: number): boolean {
  if (i === segments.length) return j === steps.length;
  const segment = segments[i];
  if (segment === undefined) return false;
  if (segment.descend) {
    for (let k = j; k < steps.length; k++) if (selects(segment.selector, steps[k]) && matchFrom(segments, i + 1, steps, k + 1)) return true;
    return false;
  }
  return j < steps.length && selects(segment.selector, steps[j]) && matchFrom(segments, i + 1, steps, j + 1);
}

function selects(selector: Selector, step: PathStep | undefined): boolean {
  if (step === undefined) return false;
  switch (selector.kind) {
    case 'any':
      return true;
    case 'name':
      return step === selector.name;
    case 'index':
      return step === selector.index;
    default: {
      const never: never = selector;
      return never;
    }
  }
}
