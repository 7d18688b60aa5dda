/**
 * A JSON message laid out as the lines of its pretty-printed text, each line that starts a
 * field carrying that field's path: the annotated view focuses and annotates lines, so a
 * field's outline is its line and not the whole block beneath it. Pure, for the view and its test.
 */
import { formatPath, type PathStep } from '../../../../protocol/replay/jsonPath.js';

export type Scalar = string | number | boolean | null;

export interface MessageLine {
  /** The field this line starts (undefined: the root's brackets, a closing bracket, a cut). */
  path?: PathStep[];
  /** `$.params.protocolVersion`, for tests, titles and the note pane. */
  pathText?: string;
  depth: number;
  /** The member's key (objects) or the item's index (arrays); absent for the root and closers. */
  key?: string | number;
  /** What the line shows after the key: a scalar, or the bracket that opens a container. */
  value?: { scalar: Scalar } | { open: '{' | '[' } | { empty: '{}' | '[]' };
  close?: '}' | ']';
  /** More items or members than shown (a server's long list). */
  more?: number;
  /** A container nested past DEPTH_SHOWN, not laid out (its path would cost as much as its depth on every line). */
  deeper?: true;
  /** A comma follows (JSON punctuation, for a faithful reading). */
  comma: boolean;
}

/** Past this many members or items, a container shows the first ones and says how many more. */
export const CHILDREN_SHOWN = 200;
/** Containers nested deeper than this are shown as one line: no message a person reads goes near it. */
export const DEPTH_SHOWN = 64;

export function messageLines(value: unknown, childrenShown = CHILDREN_SHOWN): MessageLine[] {
  const out: MessageLine[] = [];
  // Iterative: a message nested as deep as the server liked is walked, not overflowed.
  type Work =
    | { kind: 'value'; path: PathStep[]; key: string | number | undefined; value: unknown; depth: number; comma: boolean }
    | { kind: 'line'; line: MessageLine };
  const stack: Work[] = [{ kind: 'value', path: [], key: undefined, value, depth: 0, comma: false }];
  while (stack.length > 0) {
    const work = stack.pop() as Work;
    if (work.kind === 'line') {
      out.push(work.line);
      continue;
    }
    const { path, key, depth, comma } = work;
    const field = path.length > 0 ? { path, pathText: formatPath(path), key } : {};
    const v = work.value;
    if (typeof v !== 'object' || v === null) {
      out.push({ ...field, depth, value: { scalar: scalarOf(v) }, comma });
      continue;
    }
    const isArray = Array.isArray(v);
    if (depth >= DEPTH_SHOWN) {
      out.push({ ...field, depth, deeper: true, comma });
      continue;
    }
    const entries: [string | number, unknown][] = isArray
      ? (v as unknown[]).map((item, index) => [index, item])
      : Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) {
      out.push({ ...field, depth, value: { empty: isArray ? '[]' : '{}' }, comma });
      continue;
    }
    out.push({ ...field, depth, value: { open: isArray ? '[' : '{' }, comma });
    const shown = entries.slice(0, childrenShown);
    const later: Work[] = shown.map(([k, child], i) => ({
      kind: 'value',
      path: [...path, k],
      key: k,
      value: child,
      depth: depth + 1,
      comma: i < shown.length - 1 || entries.length > shown.length,
    }));
    if (entries.length > shown.length)
      later.push({ kind: 'line', line: { depth: depth + 1, more: entries.length - shown.length, comma: false } });
    later.push({ kind: 'line', line: { depth, close: isArray ? ']' : '}', comma } });
    for (let i = later.length - 1; i >= 0; i--) stack.push(later[i] as Work);
  }
  return out;
}

function scalarOf(value: unknown): Scalar {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  // undefined, a function, a bigint: not JSON; shown as null rather than thrown at.
  return null;
}
