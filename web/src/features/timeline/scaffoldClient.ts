/**
 * SCAFFOLD, to be deleted: a TimelineClient computed in the page from the session model, so the
 * views can be built and looked at before the index worker (protocol/timeline, client.ts) lands.
 * It rescans every row on each update and keeps every row in memory: fine for a demo session,
 * exactly what issue 9 forbids at scale. Nothing outside this file and the two hooks at its end
 * may depend on it.
 */
import { useEffect, useMemo } from 'react';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import type { SessionModel } from '../../../../protocol/session.js';
import { describeBytes, lineBytes } from '../../../../protocol/bytes.js';
import type { Exchange } from '../../../../protocol/exchanges.js';
import {
  EMPTY_FILTER,
  type Direction,
  type RowDetail,
  type RowKind,
  type RowStatus,
  type Severity,
  type TimelineClient,
  type TimelineFilter,
  type TimelineRow,
  type TimelineSort,
  type TimelineSpan,
  type TimelineStats,
} from '../../../../protocol/timeline/contract.js';
import type { SessionStore } from '../../session/sessionStore.js';

interface Rec {
  row: number;
  kind: RowKind;
  conn?: string;
  direction: Direction;
  method?: string;
  id?: string | number;
  t0: number;
  tLast: number;
  seqs: number[];
  exchange?: string;
  fixedStatus?: RowStatus;
  isError?: boolean;
  bytesOut: number;
  bytesIn: number;
  parent?: number;
  depth: number;
  children: number[];
  summary: string;
}

const SEVERITY_RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

export class ModelTimelineClient implements TimelineClient {
  private model: SessionModel | undefined;
  private recs: Rec[] = [];
  private bySeq = new Map<number, number>();
  private events = new Map<number, BridgeEvent>();
  private byExchange = new Map<string, number>();
  private folded = 0;
  private filter: TimelineFilter = EMPTY_FILTER;
  private sort: TimelineSort = { column: 'time', descending: false };
  private list: number[] = [];
  private readonly statsListeners = new Set<(s: TimelineStats) => void>();
  private readonly problemListeners = new Set<(m: string) => void>();
  private scheduled = false;
  private last: TimelineStats | undefined;

  constructor(private readonly getModel: () => SessionModel) {}

  /** Folds what arrived since the last call; stats go out on the next frame. */
  refresh = (): void => {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      this.fold();
      this.rebuild();
      this.last = this.stats();
      for (const l of this.statsListeners) l(this.last);
    });
  };

  setFilter(filter: TimelineFilter, sort: TimelineSort): Promise<void> {
    this.filter = filter;
    this.sort = sort;
    this.fold();
    this.rebuild();
    this.last = this.stats();
    for (const l of this.statsListeners) l(this.last);
    return Promise.resolve();
  }

  window(start: number, count: number): Promise<TimelineRow[]> {
    return Promise.resolve(
      this.list
        .slice(Math.max(0, start), Math.max(0, start + count))
        .map((r) => this.recs[r])
        .filter((r) => r !== undefined)
        .map((r) => this.toRow(r)),
    );
  }

  spans(t0: number, t1: number, limit: number): Promise<TimelineSpan[]> {
    const out: TimelineSpan[] = [];
    for (const rec of this.recs) {
      const row = this.toRow(rec);
      const end = row.kind === 'request' ? (row.t1 ?? Infinity) : row.t0;
      if (row.t0 > t1 || end < t0) continue;
      out.push({
        row: row.row,
        kind: row.kind,
        status: row.status,
        t0: row.t0,
        depth: row.depth,
        ...(row.conn === undefined ? {} : { conn: row.conn }),
        ...(row.kind === 'request' ? (row.t1 === undefined ? {} : { t1: row.t1 }) : { t1: row.t0 }),
        ...(row.worst ? { worst: row.worst } : {}),
        ...(row.method === undefined ? {} : { method: row.method }),
      });
    }
    const length = (s: TimelineSpan): number => (s.t1 ?? Infinity) - s.t0;
    return Promise.resolve(out.length <= limit ? out : out.sort((a, b) => length(b) - length(a)).slice(0, limit));
  }

  detail(row: number): Promise<RowDetail | undefined> {
    const rec = this.recs[row];
    const model = this.model;
    if (!rec || !model) return Promise.resolve(undefined);
    const lines: RowDetail['lines'] = [];
    const events: unknown[] = [];
    const findings: RowDetail['findings'] = [];
    for (const seq of rec.seqs) {
      const event = this.events.get(seq);
      if (!event) continue;
      for (const f of model.findingsBySeq.get(seq) ?? [])
        findings.push({ seq, rule: f.rule, severity: f.severity, message: f.message, spec: f.spec });
      if (event.kind !== 'line') {
        events.push(event);
        continue;
      }
      let json: unknown;
      if (event.text !== undefined && event.text.length < 2_000_000) {
        try {
          json = JSON.parse(event.text);
        } catch {
          json = undefined;
        }
      }
      lines.push({
        seq,
        t: event.t,
        stream: event.stream,
        eol: event.eol,
        ...(event.text === undefined ? { b64: event.b64 ?? '' } : { text: event.text }),
        ...(json === undefined ? {} : { json }),
      });
    }
    const revision = rec.conn === undefined ? undefined : model.conns.get(rec.conn)?.connected?.protocolVersion;
    return Promise.resolve({
      row: this.toRow(rec),
      lines,
      events,
      findings,
      ...(revision ? { revision } : {}),
      ...(rec.parent === undefined ? {} : { parent: rec.parent }),
      childRows: [...rec.children],
    });
  }

  position(row: number): Promise<number> {
    return Promise.resolve(this.list.indexOf(row));
  }

  rowOf(seq: number): Promise<number> {
    return Promise.resolve(this.bySeq.get(seq) ?? -1);
  }

  onStats(listener: (stats: TimelineStats) => void): () => void {
    this.statsListeners.add(listener);
    if (this.last) listener(this.last);
    else this.refresh();
    return () => this.statsListeners.delete(listener);
  }

  onProblem(listener: (message: string) => void): () => void {
    this.problemListeners.add(listener);
    return () => this.problemListeners.delete(listener);
  }

  dispose(): void {
    this.statsListeners.clear();
    this.problemListeners.clear();
  }

  private fold(): void {
    const model = this.getModel();
    if (model !== this.model) {
      this.model = model;
      this.recs = [];
      this.bySeq.clear();
      this.events.clear();
      this.byExchange.clear();
      this.folded = 0;
    }
    for (; this.folded < model.events.length; this.folded++) {
      const event = model.events[this.folded];
      if (event) this.foldEvent(model, event);
    }
  }

  private foldEvent(model: SessionModel, event: BridgeEvent): void {
    this.events.set(event.seq, event);
    const message = model.messages.get(event.seq);
    const pairing = message?.pairing;
    const exchangeKey = pairing && 'exchange' in pairing ? pairing.exchange : undefined;
    const direction: Direction = event.kind !== 'line' ? 'none' : event.stream === 'stdin' ? 'out' : 'in';
    const size = event.kind === 'line' ? event.size : 0;
    const attachTo = (row: number): void => {
      const rec = this.recs[row];
      if (!rec) return;
      rec.seqs.push(event.seq);
      rec.tLast = event.t;
      if (direction === 'out') rec.bytesOut += size;
      else rec.bytesIn += size;
      this.bySeq.set(event.seq, row);
      if (message?.classified.kind === 'result') {
        const result = message.classified.result as Record<string, unknown> | null;
        if (typeof result === 'object' && result !== null && result.isError === true) rec.isError = true;
      }
    };
    if (pairing && exchangeKey !== undefined && pairing.kind !== 'request' && pairing.kind !== 'duplicate-request-id') {
      const row = this.byExchange.get(exchangeKey);
      if (row !== undefined) return attachTo(row);
    }
    const rec: Rec = {
      row: this.recs.length,
      kind: 'note',
      direction,
      t0: event.t,
      tLast: event.t,
      seqs: [event.seq],
      bytesOut: direction === 'out' ? size : 0,
      bytesIn: direction === 'in' ? size : 0,
      depth: 0,
      children: [],
      summary: summaryOf(event),
      ...(event.conn === undefined ? {} : { conn: event.conn }),
    };
    const c = message?.classified;
    if (event.kind === 'line' && event.stream === 'stderr') rec.kind = 'stderr';
    else if (event.kind === 'spawn' || event.kind === 'spawn-error' || event.kind === 'exit' || event.kind === 'stop') rec.kind = 'process';
    else if (event.kind === 'notice') rec.kind = 'notice';
    else if (event.kind === 'note') rec.kind = 'note';
    else if (c?.kind === 'request' && exchangeKey !== undefined) {
      rec.kind = 'request';
      rec.method = c.method;
      rec.id = c.id;
      rec.exchange = exchangeKey;
      this.byExchange.set(exchangeKey, rec.row);
      this.nest(model, rec, model.exchanges.exchanges.get(exchangeKey));
    } else if (c?.kind === 'notification') {
      rec.kind = 'notification';
      rec.method = c.method;
    } else if (pairing?.kind === 'unknown-id') {
      rec.kind = 'orphan-response';
      rec.fixedStatus = 'orphan';
      if (c && 'id' in c && (typeof c.id === 'string' || typeof c.id === 'number')) rec.id = c.id;
    } else {
      rec.kind = 'invalid';
      rec.fixedStatus = 'invalid';
    }
    this.recs.push(rec);
    this.bySeq.set(event.seq, rec.row);
  }

  private nest(model: SessionModel, rec: Rec, exchange: Exchange | undefined): void {
    if (!exchange) return;
    let parent: number | undefined;
    if (exchange.previousRound !== undefined) {
      const previous = this.byExchange.get(exchange.previousRound);
      parent = previous === undefined ? undefined : (this.recs[previous]?.parent ?? previous);
    } else if (exchange.from === 'server') {
      const open = model.exchanges.pending(exchange.conn).filter((e) => e.from === 'client');
      const latest = open.at(-1);
      parent = latest === undefined ? undefined : this.byExchange.get(latest.key);
    }
    const parentRec = parent === undefined ? undefined : this.recs[parent];
    if (!parentRec) return;
    rec.parent = parentRec.row;
    rec.depth = parentRec.depth + 1;
    parentRec.children.push(rec.row);
  }

  private status(rec: Rec): RowStatus {
    if (rec.fixedStatus) return rec.fixedStatus;
    if (rec.kind !== 'request' || rec.exchange === undefined) return 'none';
    const exchange = this.model?.exchanges.exchanges.get(rec.exchange);
    switch (exchange?.status) {
      case undefined:
      case 'pending':
        return 'pending';
      case 'result':
        if (exchange.resultType === 'input_required') return 'input_required';
        return rec.isError ? 'isError' : 'ok';
      case 'error':
        return 'error';
      case 'invalid':
        return 'invalid';
      case 'cancelled':
        return 'cancelled';
      case 'timeout':
        return 'timeout';
      case 'orphaned':
        return 'unanswered';
    }
  }

  private toRow(rec: Rec): TimelineRow {
    const status = this.status(rec);
    let findings = 0;
    let worst: Severity | undefined;
    for (const seq of rec.seqs) {
      for (const f of this.model?.findingsBySeq.get(seq) ?? []) {
        findings++;
        if (worst === undefined || SEVERITY_RANK[f.severity] > SEVERITY_RANK[worst]) worst = f.severity;
      }
    }
    const closed = rec.kind !== 'request' || (status !== 'pending' && status !== 'unanswered');
    return {
      row: rec.row,
      kind: rec.kind,
      direction: rec.direction,
      status,
      t0: rec.t0,
      bytesOut: rec.bytesOut,
      bytesIn: rec.bytesIn,
      depth: rec.depth,
      children: rec.children.length,
      findings,
      summary: rec.summary,
      seqs: [...rec.seqs],
      ...(closed ? { t1: rec.kind === 'request' ? rec.tLast : rec.t0 } : {}),
      ...(rec.conn === undefined ? {} : { conn: rec.conn }),
      ...(rec.method === undefined ? {} : { method: rec.method }),
      ...(rec.id === undefined ? {} : { id: rec.id }),
      ...(rec.parent === undefined ? {} : { parent: rec.parent }),
      ...(worst === undefined ? {} : { worst }),
    };
  }

  private rebuild(): void {
    const f = this.filter;
    const needle = f.text.toLowerCase();
    const rows = this.recs
      .map((r) => this.toRow(r))
      .filter((row) => {
        if (f.conns.length > 0 && !f.conns.includes(row.conn ?? '')) return false;
        if (f.directions.length > 0 && !f.directions.includes(row.direction)) return false;
        if (f.kinds.length > 0 && !f.kinds.includes(row.kind)) return false;
        if (f.methods.length > 0 && !f.methods.includes(row.method ?? '')) return false;
        if (f.statuses.length > 0 && !f.statuses.includes(row.status)) return false;
        if (f.findingsOnly && row.findings === 0) return false;
        if (needle !== '') return row.seqs.some((seq) => rawText(this.events.get(seq)).toLowerCase().includes(needle));
        return true;
      });
    const key = sortKey(this.sort.column);
    const dir = this.sort.descending ? -1 : 1;
    rows.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      const c = ka < kb ? -1 : ka > kb ? 1 : a.row - b.row;
      return c * dir;
    });
    this.list = rows.map((r) => r.row);
  }

  private stats(): TimelineStats {
    const facets: TimelineStats['facets'] = { conns: {}, methods: {}, statuses: {}, kinds: {} };
    let tMin = Infinity;
    let tMax = -Infinity;
    for (const rec of this.recs) {
      const row = this.toRow(rec);
      if (row.conn !== undefined) facets.conns[row.conn] = (facets.conns[row.conn] ?? 0) + 1;
      if (row.method !== undefined) facets.methods[row.method] = (facets.methods[row.method] ?? 0) + 1;
      facets.statuses[row.status] = (facets.statuses[row.status] ?? 0) + 1;
      facets.kinds[row.kind] = (facets.kinds[row.kind] ?? 0) + 1;
      tMin = Math.min(tMin, rec.t0);
      tMax = Math.max(tMax, rec.tLast);
    }
    return {
      indexed: this.folded,
      total: this.model?.events.length ?? 0,
      rows: this.recs.length,
      matching: this.list.length,
      tMin: Number.isFinite(tMin) ? tMin : 0,
      tMax: Number.isFinite(tMax) ? tMax : 0,
      facets,
      filtering: false,
    };
  }
}

function sortKey(column: TimelineSort['column']): (row: TimelineRow) => string | number {
  switch (column) {
    case 'time':
      return (r) => r.t0;
    case 'conn':
      return (r) => r.conn ?? '';
    case 'direction':
      return (r) => r.direction;
    case 'method':
      return (r) => r.method ?? '';
    case 'id':
      return (r) => (r.id === undefined ? '' : String(r.id));
    case 'status':
      return (r) => r.status;
    case 'duration':
      return (r) => (r.t1 === undefined ? -1 : r.t1 - r.t0);
    case 'bytesOut':
      return (r) => r.bytesOut;
    case 'bytesIn':
      return (r) => r.bytesIn;
  }
}

function rawText(event: BridgeEvent | undefined): string {
  if (!event) return '';
  if (event.kind === 'line') return event.text ?? describeBytes(lineBytes(event));
  return JSON.stringify(event);
}

/** The same words as the index's summaries (protocol/timeline/build.ts on the data branch). */
function summaryOf(event: BridgeEvent): string {
  const clip = (s: string): string => (s.length > 300 ? `${s.slice(0, 300)}…` : s);
  const command = (config: { command: string; args: string[] }): string => [config.command, ...config.args].join(' ');
  switch (event.kind) {
    case 'line':
      return event.text !== undefined ? clip(event.text) : `bytes that are not UTF-8 (${event.size} bytes)`;
    case 'spawn':
      return clip(`spawn ${command(event.config)} (pid ${event.pid})`);
    case 'spawn-error':
      return clip(`spawn failed: ${event.message} (${command(event.config)})`);
    case 'exit':
      return event.signal !== null ? `exit ${event.signal}` : `exit ${event.code}`;
    case 'stop':
      return `stop: ${event.step}${event.reason === undefined ? '' : ` (${event.reason})`}`;
    case 'notice':
      return clip(`${event.level}: ${event.message}`);
    case 'note':
      return clip(`${event.topic} ${JSON.stringify(event.data) ?? ''}`);
  }
}

/** The live session's timeline (scaffold). */
export function useLiveTimelineClient(store: SessionStore): TimelineClient {
  const client = useMemo(() => new ModelTimelineClient(() => store.model), [store]);
  useEffect(() => {
    const off = store.subscribe(client.refresh);
    client.refresh();
    return () => {
      off();
      client.dispose();
    };
  }, [store, client]);
  return client;
}

/** A past session's timeline (scaffold). */
export function useArchiveTimelineClient(model: SessionModel): TimelineClient {
  const client = useMemo(() => new ModelTimelineClient(() => model), [model]);
  useEffect(() => () => client.dispose(), [client]);
  return client;
}
