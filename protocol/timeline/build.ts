/**
 * TimelineRow, RowDetail and TimelineSpan objects, built from the columns for the few rows a
 * view asks about. Server strings go out as plain text, clipped; the views never render HTML.
 */
import { DIRECTIONS, EOLS, EVENT_KINDS, KINDS, SEVERITIES, STATUSES, STREAMS, at } from './codes.js';
import { httpText } from '../http/describe.js';
import { authSummary } from '../authLane.js';
import { authEventSchema } from '../envelope.js';
import type { RowDetail, Severity, TimelineRow, TimelineSpan } from './contract.js';
import type { TimelineFold } from './fold.js';
import { replayNoteText } from '../replay/notes.js';
import { tourNoteText } from '../tour/journal.js';

/** Seqs listed per row in a window; RowDetail has the lines themselves. */
export const WINDOW_SEQS = 1000;
/** Lines a detail carries at most (a call can have a million progress notifications). */
export const DETAIL_LINES = 2000;
const SUMMARY_CHARS = 300;

export function buildRow(fold: TimelineFold, row: number): TimelineRow {
  const rows = fold.rows;
  const seqs: number[] = [];
  fold.eventsOf(row, (e) => seqs.push(fold.events.seq.get(e)), WINDOW_SEQS);
  const conn = fold.conns.at(rows.conn.get(row));
  const method = fold.methods.at(rows.method.get(row));
  const id = rows.id(row);
  const t1 = rows.t1.get(row);
  const parent = rows.parent.get(row);
  const worst = rows.worst.get(row);
  const task = fold.tasks.roleOf(row);
  return {
    row,
    kind: at(KINDS, rows.kind.get(row)),
    ...(conn === undefined ? {} : { conn }),
    direction: at(DIRECTIONS, rows.direction.get(row)),
    ...(method === undefined ? {} : { method }),
    ...(id === undefined ? {} : { id }),
    status: at(STATUSES, rows.status.get(row)),
    t0: rows.t0.get(row),
    ...(Number.isNaN(t1) ? {} : { t1 }),
    bytesOut: rows.bytesOut.get(row),
    bytesIn: rows.bytesIn.get(row),
    ...(parent < 0 ? {} : { parent }),
    depth: rows.depth.get(row),
    children: rows.children.get(row),
    findings: rows.findings.get(row),
    ...(worst === 0 ? {} : { worst: severityOf(worst) }),
    summary: rowSummary(fold, row),
    seqs,
    events: rows.events.get(row),
    ...(task ? { task } : {}),
  };
}

export function buildSpan(fold: TimelineFold, row: number): TimelineSpan {
  const rows = fold.rows;
  const conn = fold.conns.at(rows.conn.get(row));
  const method = fold.methods.at(rows.method.get(row));
  const kind = at(KINDS, rows.kind.get(row));
  const t0 = rows.t0.get(row);
  const t1 = kind === 'request' ? rows.t1.get(row) : t0;
  const worst = rows.worst.get(row);
  return {
    row,
    ...(conn === undefined ? {} : { conn }),
    kind,
    status: at(STATUSES, rows.status.get(row)),
    t0,
    ...(Number.isNaN(t1) ? {} : { t1 }),
    depth: rows.depth.get(row),
    ...(worst === 0 ? {} : { worst: severityOf(worst) }),
    ...(method === undefined ? {} : { method }),
  };
}

export function buildDetail(fold: TimelineFold, row: number): RowDetail {
  const lines: RowDetail['lines'] = [];
  const events: unknown[] = [];
  const findings: RowDetail['findings'] = [];
  fold.eventsOf(
    row,
    (e) => {
      const seq = fold.events.seq.get(e);
      const kind = at(EVENT_KINDS, fold.events.kind.get(e));
      const text = fold.texts.get(e);
      if (kind === 'line') {
        const b64 = fold.events.b64.get(e) === 1;
        lines.push({
          seq,
          t: fold.events.t.get(e),
          stream: at(STREAMS, fold.events.stream.get(e)),
          ...(b64 ? { b64: text } : { text }),
          eol: at(EOLS, fold.events.eol.get(e)),
          ...(b64 ? {} : jsonOf(text)),
        });
      } else if (kind === 'malformed') {
        events.push({ kind: 'malformed', line: text });
      } else {
        events.push(JSON.parse(text) as unknown);
      }
      for (const f of fold.findings.of(e)) {
        const rule = fold.findings.strings.at(fold.findings.rule.get(f)) ?? '';
        const message = fold.findings.strings.at(fold.findings.message.get(f)) ?? '';
        const spec = fold.findings.strings.at(fold.findings.spec.get(f));
        findings.push({ seq, rule, severity: severityOf(fold.findings.severity.get(f)), message, ...(spec ? { spec } : {}) });
      }
    },
    DETAIL_LINES,
  );
  const childRows: number[] = [];
  const wanted = fold.rows.children.get(row);
  for (let r = row + 1; r < fold.rows.count && childRows.length < wanted; r++) if (fold.rows.parent.get(r) === row) childRows.push(r);
  const parent = fold.rows.parent.get(row);
  const revision = fold.revisions.get(fold.rows.conn.get(row));
  const task = fold.tasks.taskOfRow(row, (conn) => fold.conns.at(conn));
  return {
    row: buildRow(fold, row),
    lines,
    events,
    findings,
    ...(revision === undefined ? {} : { revision }),
    ...(parent < 0 ? {} : { parent }),
    childRows,
    ...(task ? { task } : {}),
  };
}

function jsonOf(text: string): { json?: unknown } {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return {};
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return {};
  }
}

function severityOf(code: number): Severity {
  return at(SEVERITIES, code - 1);
}

function clip(text: string): string {
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS)}…` : text;
}

/**
 * One line for the list. An HTTP row holding a body line (fold.ts puts HTTP's own words there)
 * says what the words are: an older server's endpoint, the page of a refused request.
 */
function rowSummary(fold: TimelineFold, row: number): string {
  const first = fold.rows.firstEvent.get(row);
  const body = fold.rows.events.get(row) > 1 ? fold.events.next.get(first) : -1;
  if (body < 0 || at(EVENT_KINDS, fold.events.kind.get(first)) !== 'http' || at(EVENT_KINDS, fold.events.kind.get(body)) !== 'line')
    return summaryOf(fold, row);
  const event = JSON.parse(fold.texts.get(first)) as Record<string, unknown>;
  const words = fold.events.b64.get(body) === 1 ? summarize(fold, body) : fold.texts.get(body).replace(/\s+/g, ' ').trim();
  if (event.phase === 'sse-event') return clip(`[${String(event.req)}] HTTP+SSE endpoint: ${words}`);
  return clip(`${httpText(event)}, refused: ${words}`);
}

/** A row's first line; a burst of stderr says how many lines follow it. */
function summaryOf(fold: TimelineFold, row: number): string {
  const first = summarize(fold, fold.rows.firstEvent.get(row));
  const more = fold.rows.events.get(row) - 1;
  if (more < 1 || at(KINDS, fold.rows.kind.get(row)) !== 'stderr') return first;
  return `${first} (+${more} line${more === 1 ? '' : 's'})`;
}

/** One line for the list, from the row's first event. */
export function summarize(fold: TimelineFold, e: number): string {
  const kind = at(EVENT_KINDS, fold.events.kind.get(e));
  const text = fold.texts.get(e);
  switch (kind) {
    case 'line':
      return fold.events.b64.get(e) === 1 ? `bytes that are not UTF-8 (${Math.floor((text.length * 3) / 4)} bytes)` : clip(text);
    case 'malformed':
      return clip(`not a bridge event: ${text}`);
    case 'spawn':
    case 'spawn-error':
    case 'exit':
    case 'stop':
    case 'notice':
    case 'note':
    case 'http':
    case 'auth':
      return clip(describe(JSON.parse(text) as Record<string, unknown>));
    default: {
      const never: never = kind;
      return never;
    }
  }
}

function describe(event: Record<string, unknown>): string {
  const config = (event.config ?? {}) as {
    command?: unknown;
    args?: unknown;
    transport?: unknown;
    url?: unknown;
    uri?: unknown;
    of?: unknown;
  };
  const commandLine =
    config.transport === 'http'
      ? `HTTP ${String(config.url)}`
      : config.transport === 'app'
        ? `MCP App ${String(config.uri)} on ${String(config.of)}`
        : [config.command, ...(Array.isArray(config.args) ? config.args : [])].map(String).join(' ');
  switch (event.kind) {
    case 'spawn':
      return event.pid === undefined ? `open ${commandLine}` : `spawn ${commandLine} (pid ${String(event.pid)})`;
    case 'http':
      return httpText(event);
    case 'auth': {
      const auth = authEventSchema.safeParse(event);
      return auth.success ? authSummary(auth.data) : `auth ${String(event.step)}: ${String(event.text)}`;
    }
    case 'spawn-error':
      return `spawn failed: ${String(event.message)} (${commandLine})`;
    case 'exit':
      if (event.signal !== null && event.signal !== undefined) return `exit ${String(event.signal)}`;
      // Neither code nor signal: an HTTP connection, closed.
      return event.code === null ? 'closed' : `exit ${String(event.code)}`;
    case 'stop':
      return `stop: ${String(event.step)}${event.reason === undefined ? '' : ` (${String(event.reason)})`}`;
    case 'notice':
      return `${String(event.level)}: ${String(event.message)}`;
    case 'note':
      // A replay's and a tour's notes read as sentences; any other note as its topic and data.
      return (
        replayNoteText(String(event.topic), event.data) ??
        tourNoteText(String(event.topic), event.data) ??
        `${String(event.topic)} ${JSON.stringify(event.data) ?? ''}`
      );
    default:
      return JSON.stringify(event);
  }
}
