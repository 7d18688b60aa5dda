/**
 * The index's storage: one entry per row and per event in typed columns, plus the lint
 * findings. Nothing here is an object per row; TimelineRow objects are built for a window only.
 */
import { Interner, f64, i32, u8 } from './columns.js';

export class RowTable {
  readonly kind = u8();
  readonly status = u8();
  readonly direction = u8();
  /** Worst finding severity code (1 error, 2 warning, 3 info), 0 for none. */
  readonly worst = u8();
  /** 1 when the row is a later round of a multi round-trip request (nested under the first). */
  readonly round = u8();
  readonly depth = i32();
  readonly conn = i32(undefined, -1);
  readonly method = i32(undefined, -1);
  readonly parent = i32(undefined, -1);
  readonly children = i32();
  readonly findings = i32();
  readonly firstEvent = i32();
  readonly lastEvent = i32();
  readonly events = i32();
  /** Index into `idStrings` for a string id, -1 otherwise. */
  readonly idString = i32(undefined, -1);
  /** A numeric id, NaN for none (or a string id). */
  readonly idNumber = f64(undefined, NaN);
  readonly t0 = f64();
  /** NaN while open. */
  readonly t1 = f64(undefined, NaN);
  readonly bytesOut = f64();
  readonly bytesIn = f64();
  readonly idStrings: string[] = [];

  get count(): number {
    return this.kind.length;
  }

  /** Appends a row with every column at its default; returns its number. */
  add(kind: number, status: number, direction: number, t0: number, event: number): number {
    const row = this.kind.push(kind);
    this.status.push(status);
    this.direction.push(direction);
    this.t0.push(t0);
    this.firstEvent.push(event);
    this.lastEvent.push(event);
    this.events.push(0);
    // Column by column, not through an array of them: this runs once per row, millions of times.
    const n = row + 1;
    this.worst.ensure(n);
    this.round.ensure(n);
    this.depth.ensure(n);
    this.children.ensure(n);
    this.findings.ensure(n);
    this.bytesOut.ensure(n);
    this.bytesIn.ensure(n);
    this.conn.ensure(n);
    this.method.ensure(n);
    this.parent.ensure(n);
    this.idString.ensure(n);
    this.idNumber.ensure(n);
    this.t1.ensure(n);
    return row;
  }

  setId(row: number, id: string | number): void {
    if (typeof id === 'number') this.idNumber.set(row, id);
    else this.idString.set(row, this.idStrings.push(id) - 1);
  }

  id(row: number): string | number | undefined {
    const s = this.idString.get(row);
    if (s >= 0) return this.idStrings[s];
    const n = this.idNumber.get(row);
    return Number.isNaN(n) ? undefined : n;
  }
}

export class EventTable {
  readonly seq = f64();
  readonly t = f64();
  readonly row = i32();
  /** The next event of the same row, -1 for the last. */
  readonly next = i32(undefined, -1);
  readonly kind = u8();
  readonly stream = u8();
  readonly eol = u8();
  /** 1 when the stored text is the line's base64 (bytes that are not UTF-8). */
  readonly b64 = u8();

  get count(): number {
    return this.seq.length;
  }

  add(seq: number, t: number, kind: number): number {
    const event = this.seq.push(seq);
    this.t.push(t);
    this.kind.push(kind);
    const n = event + 1;
    this.row.ensure(n);
    this.next.ensure(n);
    this.stream.ensure(n);
    this.eol.ensure(n);
    this.b64.ensure(n);
    this.next.set(event, -1);
    return event;
  }
}

/** Lint findings in the order found (so by event): an event's findings sit side by side. */
export class FindingTable {
  readonly event = i32();
  readonly rule = i32();
  readonly severity = u8();
  readonly message = i32();
  readonly spec = i32();
  readonly strings = new Interner();

  get count(): number {
    return this.event.length;
  }

  add(event: number, rule: string, severity: number, message: string, spec: string): void {
    this.event.push(event);
    this.rule.push(this.strings.id(rule));
    this.severity.push(severity);
    this.message.push(this.strings.id(message));
    this.spec.push(this.strings.id(spec));
  }

  /** Indexes of the findings on one event. */
  of(event: number): number[] {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.event.get(mid) < event) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < this.count && this.event.get(i) === event; i++) out.push(i);
    return out;
  }
}
