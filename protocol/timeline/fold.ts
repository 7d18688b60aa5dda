/**
 * Folding bridge events into timeline rows, one event at a time and O(1) amortized each.
 * Pairing and lint come from the app's own ExchangeTracker and Linter, told to forget closed
 * exchanges so that memory grows with the rows' columns only.
 */
import type { BridgeEvent } from '../envelope.js';
import { ExchangeTracker, type Exchange, type WireMessage } from '../exchanges.js';
import { ExactId } from '../jsonrpc.js';
import { ENDPOINT_EVENT } from '../http/legacyEndpoint.js';
import { Linter, type Finding } from '../lint/index.js';
import { NOTE_TOPICS } from '../noteTopics.js';
import { Interner } from './columns.js';
import { PENDING, directionCode, eolCode, eventKindCode, kindCode, severityCode, statusCode, streamCode } from './codes.js';
import { EventTable, FindingTable, RowTable } from './rows.js';
import { TextStore } from './textStore.js';
import { TaskSpans } from './taskSpans.js';
import type { RowStatus } from './contract.js';

/** Closed exchanges the tracker keeps for late and duplicate answers and for linking rounds. */
export const KEEP_CLOSED = 4096;

const OUT = directionCode('out');
const IN = directionCode('in');
const NONE = directionCode('none');
const NO_STATUS = statusCode('none');

export interface FoldOptions {
  /**
   * false: no lint. For a first look at a journal's newest events: lint's first run in a fresh
   * worker compiles its validators, which took most of a second before any row could show.
   */
  lint?: boolean;
}

const NO_FINDINGS: readonly never[] = [];

/**
 * stderr lines of one connection that arrive this close together, with nothing else of that
 * connection between them, are one burst and one row (a stack trace, a banner). Lines of one
 * chunk are stamped within microseconds; a server logging steadily still gets a row per line.
 */
export const STDERR_BURST_MS = 100;

/** Told of every row the fold created or changed, so views of the rows can follow. */
export type RowListener = (row: number, created: boolean) => void;

interface ConnRows {
  /** Requests still waiting, both directions: what an exit leaves unanswered. */
  open: Set<number>;
  /** Client requests in the order sent; the top still pending is what a server request nests under. */
  clientStack: number[];
}

export class TimelineFold {
  readonly rows = new RowTable();
  readonly events = new EventTable();
  readonly findings = new FindingTable();
  readonly texts = new TextStore();
  readonly conns = new Interner();
  readonly methods = new Interner();
  /** Tasks seen on the wire, per connection (not kept in a saved index: a restored fold has none). */
  readonly tasks = new TaskSpans();
  /** Per connection id: the protocol revision its session speaks, once known. */
  readonly revisions = new Map<number, string>();
  /** Row counts per facet value, kept as rows come and change. */
  readonly connCounts: number[] = [];
  readonly methodCounts: number[] = [];
  readonly statusCounts: number[] = [];
  readonly kindCounts: number[] = [];
  tMin = Infinity;
  tMax = -Infinity;
  lastSeq = -1;

  private readonly rowOfExchange = new Map<string, number>();
  /** Per connection: the stderr row its next stderr line may join, and when that row's last line came. */
  private readonly bursts = new Map<number, { row: number; t: number }>();
  private readonly connRows = new Map<number, ConnRows>();
  /**
   * Per connection, the HTTP row whose next stdout line is HTTP's own words rather than a
   * message: the body of a refused request (a 404 page), or an `endpoint` event's URL.
   */
  private readonly httpBody = new Map<number, number>();
  private readonly tracker: ExchangeTracker;
  /** Absent in a preview index, which shows rows at once and leaves findings to the whole index. */
  private readonly linter: Linter | undefined;
  private readonly listeners: RowListener[] = [];
  /** The row the event being folded created, if any. */
  private created = -1;
  /**
   * A fold read back from a saved index (snapshot.ts) answers but folds nothing more: the
   * pairing and lint state that further events would need is not saved.
   */
  sealed = false;

  constructor(options: FoldOptions = {}) {
    this.linter = options.lint === false ? undefined : new Linter({ keepFindings: false });
    this.tracker = new ExchangeTracker({
      keepClosed: KEEP_CLOSED,
      keepProgress: false,
      onForget: (exchange) => this.forget(exchange),
    });
  }

  onRow(listener: RowListener): void {
    this.listeners.push(listener);
  }

  /** Folds one event; false when its seq was already folded (a replay overlapping live frames). */
  apply(event: BridgeEvent): boolean {
    if (this.sealed || event.seq <= this.lastSeq) return false;
    this.lastSeq = event.seq;
    this.created = -1;
    const message = this.tracker.apply(event);
    const found = this.linter?.apply(event, message) ?? NO_FINDINGS;
    const e = this.addEvent(event);
    const conn = event.conn === undefined ? -1 : this.connId(event.conn);
    // Anything else of the connection ends its stderr burst.
    if (conn >= 0 && !(event.kind === 'line' && event.stream === 'stderr')) this.bursts.delete(conn);
    let row: number;
    const bodyRow = this.httpBodyRow(event, conn, message);
    switch (event.kind) {
      case 'line':
        if (bodyRow >= 0) {
          row = bodyRow;
          this.link(row, e);
        } else row = event.stream === 'stderr' ? this.onStderr(event, e, conn) : this.onLine(event, e, conn, message);
        if (event.stream === 'stdin') this.rows.bytesOut.data[row] = this.rows.bytesOut.get(row) + event.size;
        else this.rows.bytesIn.data[row] = this.rows.bytesIn.get(row) + event.size;
        break;
      case 'spawn':
      case 'exit':
        if (conn >= 0) this.closeConn(conn, event.t);
        row = this.newRow('process', NO_STATUS, NONE, event, e, conn);
        break;
      case 'spawn-error':
      case 'stop':
        row = this.newRow('process', NO_STATUS, NONE, event, e, conn);
        break;
      case 'notice':
        row = this.newRow('notice', NO_STATUS, NONE, event, e, conn);
        break;
      case 'note':
        if (conn >= 0 && event.topic === NOTE_TOPICS.connected) this.noteRevision(conn, event.data);
        row = this.newRow('note', NO_STATUS, NONE, event, e, conn);
        break;
      case 'http':
        row = this.newRow(
          'http',
          httpFailed(event) ? statusCode('error') : NO_STATUS,
          event.phase === 'request' ? OUT : IN,
          event,
          e,
          conn,
        );
        if (conn >= 0 && carriesHttpWords(event)) this.httpBody.set(conn, row);
        break;
      case 'auth': {
        row = this.newRow(
          'auth',
          event.phase === 'failed' ? statusCode('error') : NO_STATUS,
          event.phase === 'request' ? OUT : event.phase === 'response' ? IN : NONE,
          event,
          e,
          conn,
        );
        // The step names the row where a method would (`auth/token`), and the method facet picks steps out.
        const method = this.methods.id(`auth/${event.step}`);
        this.rows.method.set(row, method);
        this.methodCounts[method] = (this.methodCounts[method] ?? 0) + 1;
        break;
      }
      default: {
        const never: never = event;
        return never;
      }
    }
    for (const finding of found) this.fileFinding(e, row, finding);
    this.changed(row, row === this.created);
    return true;
  }

  /**
   * The HTTP row a stdout line belongs to when it is HTTP's words and no message (a line that is
   * a message keeps its own row); -1 otherwise. Any event but a note ends the expectation.
   */
  private httpBodyRow(event: BridgeEvent, conn: number, message: WireMessage | undefined): number {
    if (conn < 0 || event.kind === 'note' || event.kind === 'notice') return -1;
    const row = this.httpBody.get(conn);
    if (row === undefined) return -1;
    this.httpBody.delete(conn);
    if (event.kind !== 'line' || event.stream !== 'stdout') return -1;
    return message === undefined || message.pairing.kind === 'none' ? row : -1;
  }

  /**
   * A finding from a lint pass run apart (lintPass.ts), on the event with this seq (dropped
   * when no folded event has it). Findings must come in seq order, as the lint pass sends them.
   */
  addFinding(seq: number, finding: Pick<Finding, 'rule' | 'severity' | 'message' | 'spec'>): void {
    const e = this.eventOf(seq);
    if (e < 0) return;
    const row = this.events.row.get(e);
    this.fileFinding(e, row, finding);
    this.changed(row, false);
  }

  /** The event index holding this seq, -1 when none does. */
  eventOf(seq: number): number {
    const events = this.events;
    let lo = 0;
    let hi = events.count - 1;
    // Seqs rise with the event index, apart from -1 for journal lines that were not events.
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      let probe = mid;
      while (probe < hi && events.seq.get(probe) < 0) probe++;
      const s = events.seq.get(probe);
      if (s === seq) return probe;
      if (s < 0 || s > seq) hi = mid - 1;
      else lo = probe + 1;
    }
    return -1;
  }

  private fileFinding(e: number, row: number, finding: Pick<Finding, 'rule' | 'severity' | 'message' | 'spec'>): void {
    const severity = severityCode(finding.severity);
    this.findings.add(e, finding.rule, severity, finding.message, finding.spec);
    this.rows.findings.data[row] = this.rows.findings.get(row) + 1;
    const current = this.rows.worst.get(row);
    if (current === 0 || severity < current) this.rows.worst.set(row, severity);
  }

  /** A journal line that is not a bridge event: kept visible as an invalid row of its own. */
  applyMalformed(text: string): number {
    if (this.sealed) return -1;
    const e = this.events.add(-1, this.tMax === -Infinity ? 0 : this.tMax, eventKindCode('malformed'));
    this.texts.append(text);
    const row = this.rows.add(kindCode('invalid'), statusCode('invalid'), NONE, this.events.t.get(e), e);
    this.link(row, e);
    this.count(row, 1);
    this.changed(row, true);
    return row;
  }

  /** Rows still waiting for an answer, on every connection. */
  *openRows(): Generator<number> {
    for (const rows of this.connRows.values()) yield* rows.open;
  }

  /** Calls `each` on the events of a row in order, at most `limit`. */
  eventsOf(row: number, each: (event: number) => void, limit = Infinity): void {
    let n = 0;
    for (let e = this.rows.firstEvent.get(row); e >= 0 && n < limit; e = this.events.next.get(e), n++) each(e);
  }

  /** A stderr line: joins the connection's burst, or starts a row of its own. */
  private onStderr(event: BridgeEvent, e: number, conn: number): number {
    const burst = conn >= 0 ? this.bursts.get(conn) : undefined;
    if (burst !== undefined && event.t - burst.t <= STDERR_BURST_MS) {
      this.link(burst.row, e);
      burst.t = event.t;
      return burst.row;
    }
    const row = this.newRow('stderr', NO_STATUS, IN, event, e, conn);
    if (conn >= 0) this.bursts.set(conn, { row, t: event.t });
    return row;
  }

  private onLine(event: Extract<BridgeEvent, { kind: 'line' }>, e: number, conn: number, message: WireMessage | undefined): number {
    const direction = event.stream === 'stdin' ? OUT : IN;
    if (!message) return this.newRow('invalid', statusCode('invalid'), direction, event, e, conn);
    const pairing = message.pairing;
    const c = message.classified;
    switch (pairing.kind) {
      case 'request':
      case 'duplicate-request-id': {
        const row = this.onRequest(message, pairing.exchange, event, e, conn, direction);
        if (c.kind === 'request') this.tasks.request(conn, row, event.t, message.from, c.method, c.params);
        return row;
      }
      case 'response': {
        const row = this.join(pairing.exchange, e);
        if (row < 0) return this.newRow('orphan-response', statusCode('orphan'), direction, event, e, conn);
        this.rows.t1.set(row, event.t);
        this.setStatus(row, responseStatus(message));
        this.connRows.get(conn)?.open.delete(row);
        const exchange = this.tracker.exchanges.get(pairing.exchange);
        if (exchange?.method === 'initialize' && c.kind === 'result') this.learnRevision(conn, c.result);
        const method = this.methods.at(this.rows.method.get(row));
        this.tasks.response(conn, row, event.t, this.rows.t0.get(row), method, c.kind === 'result' ? c.result : undefined);
        return row;
      }
      case 'late-response':
      case 'duplicate-response':
      case 'progress':
      case 'cancel': {
        const row = pairing.exchange === undefined ? -1 : this.join(pairing.exchange, e);
        if (row < 0) {
          if (pairing.kind === 'progress' || pairing.kind === 'cancel')
            return this.newRow('notification', NO_STATUS, direction, event, e, conn, c);
          return this.newRow('orphan-response', statusCode('orphan'), direction, event, e, conn);
        }
        if (pairing.kind === 'cancel') this.onCancel(row, pairing.exchange, event.t, conn);
        return row;
      }
      case 'unknown-id':
        return this.newRow('orphan-response', statusCode('orphan'), direction, event, e, conn);
      case 'notification': {
        const row = this.newRow('notification', NO_STATUS, direction, event, e, conn, c);
        if (c.kind === 'notification') this.tasks.notification(conn, row, event.t, c.method, c.params);
        return row;
      }
      case 'none':
        return this.newRow('invalid', statusCode('invalid'), direction, event, e, conn);
      default: {
        const never: never = pairing;
        return never;
      }
    }
  }

  private onRequest(message: WireMessage, key: string, event: BridgeEvent, e: number, conn: number, direction: number): number {
    const c = message.classified;
    const row = this.newRow('request', PENDING, direction, event, e, conn, c);
    // The id orders rows only: an exact id sorts by its nearest double.
    if (c.kind === 'request') this.rows.setId(row, c.id instanceof ExactId ? Number(c.id.text) : c.id);
    this.rowOfExchange.set(key, row);
    const rows = this.connRowsOf(conn);
    rows.open.add(row);
    const exchange = this.tracker.exchanges.get(key);
    let parent = -1;
    if (exchange?.previousRound !== undefined) {
      const previous = this.rowOfExchange.get(exchange.previousRound);
      if (previous !== undefined) {
        parent = this.rows.round.get(previous) === 1 ? this.rows.parent.get(previous) : previous;
        this.rows.round.set(row, 1);
      }
    } else if (message.from === 'server') {
      const stack = rows.clientStack;
      while (stack.length > 0 && this.rows.status.get(stack[stack.length - 1] ?? -1) !== PENDING) stack.pop();
      parent = stack[stack.length - 1] ?? -1;
    }
    if (message.from === 'client') {
      // Answered calls on top are of no more use: the stack stays as deep as the calls open.
      const stack = rows.clientStack;
      while (stack.length > 0 && this.rows.status.get(stack[stack.length - 1] ?? -1) !== PENDING) stack.pop();
      stack.push(row);
    }
    if (parent >= 0) {
      this.rows.parent.set(row, parent);
      this.rows.depth.set(row, this.rows.depth.get(parent) + 1);
      this.rows.children.set(parent, this.rows.children.get(parent) + 1);
      this.changed(parent, false);
    }
    return row;
  }

  private onCancel(row: number, key: string | undefined, t: number, conn: number): void {
    const exchange = key === undefined ? undefined : this.tracker.exchanges.get(key);
    if (!exchange || this.rows.status.get(row) !== PENDING) return;
    if (exchange.status === 'cancelled' || exchange.status === 'timeout') {
      this.setStatus(row, statusCode(exchange.status));
      this.rows.t1.set(row, t);
      this.connRows.get(conn)?.open.delete(row);
    }
  }

  /** A process ended or started over: whatever it left waiting will never be answered. */
  private closeConn(conn: number, t: number): void {
    const rows = this.connRows.get(conn);
    if (!rows) return;
    for (const row of rows.open) {
      if (this.rows.status.get(row) !== PENDING) continue;
      this.setStatus(row, statusCode('unanswered'));
      this.rows.t1.set(row, t);
      this.changed(row, false);
    }
    rows.open.clear();
    rows.clientStack.length = 0;
  }

  private newRow(
    kind: Parameters<typeof kindCode>[0],
    status: number,
    direction: number,
    event: BridgeEvent,
    e: number,
    conn: number,
    classified?: WireMessage['classified'],
  ): number {
    const row = this.rows.add(kindCode(kind), status, direction, event.t, e);
    this.rows.conn.set(row, conn);
    if (classified && (classified.kind === 'request' || classified.kind === 'notification')) {
      const method = this.methods.id(classified.method);
      this.rows.method.set(row, method);
      this.methodCounts[method] = (this.methodCounts[method] ?? 0) + 1;
    }
    this.link(row, e);
    this.count(row, 1);
    if (conn >= 0) this.connCounts[conn] = (this.connCounts[conn] ?? 0) + 1;
    // Listeners hear of it once the event is folded whole (its findings included).
    this.created = row;
    return row;
  }

  /** Adds an event to an exchange's row; -1 when the row is not known. */
  private join(key: string, e: number): number {
    const row = this.rowOfExchange.get(key);
    if (row === undefined) return -1;
    this.link(row, e);
    return row;
  }

  private link(row: number, e: number): void {
    const rows = this.rows;
    if (rows.events.get(row) > 0) this.events.next.set(rows.lastEvent.get(row), e);
    rows.lastEvent.set(row, e);
    rows.events.set(row, rows.events.get(row) + 1);
    this.events.row.set(e, row);
  }

  private setStatus(row: number, status: number): void {
    const old = this.rows.status.get(row);
    if (old === status) return;
    this.statusCounts[old] = (this.statusCounts[old] ?? 1) - 1;
    this.statusCounts[status] = (this.statusCounts[status] ?? 0) + 1;
    this.rows.status.set(row, status);
  }

  private count(row: number, delta: number): void {
    const kind = this.rows.kind.get(row);
    const status = this.rows.status.get(row);
    this.kindCounts[kind] = (this.kindCounts[kind] ?? 0) + delta;
    this.statusCounts[status] = (this.statusCounts[status] ?? 0) + delta;
  }

  private addEvent(event: BridgeEvent): number {
    const e = this.events.add(event.seq, event.t, eventKindCode(event.kind));
    if (event.t < this.tMin) this.tMin = event.t;
    if (event.t > this.tMax) this.tMax = event.t;
    if (event.kind === 'line') {
      this.events.stream.set(e, streamCode(event.stream));
      this.events.eol.set(e, eolCode(event.eol));
      if (event.text === undefined) this.events.b64.set(e, 1);
      this.texts.append(event.text ?? event.b64 ?? '');
    } else {
      this.texts.append(JSON.stringify(event));
    }
    return e;
  }

  private changed(row: number, created: boolean): void {
    for (const listener of this.listeners) listener(row, created);
  }

  private connId(conn: string): number {
    return this.conns.id(conn);
  }

  private connRowsOf(conn: number): ConnRows {
    let rows = this.connRows.get(conn);
    if (!rows) {
      rows = { open: new Set(), clientStack: [] };
      this.connRows.set(conn, rows);
    }
    return rows;
  }

  private forget(exchange: Exchange): void {
    this.rowOfExchange.delete(exchange.key);
    this.linter?.forget(exchange.conn, exchange.key, exchange.from, exchange.id);
  }

  private noteRevision(conn: number, data: unknown): void {
    const outcome = asRecord(asRecord(data)?.outcome);
    if (typeof outcome?.protocolVersion === 'string') this.revisions.set(conn, outcome.protocolVersion);
  }

  private learnRevision(conn: number, result: unknown): void {
    const version = asRecord(result)?.protocolVersion;
    if (typeof version === 'string' && !this.revisions.has(conn)) this.revisions.set(conn, version);
  }
}

function responseStatus(message: WireMessage): number {
  const c = message.classified;
  let status: RowStatus;
  if (c.kind === 'error') status = 'error';
  else if (c.kind === 'result') {
    const result = asRecord(c.result);
    if (result?.isError === true) status = 'isError';
    else if (result?.resultType === 'input_required') status = 'input_required';
    else status = 'ok';
  } else status = 'invalid';
  return statusCode(status);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** An HTTP step whose body line is HTTP's own: a refused request's page, an `endpoint` event's URL. */
function carriesHttpWords(event: Extract<BridgeEvent, { kind: 'http' }>): boolean {
  if (event.phase === 'response') return event.status >= 400;
  return event.phase === 'sse-event' && event.event === ENDPOINT_EVENT;
}

/** An HTTP step that says the exchange went wrong: an error, a status of 400 or more, a cut stream. */
function httpFailed(event: Extract<BridgeEvent, { kind: 'http' }>): boolean {
  switch (event.phase) {
    case 'error':
      return true;
    case 'response':
      return event.status >= 400;
    case 'end':
      return event.how === 'cut';
    case 'request':
    case 'sse-event':
      return false;
  }
}
