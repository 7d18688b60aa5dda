/**
 * The timeline index: events folded into rows (fold.ts), one filtered and sorted view of them
 * (view.ts) kept current as rows come, and the answers the views ask for. Pure: no DOM, no
 * Node; the worker (web/src/features/timeline/worker.ts) hosts it, the tests drive it directly.
 */
import type { BridgeEvent } from '../envelope.js';
import { KINDS, STATUSES, at } from './codes.js';
import {
  EMPTY_FILTER,
  type RowDetail,
  type TimelineFilter,
  type TimelineRow,
  type TimelineSort,
  type TimelineSpan,
  type TimelineStats,
  type TimelineTask,
} from './contract.js';
import { buildDetail, buildRow, buildSpan } from './build.js';
import { CompiledFilter } from './filter.js';
import { longestFirst } from './longest.js';
import { TimelineFold, type FoldOptions } from './fold.js';
import type { LintFinding } from './lintPass.js';
import { orderFor, sortByKeys } from './order.js';
import { u8 } from './columns.js';
import { SortedView } from './view.js';

/** Rows longer than this are also kept in a list of their own, so spans need not scan back far. */
const LONG_MS = 1000;
const HIT = 1;
/**
 * How much cheaper a row's text is to search in one scan of the whole store than by testing
 * the row alone: 1.3 µs a row tested, 0.2 µs a row scanned (200,000 events, in Node).
 */
const SCAN_OVER_TESTS = 6;
const MISS = 2;

export class TimelineIndex {
  readonly fold: TimelineFold;
  private filter: CompiledFilter;
  private sort: TimelineSort = { column: 'time', descending: false };
  private view: SortedView;
  /** Per row: HIT when some line of it matches the current text, MISS when none does, 0 not known yet. */
  private textHit = u8();
  private readonly longRows: number[] = [];
  /** Findings from a lint pass for events not folded yet, from `pendingAt` on. */
  private pending: LintFinding[] = [];
  private pendingAt = 0;
  /** Bumped by every change to a row or to the filtered list (TimelineStats.changes). */
  private changes = 0;

  constructor(options: FoldOptions = {}) {
    this.fold = new TimelineFold(options);
    this.filter = new CompiledFilter(EMPTY_FILTER, this.fold);
    this.view = new SortedView(orderFor('time', this.fold), false);
    this.fold.onRow((row, created) => this.onRow(row, created));
  }

  apply(event: BridgeEvent): boolean {
    const folded = this.fold.apply(event);
    if (this.pendingAt < this.pending.length) this.fileFindings();
    return folded;
  }

  /**
   * Findings of a lint pass run apart, in seq order. Each is filed once its event is folded:
   * the lint pass reads the same source and may get ahead of the index.
   */
  addFindings(findings: readonly LintFinding[]): void {
    for (const finding of findings) this.pending.push(finding);
    this.fileFindings();
  }

  private fileFindings(): void {
    const last = this.fold.lastSeq;
    while (this.pendingAt < this.pending.length) {
      const finding = this.pending[this.pendingAt];
      if (!finding || finding.seq > last) break;
      this.fold.addFinding(finding.seq, finding);
      this.pendingAt++;
    }
    if (this.pendingAt === this.pending.length) {
      this.pending = [];
      this.pendingAt = 0;
    }
  }

  /** Rows that lasted longer than LONG_MS, for a saved index. */
  get longRowList(): readonly number[] {
    return this.longRows;
  }

  /** After a saved index was read into the fold: the long rows it kept, and the list of all rows. */
  restored(longRows: ArrayLike<number>): void {
    for (let i = 0; i < longRows.length; i++) this.longRows.push(longRows[i] ?? 0);
    this.setFilter(EMPTY_FILTER, this.sort, true);
  }

  applyMalformed(line: string): void {
    this.fold.applyMalformed(line);
  }

  /** The last seq folded (-1 before any). */
  get lastSeq(): number {
    return this.fold.lastSeq;
  }

  get eventCount(): number {
    return this.fold.events.count;
  }

  /** `whole`: pass over every row, not only those the last filter kept (rows came without telling the view). */
  setFilter(filter: TimelineFilter, sort: TimelineSort, whole = false): void {
    const next = new CompiledFilter(filter, this.fold);
    const sameOrder = sort.column === this.sort.column;
    const rows = this.fold.rows.count;
    let candidates: Int32Array<ArrayBufferLike> | undefined;
    let count: number;
    /** Every row's text state, when one scan of the store found them all. */
    let scanned: Uint8Array | undefined;
    const narrowed = !whole && sameOrder && next.narrows(this.filter);
    if (narrowed) {
      // Only rows passing now can pass the narrower filter: look at those alone, in their order.
      candidates = this.view.rows();
      count = candidates.length;
      // One scan of all the stored text costs about what testing a sixth of the rows one by one
      // does (each test cuts its line out of a chunk): a search narrowing many rows scans.
      if (next.pattern && count * SCAN_OVER_TESTS > rows) scanned = (this.textHit = this.hitsAll(next)).data;
      else if (next.pattern) this.textHit = this.hitsAmong(next, candidates);
    } else {
      count = rows;
      if (next.pattern) scanned = (this.textHit = this.hitsAll(next)).data;
    }
    const kept = new Int32Array(count);
    let n = 0;
    for (let i = 0; i < count; i++) {
      const row = candidates ? (candidates[i] ?? 0) : i;
      // The text state first where it is known: a search usually keeps few rows, and it is one byte.
      if (scanned && scanned[row] !== HIT) continue;
      if (this.passes(next, row)) kept[n++] = row;
    }
    const order = orderFor(sort.column, this.fold);
    const view = new SortedView(order, sort.descending);
    let sorted: Int32Array<ArrayBufferLike> = kept;
    // A narrowed list keeps the order it had; a full pass is in row order, which is time order.
    if (!narrowed && sort.column !== 'time') sorted = sortByKeys(kept, n, order.rankKeys(kept, n));
    view.reset(sorted, n, rows);
    this.filter = next;
    this.sort = sort;
    this.view = view;
    this.changes++;
  }

  window(start: number, count: number): TimelineRow[] {
    const out: TimelineRow[] = [];
    const end = Math.min(this.view.size, start + count);
    for (let i = Math.max(0, start); i < end; i++) out.push(buildRow(this.fold, this.view.at(i)));
    return out;
  }

  detail(row: number): RowDetail | undefined {
    if (!Number.isInteger(row) || row < 0 || row >= this.fold.rows.count) return undefined;
    return buildDetail(this.fold, row);
  }

  position(row: number): number {
    if (!Number.isInteger(row) || row < 0 || row >= this.fold.rows.count) return -1;
    return this.view.position(row);
  }

  /** The row holding the event with this seq, -1 when there is none. */
  rowOf(seq: number): number {
    const e = this.fold.eventOf(seq);
    return e < 0 ? -1 : this.fold.events.row.get(e);
  }

  spans(t0: number, t1: number, limit: number): TimelineSpan[] {
    const rows = this.fold.rows;
    const found = new Set<number>();
    const overlaps = (row: number): boolean => {
      const start = rows.t0.get(row);
      const end = rows.t1.get(row);
      return start <= t1 && (Number.isNaN(end) ? this.fold.tMax : end) >= t0;
    };
    const consider = (row: number): void => {
      if (this.view.has(row) && overlaps(row)) found.add(row);
    };
    for (let row = this.firstRowAtOrAfter(t0 - LONG_MS); row < rows.count && rows.t0.get(row) <= t1; row++) consider(row);
    for (const row of this.longRows) consider(row);
    for (const row of this.fold.openRows()) consider(row);
    let chosen = [...found];
    if (chosen.length > limit) {
      const length = (row: number): number => {
        const end = rows.t1.get(row);
        return (Number.isNaN(end) ? this.fold.tMax : end) - rows.t0.get(row);
      };
      chosen = longestFirst(chosen, length, limit);
    }
    return chosen.map((row) => buildSpan(this.fold, row));
  }

  /** Tasks in the order created: of one connection (whatever the filter), or those whose creating row passes it. */
  tasks(conn?: string): TimelineTask[] {
    const fold = this.fold;
    const connName = (id: number): string | undefined => fold.conns.at(id);
    if (conn === undefined) return fold.tasks.list(connName, (_, row) => this.view.has(row));
    return fold.tasks.list(connName, (id) => connName(id) === conn);
  }

  stats(extra: {
    indexed?: number;
    total?: number;
    bytesRead?: number;
    bytesTotal?: number;
    epoch: number;
    complete: boolean;
    lint?: TimelineStats['lint'];
    saved?: TimelineStats['saved'];
  }): TimelineStats {
    const fold = this.fold;
    const record = (names: readonly string[], counts: number[]): Record<string, number> => {
      const out: Record<string, number> = {};
      counts.forEach((n, id) => {
        const name = names[id];
        if (name !== undefined && n > 0) out[name] = n;
      });
      return out;
    };
    const statuses: TimelineStats['facets']['statuses'] = {};
    fold.statusCounts.forEach((n, code) => {
      if (n > 0) statuses[at(STATUSES, code)] = n;
    });
    const kinds: TimelineStats['facets']['kinds'] = {};
    fold.kindCounts.forEach((n, code) => {
      if (n > 0) kinds[at(KINDS, code)] = n;
    });
    const indexed = extra.indexed ?? fold.events.count;
    return {
      indexed,
      total: Math.max(indexed, extra.total ?? indexed),
      rows: fold.rows.count,
      matching: this.view.matching,
      tMin: fold.tMin === Infinity ? 0 : fold.tMin,
      tMax: fold.tMax === -Infinity ? 0 : fold.tMax,
      facets: {
        conns: record(fold.conns.values, fold.connCounts),
        methods: record(fold.methods.values, fold.methodCounts),
        statuses,
        kinds,
      },
      filtering: false,
      ...(extra.bytesRead === undefined ? {} : { bytesRead: extra.bytesRead }),
      ...(extra.bytesTotal === undefined ? {} : { bytesTotal: extra.bytesTotal }),
      epoch: extra.epoch,
      complete: extra.complete,
      changes: this.changes,
      ...(extra.lint ? { lint: extra.lint } : {}),
      ...(extra.saved ? { saved: extra.saved } : {}),
    };
  }

  private onRow(row: number, created: boolean): void {
    this.changes++;
    const pattern = this.filter.single;
    if (pattern) {
      this.textHit.ensure(row + 1);
      // A row gains lines, never loses them: a miss is looked at again for its newest line only.
      if (this.textHit.data[row] === MISS && this.lastEventMatches(row, pattern)) this.textHit.data[row] = HIT;
    }
    if (!created) {
      const rows = this.fold.rows;
      const end = rows.t1.get(row);
      if (!Number.isNaN(end) && end - rows.t0.get(row) > LONG_MS && !this.isLong(row)) this.longRows.push(row);
    }
    this.view.update(row, this.passes(this.filter, row));
  }

  private isLong(row: number): boolean {
    // Rows close once, so the row closing now is the last one pushed if it was pushed at all.
    return this.longRows[this.longRows.length - 1] === row;
  }

  private lastEventMatches(row: number, pattern: RegExp): boolean {
    return pattern.test(this.fold.texts.get(this.fold.rows.lastEvent.get(row)));
  }

  private passes(filter: CompiledFilter, row: number): boolean {
    if (!filter.facets(row)) return false;
    const single = filter.single;
    if (!single) return true;
    this.textHit.ensure(row + 1);
    let state = this.textHit.data[row];
    if (state === 0) {
      state = this.anyLineMatches(row, single) ? HIT : MISS;
      this.textHit.data[row] = state;
    }
    return state === HIT;
  }

  /** Every row's text state at once: one native regular-expression scan over the stored texts. */
  private hitsAll(filter: CompiledFilter): ReturnType<typeof u8> {
    const hits = u8(Math.max(16, this.fold.rows.count));
    hits.ensure(this.fold.rows.count);
    hits.data.fill(MISS, 0, this.fold.rows.count);
    const eventRow = this.fold.events.row;
    if (filter.pattern) this.fold.texts.search(filter.pattern, (e) => (hits.data[eventRow.get(e)] = HIT));
    return hits;
  }

  /** Text states for a few rows; the others stay unknown until a change makes them matter. */
  private hitsAmong(filter: CompiledFilter, rows: Int32Array<ArrayBufferLike>): ReturnType<typeof u8> {
    const hits = u8(Math.max(16, this.fold.rows.count));
    hits.ensure(this.fold.rows.count);
    const single = filter.single;
    if (!single) return hits;
    for (const row of rows) if (filter.facets(row)) hits.data[row] = this.anyLineMatches(row, single) ? HIT : MISS;
    return hits;
  }

  private anyLineMatches(row: number, pattern: RegExp): boolean {
    let hit = false;
    this.fold.eventsOf(row, (e) => {
      if (!hit && pattern.test(this.fold.texts.get(e))) hit = true;
    });
    return hit;
  }

  private firstRowAtOrAfter(t: number): number {
    const t0 = this.fold.rows.t0;
    let lo = 0;
    let hi = this.fold.rows.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (t0.get(mid) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
