/** Rules that apply to any text: URLs, headers, JSON fields. */

import { REDACTED } from './marker.js';
import { isCredentialName } from './names.js';
import type { Span } from './spans.js';

const URL_PATTERN = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s"'<>`]+/g;
const HEADER_PATTERN = /(^|["'\s,;=])([A-Za-z][A-Za-z0-9_-]*)[ \t]*:(?!\/\/)[ \t]*/g;
export const AUTH_SCHEME = /^(bearer|basic|token|digest|bot|apikey|negotiate|ntlm)[ \t]+/i;
const JSON_FIELD = /"([^"\\]{1,100})"\s*:\s*"((?:[^"\\]|\\.)*)"/g;

export function textSpans(text: string): Span[] {
  return [...urlSpans(text), ...headerSpans(text), ...jsonSpans(text)];
}

function urlSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    const base = match.index;
    const authorityStart = url.indexOf('//') + 2;
    const authorityEnd = firstOf(url, ['/', '?', '#'], authorityStart);
    const at = url.lastIndexOf('@', authorityEnd - 1);
    if (at >= authorityStart) {
      const colon = url.indexOf(':', authorityStart);
      const start = colon !== -1 && colon < at ? colon + 1 : authorityStart;
      spans.push({ start: base + start, end: base + at, rule: 'url' });
    }
    const rest = url.slice(authorityEnd);
    for (const param of rest.matchAll(/([?&#;])([^=&#;?]+)=([^&#;]*)/g)) {
      const [whole, , name = '', value = ''] = param;
      if (value === '' || !isCredentialName(decodeName(name))) continue;
      const end = base + authorityEnd + param.index + whole.length;
      spans.push({ start: end - value.length, end, rule: 'url' });
    }
  }
  return spans;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

function firstOf(text: string, chars: string[], from: number): number {
  let first = text.length;
  for (const c of chars) {
    const i = text.indexOf(c, from);
    if (i !== -1 && i < first) first = i;
  }
  return first;
}

function headerSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(HEADER_PATTERN)) {
    const [whole, , name = ''] = match;
    if (!isCredentialName(name)) continue;
    let start = match.index + whole.length;
    const scheme = AUTH_SCHEME.exec(text.slice(start));
    if (scheme) start += scheme[0].length;
    let end = firstOf(text, ['"', "'", '\n'], start);
    while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
    if (end > start) spans.push({ start, end, rule: 'header' });
  }
  return spans;
}

function jsonSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(JSON_FIELD)) {
    const [whole, name = '', value = ''] = match;
    if (value === '' || !isCredentialName(name)) continue;
    const end = match.index + whole.length - 1;
    spans.push({ start: end - value.length, end, rule: 'json' });
  }
  return spans;
}

/** The spans of a header's value a credential-named header gives (after an auth scheme). */
export function headerValueSpans(name: string, value: string): Span[] {
  if (!isCredentialName(name) || value === '' || value === REDACTED) return [];
  const scheme = AUTH_SCHEME.exec(value);
  const start = scheme ? scheme[0].length : 0;
  let end = value.length;
  while (end > start && /\s/.test(value[end - 1] ?? '')) end--;
  return end > start ? [{ start, end, rule: 'header' }] : [];
}
