/**
 * What a timeline view is (filter, sort, selection, open detail, expanded rows) and how it reads
 * in the URL fragment, so a reload or a bookmark reopens the same view. The fragment is typed by
 * whoever shares the link, so decoding trusts nothing: unknown keys and bad values are dropped,
 * lists and strings are capped, and it never throws.
 *
 * The format is meant to be read and edited by hand:
 *   tl=sort:-duration;status:error,timeout;q:tools%2Fcall;row:12;detail
 * Values are percent-encoded, so `;`, `:` and `,` only ever separate.
 */
import { EMPTY_FILTER, type SortColumn, type TimelineFilter, type TimelineSort } from '../../../../protocol/timeline/contract.js';
import { DIRECTIONS, KINDS, STATUSES } from '../../../../protocol/timeline/codes.js';

export interface TimelineView {
  filter: TimelineFilter;
  sort: TimelineSort;
  /** The selected row (its stable row number), if any. */
  selected?: number;
  /** The detail pane is open on the selection. */
  detail: boolean;
  /** Rows whose lines and nested rows are shown in the list. */
  expanded: number[];
}

export const DEFAULT_SORT: TimelineSort = { column: 'time', descending: false };
export const DEFAULT_VIEW: TimelineView = { filter: EMPTY_FILTER, sort: DEFAULT_SORT, detail: false, expanded: [] };

// The facets' values, in the order the index sorts them.
export { DIRECTIONS, KINDS, STATUSES };
export const SORT_COLUMNS: readonly SortColumn[] = [
  'time',
  'conn',
  'direction',
  'method',
  'id',
  'status',
  'duration',
  'bytesOut',
  'bytesIn',
];

/** Caps against a fragment crafted to make the page do a lot of work. */
const MAX_LIST = 200;
const MAX_TEXT = 1000;
export const MAX_EXPANDED = 50;

export function encodeView(view: TimelineView): string {
  const parts: string[] = [];
  const list = (key: string, values: readonly string[]): void => {
    if (values.length > 0) parts.push(`${key}:${values.map(encodeURIComponent).join(',')}`);
  };
  if (view.sort.column !== DEFAULT_SORT.column || view.sort.descending !== DEFAULT_SORT.descending) {
    parts.push(`sort:${view.sort.descending ? '-' : ''}${view.sort.column}`);
  }
  list('conn', view.filter.conns);
  list('dir', view.filter.directions);
  list('kind', view.filter.kinds);
  list('method', view.filter.methods);
  list('status', view.filter.statuses);
  if (view.filter.findingsOnly) parts.push('findings');
  if (view.filter.text !== '') parts.push(`q:${encodeURIComponent(view.filter.text)}`);
  if (view.selected !== undefined) parts.push(`row:${view.selected}`);
  if (view.detail && view.selected !== undefined) parts.push('detail');
  list('open', view.expanded.map(String));
  return parts.join(';');
}

export function decodeView(raw: string | undefined): TimelineView {
  const text = unwrapEncoded(raw ?? '');
  const filter: TimelineFilter = { ...EMPTY_FILTER };
  let sort = DEFAULT_SORT;
  let selected: number | undefined;
  let detail = false;
  let expanded: number[] = [];
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    const key = colon === -1 ? part : part.slice(0, colon);
    const raw = colon === -1 ? '' : part.slice(colon + 1);
    switch (key) {
      case 'sort': {
        const descending = raw.startsWith('-');
        const column = oneOf(SORT_COLUMNS, descending ? raw.slice(1) : raw);
        if (column !== undefined) sort = { column, descending };
        break;
      }
      case 'conn':
        filter.conns = strings(raw);
        break;
      case 'dir':
        filter.directions = members(DIRECTIONS, raw);
        break;
      case 'kind':
        filter.kinds = members(KINDS, raw);
        break;
      case 'method':
        filter.methods = strings(raw);
        break;
      case 'status':
        filter.statuses = members(STATUSES, raw);
        break;
      case 'findings':
        filter.findingsOnly = true;
        break;
      case 'q':
        filter.text = (decode(raw) ?? '').slice(0, MAX_TEXT);
        break;
      case 'row':
        selected = rowNumber(raw);
        break;
      case 'detail':
        detail = true;
        break;
      case 'open':
        expanded = unique(
          raw
            .split(',')
            .map(rowNumber)
            .filter((n) => n !== undefined),
        ).slice(0, MAX_EXPANDED);
        break;
      default:
        // A key from a later version, or noise: ignored, so old links keep working.
        break;
    }
  }
  return { filter, sort, ...(selected === undefined ? {} : { selected }), detail: detail && selected !== undefined, expanded };
}

/** The fragment parameter the view lives in, beside others (the token, while it is there). */
export const FRAGMENT_KEY = 'tl';

/** The raw value of one `key=value` parameter of a fragment (`#a=1&tl=...`). */
export function fragmentParam(hash: string, key: string): string | undefined {
  for (const part of hash.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    if ((eq === -1 ? part : part.slice(0, eq)) === key) return eq === -1 ? '' : part.slice(eq + 1);
  }
  return undefined;
}

/** The fragment with one parameter set (or removed when value is empty), others kept as they were. */
export function withFragmentParam(hash: string, key: string, value: string): string {
  const kept = hash
    .replace(/^#/, '')
    .split('&')
    .filter((part) => part !== '' && (part.indexOf('=') === -1 ? part : part.slice(0, part.indexOf('='))) !== key);
  if (value !== '') kept.push(`${key}=${value}`);
  return kept.length === 0 ? '' : `#${kept.join('&')}`;
}

/**
 * A link that went through something that percent-encodes every parameter (URLSearchParams, a
 * chat app) arrives with its separators encoded too: undo that one layer first.
 */
function unwrapEncoded(text: string): string {
  if (/[;:]/.test(text) || !/%3[ab]/i.test(text)) return text;
  return decode(text) ?? text;
}

function decode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function strings(raw: string): string[] {
  if (raw === '') return [];
  const out: string[] = [];
  for (const item of raw.split(',').slice(0, MAX_LIST)) {
    const value = decode(item);
    if (value !== undefined && value !== '' && value.length <= MAX_TEXT) out.push(value);
  }
  return unique(out);
}

function members<T extends string>(allowed: readonly T[], raw: string): T[] {
  return strings(raw)
    .map((value) => oneOf(allowed, value))
    .filter((value) => value !== undefined);
}

function oneOf<T extends string>(allowed: readonly T[], value: string): T | undefined {
  return allowed.find((a) => a === value);
}

function rowNumber(raw: string): number | undefined {
  if (!/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
