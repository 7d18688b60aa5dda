/**
 * The filtered, sorted list of rows, kept up to date as rows come and change without a rescan:
 * a row that starts or stops passing, or whose sort key moved, waits in a small pending list
 * and is merged in (one linear pass, or a plain append when it sorts last, as new rows do in
 * time order) the next time anyone reads the list.
 */
import type { Column } from './columns.js';
import { u8, f64 } from './columns.js';
import type { RowOrder } from './order.js';

const LISTED = 1;
const PENDING = 2;
/** The row's entry in `list` is out of date and goes at the next merge. */
const STALE = 4;

export class SortedView {
  private list: Int32Array<ArrayBufferLike> = new Int32Array(1024);
  private length = 0;
  private readonly marks = u8();
  /** The key each row was placed with. */
  private readonly keys: Column<Float64Array> = f64();
  private pending: number[] = [];
  private stale = 0;
  /** Rows passing the filter (listed or pending). */
  matching = 0;

  constructor(
    readonly order: RowOrder,
    readonly descending: boolean,
  ) {}

  /** Starts from rows already in order (the result of a full filter pass). */
  reset(sorted: Int32Array<ArrayBufferLike>, count: number, rowCount: number): void {
    this.list = sorted.length >= 16 ? sorted : Int32Array.from({ length: 16 }, (_, i) => sorted[i] ?? 0);
    this.length = count;
    this.marks.ensure(rowCount);
    this.keys.ensure(rowCount);
    for (let i = 0; i < count; i++) {
      const row = sorted[i] ?? 0;
      this.marks.data[row] = LISTED;
      if (this.order.mutable) this.keys.data[row] = this.order.keyOf(row);
    }
    this.matching = count;
  }

  /** A row is new or changed: `passes` says whether the filter takes it now. */
  update(row: number, passes: boolean): void {
    this.marks.ensure(row + 1);
    this.keys.ensure(row + 1);
    const mark = this.marks.data[row] ?? 0;
    if (mark & LISTED) {
      if (!passes) {
        this.marks.data[row] = (mark & ~LISTED) | STALE;
        this.stale++;
        this.matching--;
      } else if (this.order.mutable && this.order.keyOf(row) !== this.keys.data[row]) {
        this.marks.data[row] = (mark & ~LISTED) | STALE | PENDING;
        this.stale++;
        this.keys.data[row] = this.order.keyOf(row);
        this.pending.push(row);
      }
    } else if (mark & PENDING) {
      if (!passes) {
        this.marks.data[row] = mark & ~PENDING;
        this.matching--;
      } else if (this.order.mutable) this.keys.data[row] = this.order.keyOf(row);
    } else if (passes) {
      const key = this.order.keyOf(row);
      this.keys.data[row] = key;
      this.matching++;
      const last = this.list[this.length - 1];
      if (
        this.pending.length === 0 &&
        this.stale === 0 &&
        (last === undefined || this.order.compare(last, this.keys.get(last), row, key) < 0)
      ) {
        // Sorts last (every new row in time order): straight onto the list, nothing to merge later.
        this.ensureCapacity(this.length + 1);
        this.list[this.length++] = row;
        this.marks.data[row] = mark | LISTED;
        return;
      }
      this.marks.data[row] = mark | PENDING;
      this.pending.push(row);
    }
  }

  has(row: number): boolean {
    return ((this.marks.data[row] ?? 0) & (LISTED | PENDING)) !== 0 && row < this.marks.length;
  }

  get size(): number {
    this.settle();
    return this.length;
  }

  /** The row at a position of the list as shown (descending reverses it). */
  at(index: number): number {
    this.settle();
    if (index < 0 || index >= this.length) return -1;
    return this.list[this.descending ? this.length - 1 - index : index] ?? -1;
  }

  /** Where a row is shown, -1 when it does not pass. */
  position(row: number): number {
    if (!this.has(row)) return -1;
    this.settle();
    const key = this.keys.get(row);
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const other = this.list[mid] ?? 0;
      const c = this.order.compare(other, this.keys.get(other), row, key);
      if (c === 0) return this.descending ? this.length - 1 - mid : mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Rows in list order (ascending), for passes over what passes. */
  rows(): Int32Array {
    this.settle();
    return this.list.subarray(0, this.length);
  }

  private settle(): void {
    if (this.pending.length === 0 && this.stale === 0) return;
    const order = this.order;
    const keys = this.keys;
    const marks = this.marks.data;
    if (this.stale > 0) this.dropStale(marks);
    const add = this.pending.filter((row) => ((marks[row] ?? 0) & PENDING) !== 0);
    this.pending = [];
    // New rows in time order come already sorted: a check is linear, a sort is not.
    let sorted = true;
    for (let i = 1; i < add.length && sorted; i++) {
      const a = add[i - 1] ?? 0;
      const b = add[i] ?? 0;
      sorted = order.compare(a, keys.get(a), b, keys.get(b)) < 0;
    }
    if (!sorted) add.sort((a, b) => order.compare(a, keys.get(a), b, keys.get(b)));
    const last = this.list[this.length - 1];
    const first = add[0];
    if (last === undefined || first === undefined || order.compare(last, keys.get(last), first, keys.get(first)) < 0) {
      this.ensureCapacity(this.length + add.length);
      for (const row of add) {
        this.list[this.length++] = row;
        marks[row] = LISTED;
      }
      return;
    }
    if (add.length === 0) {
      return;
    }
    const next = new Int32Array(Math.max(16, this.length + add.length + 1024));
    let n = 0;
    let j = 0;
    for (let i = 0; i < this.length; i++) {
      const row = this.list[i] ?? 0;
      while (j < add.length) {
        const a = add[j] ?? 0;
        if (order.compare(a, keys.get(a), row, keys.get(row)) >= 0) break;
        next[n++] = a;
        marks[a] = LISTED;
        j++;
      }
      next[n++] = row;
    }
    for (; j < add.length; j++) {
      const a = add[j] ?? 0;
      next[n++] = a;
      marks[a] = LISTED;
    }
    this.list = next;
    this.length = n;
  }

  /** Removes out-of-date entries in place, before anything is merged. */
  private dropStale(marks: Uint8Array): void {
    let n = 0;
    for (let i = 0; i < this.length; i++) {
      const row = this.list[i] ?? 0;
      const mark = marks[row] ?? 0;
      if (mark & STALE) marks[row] = mark & ~STALE;
      else this.list[n++] = row;
    }
    this.length = n;
    this.stale = 0;
  }

  private ensureCapacity(min: number): void {
    if (min <= this.list.length) return;
    let capacity = this.list.length * 2;
    while (capacity < min) capacity *= 2;
    const next = new Int32Array(capacity);
    next.set(this.list.subarray(0, this.length));
    this.list = next;
  }
}
