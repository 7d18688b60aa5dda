/**
 * The contract's string unions as small numbers, so a row's kind, status and direction fit in
 * a byte column. The order of each list is the order the list sorts by.
 */
import type { Direction, RowKind, RowStatus, Severity } from './contract.js';
import type { EventKind, Eol, Stream } from '../envelope.js';

// New kinds go last: a saved index (docs/adr/0007) stores these codes.
export const KINDS: readonly RowKind[] = [
  'request',
  'notification',
  'orphan-response',
  'invalid',
  'stderr',
  'process',
  'notice',
  'note',
  'http',
  'auth',
];
export const STATUSES: readonly RowStatus[] = [
  'pending',
  'ok',
  'error',
  'isError',
  'input_required',
  'timeout',
  'cancelled',
  'unanswered',
  'orphan',
  'invalid',
  'none',
];
export const DIRECTIONS: readonly Direction[] = ['out', 'in', 'none'];
/** Worst first: code 1 is the worst; 0 means no finding. */
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
export const EVENT_KINDS: readonly (EventKind | 'malformed')[] = [
  'line',
  'spawn',
  'spawn-error',
  'exit',
  'stop',
  'notice',
  'note',
  'malformed',
  'http',
  'auth',
];
export const STREAMS: readonly Stream[] = ['stdin', 'stdout', 'stderr'];
export const EOLS: readonly Eol[] = ['\n', '\r\n', ''];

function codeOf<T>(list: readonly T[]): (value: T) => number {
  const map = new Map<T, number>(list.map((v, i) => [v, i]));
  return (value) => {
    const code = map.get(value);
    if (code === undefined) throw new Error(`no code for ${String(value)}`);
    return code;
  };
}

export const kindCode = codeOf(KINDS);
export const statusCode = codeOf(STATUSES);
export const directionCode = codeOf(DIRECTIONS);
export const eventKindCode = codeOf(EVENT_KINDS);
export const streamCode = codeOf(STREAMS);
export const eolCode = codeOf(EOLS);
export const severityCode = (s: Severity): number => SEVERITIES.indexOf(s) + 1;

export const PENDING = statusCode('pending');

/** Bit masks over codes, for facet tests in one AND. */
export function maskOf<T>(values: readonly T[], code: (v: T) => number): number {
  if (values.length === 0) return -1;
  let mask = 0;
  for (const v of values) mask |= 1 << code(v);
  return mask;
}

export function at<T>(list: readonly T[], code: number): T {
  const value = list[code];
  if (value === undefined) throw new Error(`code ${code} out of range`);
  return value;
}
