/** Spans of a text to mask, each with the rule that found it. */

import type { RedactionRule } from './marker.js';

export interface Span {
  start: number;
  end: number;
  rule: RedactionRule;
}

export function mergeSpans(spans: Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}

export function markedSpans(text: string, marked: readonly string[]): Span[] {
  const spans: Span[] = [];
  for (const value of marked) {
    for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + value.length))
      spans.push({ start: at, end: at + value.length, rule: 'marked' });
  }
  return spans;
}
