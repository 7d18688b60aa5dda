/**
 * A TimelineFilter compiled against the index: facet tests become bit masks and per-id tables,
 * and the text becomes one case-insensitive pattern run over the stored texts.
 */
import { directionCode, kindCode, maskOf, statusCode } from './codes.js';
import type { TimelineFilter } from './contract.js';
import type { TimelineFold } from './fold.js';

export class CompiledFilter {
  readonly kindMask: number;
  readonly statusMask: number;
  readonly directionMask: number;
  /** Global, case-insensitive; undefined for no text. */
  readonly pattern: RegExp | undefined;
  /** The same without the global flag, for one-off tests of a single text. */
  readonly single: RegExp | undefined;
  private readonly conns: Set<string> | undefined;
  private readonly methods: Set<string> | undefined;
  /** Per interned conn or method id: 1 allowed, 2 not, 0 not looked at yet. */
  private readonly connOk: number[] = [];
  private readonly methodOk: number[] = [];

  constructor(
    readonly filter: TimelineFilter,
    private readonly fold: TimelineFold,
  ) {
    this.kindMask = maskOf(filter.kinds, kindCode);
    this.statusMask = maskOf(filter.statuses, statusCode);
    this.directionMask = maskOf(filter.directions, directionCode);
    this.conns = filter.conns.length > 0 ? new Set(filter.conns) : undefined;
    this.methods = filter.methods.length > 0 ? new Set(filter.methods) : undefined;
    const text = filter.text;
    if (text !== '') {
      const source = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      this.pattern = new RegExp(source, 'gi');
      this.single = new RegExp(source, 'i');
    }
  }

  /** Every test but the text one. */
  facets(row: number): boolean {
    const rows = this.fold.rows;
    if (((1 << rows.kind.get(row)) & this.kindMask) === 0) return false;
    if (((1 << rows.status.get(row)) & this.statusMask) === 0) return false;
    if (((1 << rows.direction.get(row)) & this.directionMask) === 0) return false;
    if (this.filter.findingsOnly && rows.findings.get(row) === 0) return false;
    if (this.conns && !allowed(this.conns, this.connOk, rows.conn.get(row), this.fold.conns.values)) return false;
    if (this.methods && !allowed(this.methods, this.methodOk, rows.method.get(row), this.fold.methods.values)) return false;
    return true;
  }

  get isEmpty(): boolean {
    const f = this.filter;
    return (
      f.text === '' &&
      !f.findingsOnly &&
      f.conns.length === 0 &&
      f.methods.length === 0 &&
      f.kinds.length === 0 &&
      f.statuses.length === 0 &&
      f.directions.length === 0
    );
  }

  /**
   * Whether rows passing this filter are a subset of the rows passing `before` (the user
   * typed one more letter, or ticked off a facet value), so only those need a second look.
   */
  narrows(before: CompiledFilter): boolean {
    const a = this.filter;
    const b = before.filter;
    const sub = <T>(mine: readonly T[], theirs: readonly T[]): boolean =>
      theirs.length === 0 || (mine.length > 0 && mine.every((v) => theirs.includes(v)));
    return (
      a.text.toLowerCase().includes(b.text.toLowerCase()) &&
      (a.findingsOnly || !b.findingsOnly) &&
      sub(a.conns, b.conns) &&
      sub(a.methods, b.methods) &&
      sub(a.kinds, b.kinds) &&
      sub(a.statuses, b.statuses) &&
      sub(a.directions, b.directions)
    );
  }
}

function allowed(set: Set<string>, cache: number[], id: number, names: readonly string[]): boolean {
  if (id < 0) return false;
  let ok = cache[id];
  if (ok === undefined || ok === 0) {
    const name = names[id];
    ok = name !== undefined && set.has(name) ? 1 : 2;
    cache[id] = ok;
  }
  return ok === 1;
}
