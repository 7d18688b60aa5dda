/**
 * The structural difference of two JSON values: every place where they part, as a path with the
 * recorded and the new value. Objects are compared key by key (order does not matter), arrays
 * index by index (an insertion shows as changes from that index on, which is what a reader of a
 * response wants to see: the first place things moved). A place the caller sets aside is not
 * descended into.
 *
 * Two different strings that both hold a JSON object or array (a resource's `text`, a tool's
 * text content: servers often answer with JSON written out) are compared as that JSON, and the
 * path goes on into it: `$.result.contents[0].text.pid`. A string has no members of its own, so
 * the path is unambiguous, and an ignore path (`$..pid`) reaches inside the text as well.
 */
import { nestsDeeperThan } from '../jsonDepth.js';
import type { PathStep } from './jsonPath.js';

export type Difference =
  /** Both sides have a value here, and they differ (in value or in type). */
  | { kind: 'changed'; path: PathStep[]; recorded: unknown; got: unknown }
  /** The recording has a value here; the new answer has none. */
  | { kind: 'missing'; path: PathStep[]; recorded: unknown }
  /** The new answer has a value the recording did not. */
  | { kind: 'added'; path: PathStep[]; got: unknown };

/**
 * Whether to set a place aside. `recorded` or `got` is undefined where that side has no value
 * (JSON has no undefined, so absence is unambiguous).
 */
export type IgnorePlace = (path: readonly PathStep[], recorded: unknown, got: unknown) => boolean;

export interface DiffOptions {
  ignore?: IgnorePlace;
  /** Stop collecting after this many (the count goes on). Default 1000. */
  limit?: number;
}

export interface DiffResult {
  differences: Difference[];
  /** Every difference, including those past the limit. */
  total: number;
}

export function diffJson(recorded: unknown, got: unknown, options: DiffOptions = {}): DiffResult {
  const limit = options.limit ?? 1000;
  const ignore = options.ignore ?? (() => false);
  const result: DiffResult = { differences: [], total: 0 };
  const add = (difference: Difference): void => {
    result.total++;
    if (result.differences.length < limit) result.differences.push(difference);
  };
  const walk = (path: PathStep[], a: unknown, b: unknown): void => {
    if (ignore(path, a, b)) return;
    if (a === undefined && b === undefined) return;
    if (a === undefined) return add({ kind: 'added', path: [...path], got: b });
    if (b === undefined) return add({ kind: 'missing', path: [...path], recorded: a });
    const ta = typeOf(a);
    if (ta !== typeOf(b)) return add({ kind: 'changed', path: [...path], recorded: a, got: b });
    if (ta === 'array') {
      const x = a as unknown[];
      const y = b as unknown[];
      for (let i = 0; i < Math.max(x.length, y.length); i++) {
        path.push(i);
        walk(path, x[i], y[i]);
        path.pop();
      }
      return;
    }
    if (ta === 'object') {
      const x = a as Record<string, unknown>;
      const y = b as Record<string, unknown>;
      const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
      for (const key of keys) {
        path.push(key);
        walk(path, own(x, key), own(y, key));
        path.pop();
      }
      return;
    }
    if (a === b) return;
    if (ta === 'string') {
      const x = jsonText(a as string);
      const y = jsonText(b as string);
      if (x !== undefined && y !== undefined) return walk(path, x.value, y.value);
    }
    add({ kind: 'changed', path: [...path], recorded: a, got: b });
  };
  walk([], recorded, got);
  return result;
}

/** Past this a text is compared as text: parsing it again on every replayed answer is not free. */
const MAX_JSON_TEXT = 1_000_000;

/** The JSON object or array a string holds, boxed (so `null` is not mistaken for none); undefined for any other text. */
function jsonText(text: string): { value: unknown } | undefined {
  if (text.length > MAX_JSON_TEXT) return undefined;
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return undefined;
  if (nestsDeeperThan(text)) return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Equal as JSON: the same keys with equal values, whatever their order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return diffJson(a, b, { limit: 0 }).total === 0;
}

function typeOf(value: unknown): 'array' | 'object' | 'null' | 'string' | 'number' | 'boolean' | 'other' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  return t === 'object' || t === 'string' || t === 'number' || t === 'boolean' ? t : 'other';
}

/** A key's value only when the object itself has it ("constructor" is not every object's). */
function own(object: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}
