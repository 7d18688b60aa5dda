/**
 * Places in a message: every field path it has (for notes, and for asking which fields have
 * none), and the values a JSONPath of the subset protocol/replay/jsonPath.ts reads selects there
 * (for `$ref`s and checks).
 */
import { pathMatches, type JsonPath, type PathStep } from '../replay/jsonPath.js';

/** Every place inside `value`, in document order: object members and array items, recursively (the root is not one). */
export function fieldPaths(value: unknown): PathStep[][] {
  const out: PathStep[][] = [];
  // Iterative, in document order: a deep message is walked, not overflowed.
  const stack: Array<{ at: PathStep[]; value: unknown }> = [{ at: [], value }];
  while (stack.length > 0) {
    const { at, value: v } = stack.pop() as { at: PathStep[]; value: unknown };
    if (at.length > 0) out.push(at);
    if (typeof v !== 'object' || v === null) continue;
    const children: Array<{ at: PathStep[]; value: unknown }> = Array.isArray(v)
      ? v.map((item, index) => ({ at: [...at, index], value: item as unknown }))
      : Object.entries(v as Record<string, unknown>).map(([key, child]) => ({ at: [...at, key], value: child }));
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as { at: PathStep[]; value: unknown });
  }
  return out;
}

/** The value at a concrete place, or undefined when the place is not there. */
export function valueAt(value: unknown, at: readonly PathStep[]): { found: true; value: unknown } | { found: false } {
  let current = value;
  for (const step of at) {
    if (typeof step === 'number') {
      if (!Array.isArray(current) || step >= current.length) return { found: false };
      current = current[step] as unknown;
    } else {
      if (typeof current !== 'object' || current === null || Array.isArray(current)) return { found: false };
      if (!Object.prototype.hasOwnProperty.call(current, step)) return { found: false };
      current = (current as Record<string, unknown>)[step];
    }
  }
  return { found: true, value: current };
}

/** What the path selects in `value`, in document order (the root itself when the path is `$`). */
export function selectPath(value: unknown, path: JsonPath): Array<{ at: PathStep[]; value: unknown }> {
  const out: Array<{ at: PathStep[]; value: unknown }> = [];
  for (const at of [[], ...fieldPaths(value)]) {
    if (!pathMatches(path, at)) continue;
    const found = valueAt(value, at);
    if (found.found) out.push({ at, value: found.value });
  }
  return out;
}
