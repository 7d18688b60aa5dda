/**
 * A step's message as it goes out: `{"$ref": "<step id>#<jsonpath>"}` objects filled from the
 * outcomes of earlier steps (a stateless retry's requestState, the id of the server's
 * elicitation request), and a request's `id` replaced by the connection's next free id, so a
 * tour played twice, or a step retried, never reuses one.
 *
 * A `$ref` is told apart from JSON Schema's own `$ref` (a tour may send a schema) by its
 * JSONPath: the text after `#` starts with `$`, where a schema's pointer starts with `/`.
 */
import type { JsonRpcId } from '../jsonrpc.js';
import { formatPath, parseJsonPath, type JsonPath, type PathStep } from '../replay/jsonPath.js';
import { selectPath } from './select.js';

/** `{"$ref": "…#$…"}` and nothing else in the object. */
const REF_SHAPE = /#\$/;
const STEP_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface RefUse {
  /** Where the `{"$ref": …}` object sits in the message. */
  at: PathStep[];
  /** Its text, `<step id>#<jsonpath>`. */
  ref: string;
}

/** The `$ref` text when `value` is a tour reference object, else undefined. */
export function refText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const ref = (value as Record<string, unknown>).$ref;
  if (typeof ref !== 'string' || !REF_SHAPE.test(ref)) return undefined;
  return ref;
}

/** Every tour reference in a message, in document order (a reference's own inside is not searched). */
export function findRefs(value: unknown, at: PathStep[] = []): RefUse[] {
  const ref = refText(value);
  if (ref !== undefined) return [{ at, ref }];
  if (typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => findRefs(item as unknown, [...at, index]));
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => findRefs(child, [...at, key]));
}

export type ParsedRef = { ok: true; step: string; path: JsonPath } | { ok: false; error: string };

/** `<step id>#<jsonpath>`, checked: the id's characters, the path's syntax, nothing else in the object. */
export function parseRef(ref: string, holder?: Record<string, unknown>): ParsedRef {
  if (holder !== undefined && Object.keys(holder).length !== 1)
    return { ok: false, error: `a {"$ref": …} object holds nothing else (found ${Object.keys(holder).join(', ')})` };
  const hash = ref.indexOf('#');
  const step = ref.slice(0, hash);
  if (!STEP_ID.test(step)) return { ok: false, error: `"${ref}": a $ref is <step id>#<jsonpath>, like "discover#$.result.resultType"` };
  const parsed = parseJsonPath(ref.slice(hash + 1));
  if (!parsed.ok) return { ok: false, error: `"${ref}": ${parsed.error}` };
  return { ok: true, step, path: parsed.path };
}

export type Filled = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * The message with every reference replaced by the first value its path selects in that
 * step's outcome. `outcomeOf` gives an earlier step's outcome (the parsed message), or
 * undefined when that step has none yet.
 */
export function fillRefs(value: unknown, outcomeOf: (stepId: string) => unknown): Filled {
  const refs = findRefs(value);
  if (refs.length === 0) return { ok: true, value };
  let out = structuredClone(value);
  for (const use of refs) {
    const parsed = parseRef(use.ref);
    if (!parsed.ok) return parsed;
    const outcome = outcomeOf(parsed.step);
    if (outcome === undefined)
      return { ok: false, error: `${formatPath(use.at)} refers to step "${parsed.step}", which has no outcome yet` };
    const selected = selectPath(outcome, parsed.path);
    const first = selected[0];
    if (first === undefined)
      return { ok: false, error: `${formatPath(use.at)}: step "${parsed.step}"'s outcome has nothing at ${parsed.path.source}` };
    out = replaceAt(out, use.at, structuredClone(first.value));
  }
  return { ok: true, value: out };
}

function replaceAt(root: unknown, at: readonly PathStep[], value: unknown): unknown {
  if (at.length === 0) return value;
  let parent = root as Record<string | number, unknown>;
  for (const step of at.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  parent[at[at.length - 1] as PathStep] = value;
  return root;
}

/** A request: a method and an id (a notification has no id; a response no method). */
export function isRequest(message: unknown): message is Record<string, unknown> & { method: string; id: unknown } {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
  const m = message as Record<string, unknown>;
  return typeof m.method === 'string' && Object.prototype.hasOwnProperty.call(m, 'id');
}

/** The message with its request id replaced (the key keeps its place); anything but a request is unchanged. */
export function withRequestId(message: unknown, id: JsonRpcId): unknown {
  if (!isRequest(message)) return message;
  return Object.fromEntries(Object.entries(message).map(([key, value]) => [key, key === 'id' ? id : value]));
}
