import { describe, expect, it } from 'vitest';
import { longestFirst } from './longest.js';

/** The plain way: sort everything, keep the head. */
function sorted(rows: number[], lengthOf: (row: number) => number, limit: number): number[] {
  return [...rows].sort((a, b) => lengthOf(b) - lengthOf(a) || a - b).slice(0, Math.max(0, limit));
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('longestFirst', () => {
  it('keeps what a full sort keeps, in the same order, ties to the lower row', () => {
    const next = random(7);
    for (const [count, limit, distinct] of [
      [0, 5, 10],
      [5, 10, 10],
      [1000, 10, 1000],
      [1000, 10, 3],
      [5000, 2000, 50],
      [5000, 4999, 5000],
      [20_000, 300, 2],
    ] as const) {
      const rows = Array.from({ length: count }, (_, i) => (i * 7919) % (count + 13));
      const lengths = new Map(rows.map((row) => [row, Math.floor(next() * distinct)]));
      const lengthOf = (row: number): number => lengths.get(row) ?? 0;
      expect(longestFirst(rows, lengthOf, limit), `${count} rows, limit ${limit}`).toEqual(sorted(rows, lengthOf, limit));
    }
  });

  it('keeps nothing for a limit of 0 and everything, sorted, under the limit', () => {
    expect(longestFirst([3, 1, 2], () => 1, 0)).toEqual([]);
    expect(longestFirst([3, 1, 2], (r) => r, 10)).toEqual([3, 2, 1]);
  });
});
