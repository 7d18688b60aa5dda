/**
 * How deep JSON nests, measured on its text before anything parses it, and values clipped to a
 * depth. `JSON.parse` takes any depth, but `JSON.stringify`, structured clones, React trees and
 * recursive readers overflow the stack at some thousands of levels: a value from outside (a
 * server's line, a socket frame, a file) that nests past MAX_JSON_DEPTH is refused where it
 * enters, with the reason, or clipped where it is only echoed.
 */

/**
 * Deeper than any message the protocol defines needs (its schemas nest a dozen levels), far
 * below what breaks `JSON.stringify` (about 5,000 levels in Node 20).
 */
export const MAX_JSON_DEPTH = 512;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether the JSON text nests deeper than `limit` (brackets and braces outside strings). The
 * text need not be valid JSON: this only says whether parsing it could build something too deep.
 */
export function nestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  // No text nests deeper than it is long.
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** What stands in for the part of a value nested past the depth it was clipped to. */
export const CLIPPED = '[nested too deep: clipped]';

/** How deep an echoed value is clipped: half the limit, leaving room for the frames and events around it. */
export const ECHO_DEPTH = MAX_JSON_DEPTH / 2;

/**
 * The value with everything nested deeper than `limit` replaced by CLIPPED, for values that are
 * echoed (a server's `serverInfo` in a note, say) rather than read. Works without recursion, so
 * a value of any depth is clipped, not overflowed.
 */
export function clipDepth(value: unknown, limit = ECHO_DEPTH): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const root: { v: unknown } = { v: undefined };
  const stack: Array<{ from: object; into: Record<string, unknown> | unknown[]; depth: number }> = [];
  const shell = (from: object): Record<string, unknown> | unknown[] => (Array.isArray(from) ? [] : {});
  const first = shell(value);
  root.v = first;
  stack.push({ from: value, into: first, depth: 1 });
  while (stack.length > 0) {
    const { from, into, depth } = stack.pop() as (typeof stack)[number];
    for (const [key, child] of Object.entries(from)) {
      let out: unknown = child;
      if (typeof child === 'object' && child !== null) {
        if (depth >= limit) out = CLIPPED;
        else {
          const next = shell(child);
          stack.push({ from: child, into: next, depth: depth + 1 });
          out = next;
        }
      }
      if (Array.isArray(into)) into[Number(key)] = out;
      else into[key] = out;
    }
  }
  return root.v;
}
