/**
 * The regular-expression engine for patterns a server wrote (`pattern`, `patternProperties` in
 * its schemas). JavaScript's own engine backtracks: `^(a+)+$` against 32 `a` and a `!` takes
 * tens of seconds, and a server chooses both the pattern and the text. RE2 (re2js, pure
 * JavaScript) matches in time linear in the text, whatever the pattern.
 *
 * RE2 has no lookahead and no backreferences. A pattern that needs them is not run at all: it
 * is recorded as unchecked, and the value is treated as matching it, so the verdict says what
 * it could not check rather than hang on it.
 */
import { RE2JS } from 're2js';

/** What Ajv calls to build a matcher for a pattern (its `code.regExp` option). */
export interface PatternEngine {
  (pattern: string, flags: string): PatternMatcher;
  code: string;
}

export interface PatternMatcher {
  test(text: string): boolean;
  /** Ajv keys compiled patterns by this: it must differ between patterns. */
  toString(): string;
}

/** A pattern left unrun, and why. */
export interface UncheckedPattern {
  pattern: string;
  reason: string;
}

let collecting: UncheckedPattern[] | undefined;

/**
 * Runs `compile` and returns what it returned together with the patterns it met that cannot be
 * run in linear time. Ajv builds its matchers while it compiles, synchronously.
 */
export function collectUnchecked<T>(compile: () => T): { value: T; unchecked: UncheckedPattern[] } {
  const outer = collecting;
  const unchecked: UncheckedPattern[] = [];
  collecting = unchecked;
  try {
    return { value: compile(), unchecked };
  } finally {
    collecting = outer;
  }
}

function linearPattern(pattern: string, flags: string): PatternMatcher {
  // The pattern must be a valid ECMAScript pattern first: that is what JSON Schema asks, and a
  // pattern invalid there makes the schema unusable. Building a RegExp never backtracks; only
  // running one does.
  new RegExp(pattern, flags);
  let re2: RE2JS;
  try {
    re2 = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    const reason = unsupportedReason(error);
    collecting?.push({ pattern, reason });
    return { test: () => true, toString: () => `unchecked:${pattern}` };
  }
  return { test: (text) => re2.test(text), toString: () => `re2:${pattern}` };
}

function unsupportedReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/\(\?[=!]|\(\?<[=!]|invalid named capture/.test(message)) return 'it uses lookaround';
  if (/\\[1-9]|\\k/.test(message)) return 'it uses a backreference';
  return `the linear-time engine cannot run it (${message.replace(/^error parsing regexp: /, '')})`;
}

/** Ajv's `code.regExp`: patterns from servers run on RE2, never on a backtracking engine. */
export const linearPatterns: PatternEngine = Object.assign(linearPattern, {
  code: 'linearPattern',
});

/** One line for a verdict or a finding: which patterns went unchecked, and why. */
export function describeUnchecked(unchecked: readonly UncheckedPattern[]): string {
  const first = unchecked[0];
  if (!first) return '';
  const quoted = first.pattern.length > 60 ? `${first.pattern.slice(0, 60)}…` : first.pattern;
  const more = unchecked.length > 1 ? ` (and ${unchecked.length - 1} more)` : '';
  return `pattern ${JSON.stringify(quoted)} not checked: ${first.reason}${more}`;
}
