import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTER, type SortColumn, type TimelineFilter, type TimelineRow } from './contract.js';
import { TextStore } from './textStore.js';
import { TimelineIndex } from './timelineIndex.js';
import { EventScript } from './testing.js';

function indexOf(script: EventScript): TimelineIndex {
  const index = new TimelineIndex();
  for (const event of script.events) index.apply(event);
  return index;
}

function all(index: TimelineIndex): TimelineRow[] {
  return index.window(0, 1_000_000);
}

const handshake = (s: EventScript, conn: string): EventScript =>
  s
    .spawn(conn)
    .request(conn, 0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } })
    .result(conn, 0, { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } })
    .notify(conn, 'stdin', 'notifications/initialized');

describe('TimelineIndex rows', () => {
  it('pairs a request with its answer: one row, its method, duration and bytes both ways', () => {
    const s = handshake(new EventScript(), 'c1');
    s.request('c1', 1, 'tools/call', { name: 'echo', arguments: { message: 'hi' } }).wait(40);
    s.result('c1', 1, { content: [{ type: 'text', text: 'Echo: hi' }] });
    const rows = all(indexOf(s));
    const call = rows.find((r) => r.method === 'tools/call');
    expect(call).toMatchObject({ kind: 'request', direction: 'out', id: 1, status: 'ok', conn: 'c1' });
    expect(call?.seqs).toHaveLength(2);
    expect((call?.t1 ?? 0) - (call?.t0 ?? 0)).toBe(41);
    const [request, response] = s.events.slice(-2);
    expect(call?.bytesOut).toBe(request?.kind === 'line' ? request.size : -1);
    expect(call?.bytesIn).toBe(response?.kind === 'line' ? response.size : -1);
    expect(rows.map((r) => r.kind)).toEqual(['process', 'request', 'notification', 'request']);
  });

  it('tells every outcome apart', () => {
    const s = handshake(new EventScript(), 'c1');
    s.request('c1', 1, 'tools/call', { name: 'boom' }).error('c1', 1, -32602, 'unknown tool');
    s.request('c1', 2, 'tools/call', { name: 'fail' }).result('c1', 2, { content: [], isError: true });
    s.request('c1', 3, 'tools/call', { name: 'slow' }).notify('c1', 'stdin', 'notifications/cancelled', {
      requestId: 3,
      reason: 'timed out',
    });
    s.request('c1', 4, 'tools/call', { name: 'slow' }).notify('c1', 'stdin', 'notifications/cancelled', { requestId: 4 });
    s.result('c1', 99, {});
    s.line('c1', 'stdout', 'not json at all');
    s.line('c1', 'stdout', { jsonrpc: '2.0', id: 5, result: {}, error: { code: 1, message: 'x' } });
    s.request('c1', 6, 'tools/call', { name: 'both' }).line('c1', 'stdout', {
      jsonrpc: '2.0',
      id: 6,
      result: {},
      error: { code: 1, message: 'x' },
    });
    s.request('c1', 7, 'tools/call', { name: 'never' }).exit('c1', 1);
    const rows = all(indexOf(s));
    const byId = (id: number): TimelineRow | undefined => rows.find((r) => r.id === id && r.kind === 'request');
    expect(byId(1)?.status).toBe('error');
    expect(byId(2)?.status).toBe('isError');
    expect(byId(3)?.status).toBe('timeout');
    expect(byId(3)?.seqs).toHaveLength(2);
    expect(byId(4)?.status).toBe('cancelled');
    expect(byId(6)?.status).toBe('invalid');
    expect(byId(7)?.status).toBe('unanswered');
    expect(byId(7)?.t1).toBeDefined();
    expect(rows.filter((r) => r.kind === 'orphan-response').map((r) => r.status)).toEqual(['orphan', 'orphan']);
    const junk = rows.find((r) => r.summary === 'not json at all');
    expect(junk).toMatchObject({ kind: 'invalid', status: 'invalid', findings: 1, worst: 'error' });
    expect(rows.at(-1)).toMatchObject({ kind: 'process', summary: 'exit 1' });
  });

  it('pairs and classifies the same without lint, as the first look at a journal does, and finds nothing', () => {
    const s = handshake(new EventScript(), 'c1');
    s.request('c1', 1, 'tools/call', { name: 'fail' }).result('c1', 1, { content: [], isError: true });
    s.line('c1', 'stdout', 'not json at all');
    const preview = new TimelineIndex({ lint: false });
    for (const event of s.events) preview.apply(event);
    const linted = all(indexOf(s));
    const strip = (rows: TimelineRow[]): unknown[] => rows.map(({ findings: _f, worst: _w, ...rest }) => rest);
    expect(strip(all(preview))).toEqual(strip(linted));
    expect(linted.some((r) => r.findings > 0)).toBe(true);
    expect(all(preview).every((r) => r.findings === 0 && r.worst === undefined)).toBe(true);
  });

  it('nests later rounds under the first and server requests under the open client call', () => {
    const s = new EventScript().spawn('c1');
    s.request('c1', 1, 'tools/call', { name: 'ask', arguments: {} });
    s.result('c1', 1, { resultType: 'input_required', inputRequests: {}, requestState: 'st-1' });
    s.request('c1', 2, 'tools/call', { name: 'ask', arguments: {}, inputResponses: {}, requestState: 'st-1' });
    s.result('c1', 2, { resultType: 'input_required', inputRequests: {}, requestState: 'st-2' });
    s.request('c1', 3, 'tools/call', { name: 'ask', arguments: {}, inputResponses: {}, requestState: 'st-2' });
    s.result('c1', 3, { content: [] });
    s.request('c1', 4, 'tools/call', { name: 'elicit' });
    s.serverRequest('c1', 0, 'elicitation/create', { message: 'name?' });
    s.result('c1', 0, { action: 'accept', content: {} }, 'stdin');
    s.result('c1', 4, { content: [] });
    const index = indexOf(s);
    const rows = all(index);
    const first = rows.find((r) => r.id === 1);
    const rounds = rows.filter((r) => r.id === 2 || r.id === 3);
    expect(first).toMatchObject({ status: 'input_required', children: 2, depth: 0 });
    expect(rounds.map((r) => [r.parent, r.depth, r.status])).toEqual([
      [first?.row, 1, 'input_required'],
      [first?.row, 1, 'ok'],
    ]);
    const call = rows.find((r) => r.id === 4 && r.direction === 'out');
    const asked = rows.find((r) => r.method === 'elicitation/create');
    expect(asked).toMatchObject({ direction: 'in', parent: call?.row, depth: 1, status: 'ok' });
    expect(index.detail(call?.row ?? -1)?.childRows).toEqual([asked?.row]);
  });

  it('folds progress into its call and keeps stderr, notices and notes as rows', () => {
    const s = new EventScript().notice('bridge up').spawn('c1');
    s.line('c1', 'stderr', 'ready');
    s.request('c1', 1, 'tools/call', { name: 'slow', _meta: { progressToken: 'p' } });
    s.notify('c1', 'stdout', 'notifications/progress', { progressToken: 'p', progress: 1, total: 2 });
    s.notify('c1', 'stdout', 'notifications/progress', { progressToken: 'p', progress: 2, total: 2 });
    s.result('c1', 1, { content: [] });
    s.note('c1', 'connect.step', { text: 'hello' });
    const rows = all(indexOf(s));
    expect(rows.map((r) => r.kind)).toEqual(['notice', 'process', 'stderr', 'request', 'note']);
    expect(rows[3]?.seqs).toHaveLength(4);
    expect(rows[2]?.summary).toBe('ready');
  });

  it('keeps the exact line and bytes that are not UTF-8 in the detail, with findings and the revision', () => {
    const s = new EventScript().spawn('c1');
    s.note('c1', 'connect.done', { outcome: { flow: 'handshake', protocolVersion: '2025-11-25' } });
    s.bytes('c1', 'stdout', '/w==', 2);
    const index = indexOf(s);
    const row = index.rowOf(2);
    const detail = index.detail(row);
    expect(detail?.lines[0]).toMatchObject({ seq: 2, stream: 'stdout', b64: '/w==', eol: '\n' });
    expect(detail?.lines[0]?.text).toBeUndefined();
    expect(detail?.findings[0]).toMatchObject({ rule: 'stdout-non-json', severity: 'error' });
    expect(detail?.revision).toBe('2025-11-25');
    expect(index.detail(row - 1)?.events[0]).toMatchObject({ kind: 'note', topic: 'connect.done' });
  });

  it('shows a journal line that is not an event as an invalid row', () => {
    const index = new TimelineIndex();
    index.apply(new EventScript().notice('x').events[0]!);
    index.applyMalformed('{"seq": oops');
    const rows = all(index);
    expect(rows[1]).toMatchObject({ kind: 'invalid', status: 'invalid', seqs: [-1] });
    expect(rows[1]?.summary).toContain('{"seq": oops');
    expect(index.detail(1)?.events).toEqual([{ kind: 'malformed', line: '{"seq": oops' }]);
  });

  it('ignores events it already has (a replay overlapping live frames)', () => {
    const s = new EventScript().notice('a').notice('b');
    const index = indexOf(s);
    expect(index.apply(s.events[0]!)).toBe(false);
    expect(index.stats({ epoch: 0, complete: true }).rows).toBe(2);
  });
});

/** A session with a bit of everything, on two connections. */
function mixed(n: number): EventScript {
  const s = handshake(handshake(new EventScript(), 'a'), 'b');
  for (let i = 1; i <= n; i++) {
    const conn = i % 3 === 0 ? 'b' : 'a';
    s.request(conn, i, i % 4 === 0 ? 'resources/read' : 'tools/call', { name: `tool${i % 5}`, arguments: { text: `Needle${i % 7}` } });
    if (i % 11 === 0) s.line(conn, 'stderr', `warn ${i}`);
    s.wait(i % 13);
    if (i % 9 === 0) s.error(conn, i, -32603, 'internal');
    else if (i % 10 !== 0) s.result(conn, i, { content: [{ type: 'text', text: `out ${i}` }], isError: i % 8 === 0 });
    if (i % 17 === 0) s.line(conn, 'stdout', 'garbage');
  }
  return s;
}

const SORTS: SortColumn[] = ['time', 'conn', 'direction', 'method', 'id', 'status', 'duration', 'bytesOut', 'bytesIn'];

describe('TimelineIndex filter and sort', () => {
  const filters: TimelineFilter[] = [
    EMPTY_FILTER,
    { ...EMPTY_FILTER, statuses: ['ok'] },
    { ...EMPTY_FILTER, statuses: ['pending', 'error'], conns: ['b'] },
    { ...EMPTY_FILTER, text: 'needle3' },
    { ...EMPTY_FILTER, findingsOnly: true },
    { ...EMPTY_FILTER, methods: ['resources/read'], directions: ['out'], text: 'OUT 1' },
    { ...EMPTY_FILTER, kinds: ['stderr', 'invalid'] },
  ];

  it('gives the same list whether the filter was set before the rows came or after', () => {
    // 60 calls hold every kind mixed() makes several times over (its longest period is 17) on
    // both connections; each of the 126 filter and sort pairs folds them twice.
    const events = mixed(60).events;
    for (const filter of filters) {
      for (const column of SORTS) {
        for (const descending of [false, true]) {
          const live = new TimelineIndex();
          live.setFilter(filter, { column, descending });
          for (const event of events) live.apply(event);
          const after = new TimelineIndex();
          for (const event of events) after.apply(event);
          after.setFilter(filter, { column, descending });
          const ids = (index: TimelineIndex): number[] => all(index).map((r) => r.row);
          expect(ids(live), `${JSON.stringify(filter)} ${column} ${descending}`).toEqual(ids(after));
        }
      }
    }
  });

  it('applies each facet and the text to every line of a row, case-insensitively', () => {
    const index = indexOf(mixed(300));
    index.setFilter({ ...EMPTY_FILTER, text: 'OUT 12' }, { column: 'time', descending: false });
    const rows = all(index);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const text =
        index
          .detail(row.row)
          ?.lines.map((l) => l.text ?? '')
          .join('\n') ?? '';
      expect(text.toLowerCase()).toContain('out 12');
    }
    // "out 12" is in results only; the rows are their requests.
    expect(rows.every((r) => r.kind === 'request')).toBe(true);
    index.setFilter({ ...EMPTY_FILTER, statuses: ['isError'] }, { column: 'time', descending: false });
    expect(all(index).every((r) => r.status === 'isError')).toBe(true);
    expect(index.stats({ epoch: 0, complete: true }).matching).toBe(all(index).length);
  });

  it('narrows a text search as letters are typed and widens it again', () => {
    const index = indexOf(mixed(200));
    const sort = { column: 'time', descending: false } as const;
    const counts = ['n', 'ne', 'needle', 'needle4', 'needle'].map((text) => {
      index.setFilter({ ...EMPTY_FILTER, text }, sort);
      const fresh = indexOf(mixed(200));
      fresh.setFilter({ ...EMPTY_FILTER, text }, sort);
      expect(all(index).map((r) => r.row)).toEqual(all(fresh).map((r) => r.row));
      return all(index).length;
    });
    expect(counts[3]).toBeLessThan(counts[2] ?? 0);
    expect(counts[4]).toBe(counts[2]);
  });

  it('sorts by every column, ties in time order', () => {
    const index = indexOf(mixed(100));
    index.setFilter(EMPTY_FILTER, { column: 'duration', descending: false });
    const rows = all(index);
    const dur = (r: TimelineRow): number => (r.t1 === undefined ? Infinity : r.t1 - r.t0);
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1]!;
      const b = rows[i]!;
      expect(dur(a) < dur(b) || (dur(a) === dur(b) && a.row < b.row)).toBe(true);
    }
    index.setFilter(EMPTY_FILTER, { column: 'method', descending: true });
    const methods = all(index).map((r) => r.method ?? '\uffff');
    expect(methods).toEqual([...methods].sort().reverse());
  });

  it('answers position, rowOf and spans for the filtered list', () => {
    const s = mixed(50);
    const index = indexOf(s);
    index.setFilter({ ...EMPTY_FILTER, conns: ['b'] }, { column: 'time', descending: true });
    const rows = all(index);
    const target = rows[5]!;
    expect(index.position(target.row)).toBe(5);
    expect(index.rowOf(target.seqs[0]!)).toBe(target.row);
    const aRow = index.rowOf(s.events.findIndex((e) => e.conn === 'a'));
    expect(index.position(aRow)).toBe(-1);
    const spans = index.spans(target.t0, target.t0, 1000);
    expect(spans.map((sp) => sp.row)).toContain(target.row);
    expect(spans.every((sp) => sp.conn === 'b')).toBe(true);
    const all3 = index.spans(0, Infinity, 3);
    expect(all3).toHaveLength(3);
  });
});

describe('TimelineIndex at scale', () => {
  it('keeps a text filter current through a long live flood without rejoining stored text', () => {
    const index = new TimelineIndex();
    index.setFilter({ ...EMPTY_FILTER, text: 'MATCH' }, { column: 'time', descending: false });
    const s = new EventScript().spawn('c1');
    for (let i = 0; i < 3_000; i++) s.notify('c1', 'stdout', 'notifications/message', { data: i % 100 === 0 ? `match ${i}` : `line ${i}` });
    // Rejoining the open text on each line took minutes at 30,000 lines. Counted, not timed: the
    // open chunk is joined when it is sealed or searched whole, never once per line.
    const joins = vi.spyOn(TextStore.prototype as unknown as { openChunk: () => unknown }, 'openChunk');
    for (const event of s.events) index.apply(event);
    expect(joins.mock.calls.length).toBeLessThan(10);
    joins.mockRestore();
    expect(all(index)).toHaveLength(30);
  });
});
