/**
 * Sort orders over rows: a comparison for incremental inserts, and a numeric key per row whose
 * order agrees with it, for the one big sort a new filter or sort column needs (keys packed
 * with the row into one float64 and sorted natively, far faster than a comparator).
 */
import type { SortColumn } from './contract.js';
import type { TimelineFold } from './fold.js';

export interface RowOrder {
  /** Keys that change as rows grow (status, duration, bytes): rows must be placed again. */
  readonly mutable: boolean;
  /** Row order as (key, row); `key` is what `keyOf` gave when the row was placed. */
  compare(a: number, keyA: number, b: number, keyB: number): number;
  /** A key for the row now; for string columns, only meaningful in `rankKeys`. */
  keyOf(row: number): number;
  /** Numeric keys for these rows in one go, in the column's order (strings ranked). */
  rankKeys(rows: Int32Array, count: number): Float64Array;
}

export function orderFor(column: SortColumn, fold: TimelineFold): RowOrder {
  const rows = fold.rows;
  const numeric = (keyOf: (row: number) => number, mutable: boolean): RowOrder => ({
    mutable,
    keyOf,
    compare: (a, ka, b, kb) => (ka === kb ? a - b : ka < kb ? -1 : 1),
    rankKeys: (list, count) => {
      const keys = new Float64Array(count);
      for (let i = 0; i < count; i++) keys[i] = keyOf(list[i] ?? 0);
      return keys;
    },
  });
  const byString = (name: (row: number) => string | undefined): RowOrder => ({
    mutable: false,
    keyOf: () => 0,
    compare: (a, _ka, b) => {
      const sa = name(a);
      const sb = name(b);
      if (sa === sb) return a - b;
      // Rows without the value sort last.
      if (sa === undefined) return 1;
      if (sb === undefined) return -1;
      return sa < sb ? -1 : 1;
    },
    rankKeys: (list, count) => {
      const names: (string | undefined)[] = new Array<string | undefined>(count);
      for (let i = 0; i < count; i++) names[i] = name(list[i] ?? 0);
      const unique = [...new Set(names.filter((n): n is string => n !== undefined))].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
      const rank = new Map(unique.map((n, i) => [n, i]));
      const keys = new Float64Array(count);
      for (let i = 0; i < count; i++) {
        const n = names[i];
        keys[i] = n === undefined ? unique.length : (rank.get(n) ?? 0);
      }
      return keys;
    },
  });
  switch (column) {
    case 'time':
      // Rows are numbered in arrival order, which is time order (the bridge's t never goes back).
      return numeric((row) => row, false);
    case 'conn':
      return byString((row) => fold.conns.at(rows.conn.get(row)));
    case 'method':
      return byString((row) => fold.methods.at(rows.method.get(row)));
    case 'direction':
      return numeric((row) => rows.direction.get(row), false);
    case 'status':
      return numeric((row) => rows.status.get(row), true);
    case 'duration':
      // Open rows last: they are the longest so far, and their end is not known.
      return numeric((row) => {
        const t1 = rows.t1.get(row);
        return Number.isNaN(t1) ? Infinity : t1 - rows.t0.get(row);
      }, true);
    case 'bytesOut':
      return numeric((row) => rows.bytesOut.get(row), true);
    case 'bytesIn':
      return numeric((row) => rows.bytesIn.get(row), true);
    case 'id':
      return idOrder(fold);
    default: {
      const never: never = column;
      return never;
    }
  }
}

/** Numeric ids first, by value; then string ids; rows without an id last. */
function idOrder(fold: TimelineFold): RowOrder {
  const rows = fold.rows;
  const cls = (row: number): number => (rows.idString.get(row) >= 0 ? 1 : Number.isNaN(rows.idNumber.get(row)) ? 2 : 0);
  return {
    mutable: false,
    keyOf: () => 0,
    compare: (a, _ka, b) => {
      const ca = cls(a);
      const cb = cls(b);
      if (ca !== cb) return ca - cb;
      if (ca === 0) {
        const na = rows.idNumber.get(a);
        const nb = rows.idNumber.get(b);
        if (na !== nb) return na < nb ? -1 : 1;
      } else if (ca === 1) {
        const sa = rows.idStrings[rows.idString.get(a)] ?? '';
        const sb = rows.idStrings[rows.idString.get(b)] ?? '';
        if (sa !== sb) return sa < sb ? -1 : 1;
      }
      return a - b;
    },
    rankKeys: (list, count) => {
      const numbers: number[] = [];
      const strings: string[] = [];
      for (let i = 0; i < count; i++) {
        const row = list[i] ?? 0;
        const c = cls(row);
        if (c === 0) numbers.push(rows.idNumber.get(row));
        else if (c === 1) strings.push(rows.idStrings[rows.idString.get(row)] ?? '');
      }
      const numberRank = rankMap(numbers, (x, y) => x - y);
      const stringRank = rankMap(strings, (x, y) => (x < y ? -1 : x > y ? 1 : 0));
      const keys = new Float64Array(count);
      for (let i = 0; i < count; i++) {
        const row = list[i] ?? 0;
        const c = cls(row);
        if (c === 0) keys[i] = numberRank.get(rows.idNumber.get(row)) ?? 0;
        else if (c === 1) keys[i] = numberRank.size + (stringRank.get(rows.idStrings[rows.idString.get(row)] ?? '') ?? 0);
        else keys[i] = numberRank.size + stringRank.size;
      }
      return keys;
    },
  };
}

function rankMap<T>(values: T[], cmp: (a: T, b: T) => number): Map<T, number> {
  const unique = [...new Set(values)].sort(cmp);
  return new Map(unique.map((v, i) => [v, i]));
}

const ROW_BITS = 2 ** 26;

/**
 * Sorts rows (given in row order) by keys, ties by row, natively: each (rank of key, position)
 * packed into one float64. Falls back to a comparator past 2^26 rows.
 */
export function sortByKeys(list: Int32Array, count: number, keys: Float64Array): Int32Array {
  const out = new Int32Array(count);
  if (count >= ROW_BITS) {
    const idx = Array.from({ length: count }, (_, i) => i);
    idx.sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
    idx.forEach((p, i) => (out[i] = list[p] ?? 0));
    return out;
  }
  const sorted = Float64Array.from(keys).sort();
  let unique = 0;
  for (let i = 0; i < count; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[unique++] = sorted[i] ?? 0;
  const packed = new Float64Array(count);
  for (let i = 0; i < count; i++) packed[i] = rankIn(sorted, unique, keys[i] ?? 0) * ROW_BITS + i;
  packed.sort();
  for (let i = 0; i < count; i++) out[i] = list[(packed[i] ?? 0) % ROW_BITS] ?? 0;
  return out;
}

function rankIn(sorted: Float64Array, length: number, key: number): number {
  let lo = 0;
  let hi = length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? 0) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
