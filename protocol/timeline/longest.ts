/**
 * The longest spans of a range, for a waterfall that can draw only so many: what sorting every
 * span by length and keeping the head gives, in linear time. A range of a big session holds
 * hundreds of thousands of rows, and that sort took most of a second.
 */

/**
 * The `limit` rows with the greatest `lengthOf`, longest first, equal lengths by the lower row
 * first: exactly `rows.sort((a, b) => lengthOf(b) - lengthOf(a) || a - b).slice(0, limit)`.
 */
export function longestFirst(rows: readonly number[], lengthOf: (row: number) => number, limit: number): number[] {
  const n = rows.length;
  if (limit <= 0 || n === 0) return [];
  const lengths = new Float64Array(n);
  // NaN would break the comparisons; no length is NaN in practice, and it sorts as the shortest.
  for (let i = 0; i < n; i++) lengths[i] = valid(lengthOf(rows[i] ?? 0));
  let chosen: number[] = [];
  if (n > limit) {
    const threshold = kthLargest(Float64Array.from(lengths), limit - 1);
    const tied: number[] = [];
    for (let i = 0; i < n; i++) {
      const length = lengths[i] ?? 0;
      if (length > threshold) chosen.push(i);
      else if (length === threshold) tied.push(i);
    }
    tied.sort((a, b) => (rows[a] ?? 0) - (rows[b] ?? 0));
    chosen = chosen.concat(tied.slice(0, limit - chosen.length));
  } else {
    for (let i = 0; i < n; i++) chosen.push(i);
  }
  chosen.sort((a, b) => (lengths[b] ?? 0) - (lengths[a] ?? 0) || (rows[a] ?? 0) - (rows[b] ?? 0));
  return chosen.map((i) => rows[i] ?? 0);
}

const valid = (length: number): number => (Number.isNaN(length) ? -Infinity : length);

/** The value that would sit at index `k` of `values` sorted from the greatest down (rearranges `values`). */
function kthLargest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const mid = lo + ((hi - lo) >> 1);
    const pivot = median3(values[lo] ?? 0, values[mid] ?? 0, values[hi] ?? 0);
    let i = lo;
    let j = hi;
    // Hoare's partition, greatest first: [lo, j] >= pivot >= [i, hi].
    while (i <= j) {
      while ((values[i] ?? 0) > pivot) i++;
      while ((values[j] ?? 0) < pivot) j--;
      if (i <= j) {
        const swap = values[i] ?? 0;
        values[i] = values[j] ?? 0;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k] ?? 0;
  }
  return values[k] ?? 0;
}

function median3(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}
