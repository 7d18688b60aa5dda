/**
 * A step's `expect`, evaluated against its outcome (the awaited message): the field must be
 * there, and equal the value given when there is one (deep equality as JSON: key order does not
 * count). A path that selects several places holds when any of them passes.
 */
import { jsonEqual } from '../replay/diff.js';
import { parseJsonPath } from '../replay/jsonPath.js';
import type { Expectation } from './format.js';
import { selectPath } from './select.js';

export interface CheckResult {
  at: string;
  ok: boolean;
  /** The tour's words for the result (`pass` or `fail`), else a plain sentence. */
  text: string;
  /** What was found: "$.error.code is -32022", "$.error is missing", "expected -32022, got -32602". */
  detail: string;
}

const MAX_SHOWN = 120;

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** `outcome` is the parsed message; undefined when none came (the step failed). */
export function runChecks(expectations: readonly Expectation[], outcome: unknown): CheckResult[] {
  return expectations.map((e) => check(e, outcome));
}

function check(e: Expectation, outcome: unknown): CheckResult {
  const result = (ok: boolean, detail: string, fallback: string): CheckResult => ({
    at: e.at,
    ok,
    text: (ok ? e.pass : e.fail) ?? fallback,
    detail,
  });
  const wants = Object.prototype.hasOwnProperty.call(e, 'equals') && e.equals !== undefined;
  const expected = wants ? ` ${shown(e.equals)}` : '';
  if (outcome === undefined) return result(false, 'no message came back', `expected ${e.at}${expected}: no message came back`);
  const path = parseJsonPath(e.at);
  if (!path.ok) return result(false, path.error, path.error);
  const selected = selectPath(outcome, path.path);
  if (selected.length === 0)
    return result(false, `${e.at} is missing`, `expected ${e.at}${wants ? ` to be${expected}` : ''}, but it is missing`);
  if (!wants) return result(true, `${e.at} is there`, `${e.at} is there`);
  const equal = selected.find((s) => jsonEqual(e.equals, s.value));
  if (equal) return result(true, `${e.at} is ${shown(equal.value)}`, `${e.at} is ${shown(equal.value)}`);
  const got = selected[0]?.value;
  return result(false, `expected ${shown(e.equals)}, got ${shown(got)}`, `expected ${e.at} to be ${shown(e.equals)}, got ${shown(got)}`);
}
