/**
 * Replay's findings as text a person reads in a terminal or a CI log: one line per exchange
 * (its number in the recording, what it asked, recorded id → replayed id), then for each
 * difference its JSON path with the recorded and the new value, clipped; and a summary line.
 */
import type { Difference } from './diff.js';
import { formatPath } from './jsonPath.js';
import { describeRequest } from './params.js';
import type { ExchangeReport, ReplayIds } from './replayCalls.js';

export interface RenderOptions {
  /** Differences printed per exchange; the rest are counted. Default 20. */
  maxDifferences?: number;
  /** Characters of a value printed before it is clipped. Default 200. */
  maxValue?: number;
}

export function renderExchange(report: ExchangeReport, options: RenderOptions = {}): string[] {
  const what = `#${report.call.index} ${describeRequest(report.call.method, report.call.params)}`;
  switch (report.status) {
    case 'match':
      return [`  ok       ${what}${ids(report.ids)}`];
    case 'skipped':
      return [`  skipped  ${what}: ${report.reason}`];
    case 'failed':
      return [`  FAILED   ${what}${ids(report.ids)}: ${report.reason}`];
    case 'differ': {
      const lines = [`  DIFFERS  ${what}${ids(report.ids)}`];
      if (report.note) lines.push(`      ${report.note}`);
      const max = options.maxDifferences ?? 20;
      for (const difference of report.differences.slice(0, max)) lines.push(...renderDifference(difference, options.maxValue ?? 200));
      if (report.total > Math.min(max, report.differences.length))
        lines.push(`      … and ${report.total - Math.min(max, report.differences.length)} more differences`);
      return lines;
    }
    default: {
      const never: never = report;
      return never;
    }
  }
}

export function renderDifference(difference: Difference, maxValue = 200): string[] {
  const path = `      ${formatPath(difference.path)}`;
  switch (difference.kind) {
    case 'changed': {
      const [recorded, got] = clipPair(difference.recorded, difference.got, maxValue);
      return [path, `        recorded: ${recorded}`, `        got:      ${got}`];
    }
    case 'missing':
      return [`${path}  (missing now)`, `        recorded: ${clip(difference.recorded, maxValue)}`];
    case 'added':
      return [`${path}  (not in the recording)`, `        got:      ${clip(difference.got, maxValue)}`];
    default: {
      const never: never = difference;
      return never;
    }
  }
}

export interface Tally {
  match: number;
  differ: number;
  skipped: number;
  failed: number;
}

export function tally(reports: readonly ExchangeReport[]): Tally {
  const t: Tally = { match: 0, differ: 0, skipped: 0, failed: 0 };
  for (const r of reports) t[r.status]++;
  return t;
}

export function renderSummary(t: Tally): string {
  const all = t.match + t.differ + t.skipped + t.failed;
  const parts = [`${t.match} match`, `${t.differ} differ`];
  if (t.failed > 0) parts.push(`${t.failed} failed`);
  if (t.skipped > 0) parts.push(`${t.skipped} skipped`);
  return `${all} ${all === 1 ? 'exchange' : 'exchanges'}: ${parts.join(', ')}`;
}

function ids(map: ReplayIds): string {
  if (map.replayed.length === 0) return '';
  return `  (id ${map.recorded.map(show).join(', ')} → ${map.replayed.map(show).join(', ')})`;
}

function show(id: unknown): string {
  return JSON.stringify(id);
}

/**
 * Two values that differ, each as JSON on one line. When both are long, each is cut around the
 * first character where they part (with what comes just before it), so two long texts that share
 * their start never print as two identical prefixes.
 */
export function clipPair(recorded: unknown, got: unknown, max: number): [string, string] {
  const a = JSON.stringify(recorded) ?? String(recorded);
  const b = JSON.stringify(got) ?? String(got);
  if (a.length <= max && b.length <= max) return [a, b];
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - Math.floor(max / 4));
  if (from === 0) return [clip(recorded, max), clip(got, max)];
  const window = (text: string): string => {
    const end = Math.min(text.length, from + max);
    return `…${text.slice(from, end)}${end < text.length ? '…' : ''} (${text.length} characters, from character ${from + 1})`;
  };
  return [window(a), window(b)];
}

/** A value as JSON on one line, clipped in the middle of nothing: the start is what a reader scans. */
function clip(value: unknown, max: number): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}
