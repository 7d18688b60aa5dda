// The timeline's journal sources against a real bridge: a demo-server session read back by the
// worker's host (protocol/timeline/host.ts), ranges on the journal route, and a journal too
// big to read before showing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { BridgeEvent } from '../protocol/envelope.js';
import { EMPTY_FILTER, type TimelineAnswer, type TimelineRow, type TimelineStats } from '../protocol/timeline/contract.js';
import { TimelineHost, lastSeqOf, type LintLink } from '../protocol/timeline/host.js';
import { LintHost } from '../protocol/timeline/lintPass.js';
import { TimelineIndex } from '../protocol/timeline/timelineIndex.js';
import { BridgeClient, demoServerJs, httpGet, nodeServer, startTestBridge, type TestBridge } from './testing/bridgeClient.js';

let t: TestBridge;
let c: BridgeClient;

beforeAll(async () => {
  t = await startTestBridge();
  c = await BridgeClient.connect(t.bridge);
});

afterAll(async () => {
  await c.close();
  await t.dispose();
});

const auth = (): Record<string, string> => ({ Authorization: `Bearer ${t.bridge.token}` });
const journalUrl = (session: string): string => `http://127.0.0.1:${t.bridge.port}/api/sessions/${session}/journal`;

/**
 * A lint pass in-process, behind the same kind of boundary as its worker: each message a
 * structured clone, handed over on a later turn.
 */
function lintPass(): { link: LintLink; host: LintHost } {
  let handler: (answer: unknown) => void = () => undefined;
  const lint = new LintHost((answer) => setTimeout(() => handler(structuredClone(answer)), 0));
  return {
    host: lint,
    link: {
      post: (query) => setTimeout(() => lint.receive(structuredClone(query)), 0),
      listen: (h) => (handler = h),
    },
  };
}

/** A host whose answers are collected, as the page's client would get them. */
function host(lint?: LintLink): {
  host: TimelineHost;
  answers: TimelineAnswer[];
  stats: () => TimelineStats[];
  rows: () => TimelineRow[];
} {
  const answers: TimelineAnswer[] = [];
  const h = new TimelineHost((a) => answers.push(a), lint);
  let q = 0;
  return {
    host: h,
    answers,
    stats: () => answers.flatMap((a) => (a.type === 'stats' ? [a.stats] : [])),
    rows: () => {
      h.receive({ type: 'window', q: ++q, start: 0, count: 100_000 });
      const last = answers.at(-1);
      return last?.type === 'window' ? last.rows : [];
    },
  };
}

/** Waits, a turn at a time, for a condition that messages crossing the boundary make true. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

function fold(events: readonly BridgeEvent[]): TimelineRow[] {
  const index = new TimelineIndex();
  for (const event of events) index.apply(event);
  return index.window(0, 100_000);
}

describe('a demo-server session read back from its journal', () => {
  it('gives the rows of the live events, with every outcome told apart', async () => {
    const conn = 'demo';
    await c.spawn(conn, { command: process.execPath, args: [demoServerJs] });
    await c.request(conn, 1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    c.sendJson(conn, { jsonrpc: '2.0', method: 'notifications/initialized' });
    await c.request(conn, 2, 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } });
    await c.request(conn, 3, 'tools/call', { name: 'fail', arguments: {} });
    await c.request(conn, 4, 'tools/call', { name: 'no-such-tool', arguments: {} });
    c.send({ type: 'send', conn, text: 'this is not JSON' });
    // A slow call, then a stop while it runs: it stays unanswered.
    c.sendJson(conn, {
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'slow', arguments: { steps: 20 }, _meta: { progressToken: 'p5' } },
    });
    await c.waitForLine(conn, 'stdout', 'notifications/progress');
    const from = c.mark();
    c.send({ type: 'stop', conn });
    await c.waitForEvent((e) => e.kind === 'exit' && e.conn === conn, { from, what: 'the exit' });

    const h = host();
    h.host.receive({ type: 'source', source: { kind: 'journal', url: journalUrl(t.bridge.session), token: t.bridge.token } });
    await h.host.idle;
    const rows = h.rows();
    expect(rows.map((r) => r.summary)).toEqual(fold(c.events).map((r) => r.summary));
    const status = (id: number): string | undefined => rows.find((r) => r.kind === 'request' && r.id === id)?.status;
    expect([1, 2, 3, 4, 5].map(status)).toEqual(['ok', 'ok', 'isError', 'error', 'unanswered']);
    const slow = rows.find((r) => r.id === 5);
    expect(slow?.events).toBeGreaterThan(1);
    expect(rows.find((r) => r.summary === 'this is not JSON')).toMatchObject({ kind: 'invalid', direction: 'out' });
    const last = h.stats().at(-1);
    expect(last).toMatchObject({ complete: true, indexed: c.events.length, rows: rows.length, matching: rows.length });
    expect(h.answers.filter((a) => a.type === 'problem')).toEqual([]);
  });

  it('with lint in a pass of its own, gives the same rows and findings as the fold that lints', async () => {
    // A server that prints lines that are not JSON on stdout: lint flags each.
    const conn = 'noisy';
    await c.spawn(conn, nodeServer('non-json.mjs'));
    await c.request(conn, 1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    await c.request(conn, 2, 'tools/list', {});
    const inline = fold(c.events);
    expect(inline.filter((r) => r.findings > 0).length).toBeGreaterThan(1);
    const lint = lintPass();
    const h = host(lint.link);
    h.host.receive({ type: 'source', source: { kind: 'journal', url: journalUrl(t.bridge.session), token: t.bridge.token } });
    await h.host.idle;
    // The lint pass reads the journal on its own; its last word says it read it whole.
    await until(() => h.stats().at(-1)?.lint?.done === true && h.stats().at(-1)?.lint?.linted === c.events.length);
    const rows = h.rows();
    const seen = (list: TimelineRow[]): unknown[] => list.map((r) => [r.summary, r.status, r.findings, r.worst]);
    expect(seen(rows)).toEqual(seen(inline));
    const flagged = rows.find((r) => r.findings > 0);
    h.host.receive({ type: 'detail', q: 1, row: flagged?.row ?? -1 });
    const detail = h.answers.at(-1);
    expect(detail?.type === 'detail' ? detail.detail?.findings.map((f) => f.rule) : []).not.toEqual([]);
  });

  it('serves byte ranges of a journal, behind the token and the Host check', async () => {
    const url = `/api/sessions/${t.bridge.session}/journal`;
    const whole = await httpGet(t.bridge.port, url, auth());
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const tail = await httpGet(t.bridge.port, url, { ...auth(), Range: 'bytes=-100' });
    expect(tail.status).toBe(206);
    expect(tail.headers['content-range']).toMatch(/^bytes \d+-\d+\/\d+$/);
    expect(whole.body.endsWith(tail.body)).toBe(true);
    const past = await httpGet(t.bridge.port, url, { ...auth(), Range: `bytes=${Buffer.byteLength(whole.body) + 10}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
    expect((await httpGet(t.bridge.port, url, { Range: 'bytes=-100' })).status).toBe(401);
    expect((await httpGet(t.bridge.port, url, { ...auth(), Range: 'bytes=-100', Host: `evil.example:${t.bridge.port}` })).status).toBe(403);
  });
});

/**
 * Lines the flood below writes: enough for a journal several times the tail a reader shows
 * first, so the preview and the whole differ by thousands of rows (20,000 does that as well as
 * the 40,000 this once was, at half the CPU: the tail is 256 KiB, several hundred events).
 */
const FLOOD = 20_000;

describe('a journal bigger than its tail', () => {
  it('shows the newest rows first, then every row once the whole is read', async () => {
    const conn = 'flood';
    const from = c.mark();
    // FLOOD lines of 200 bytes: a journal of about 6 MB (more than the 4 MiB checked below),
    // over twenty times the 256 KiB tail read first (TAIL_BYTES, protocol/timeline/host.ts).
    await c.spawn(conn, nodeServer('flood.mjs', { env: { FLOOD_LINES: String(FLOOD) } }));
    await c.waitForLine(conn, 'stderr', 'flood done', { from, timeoutMs: 120_000 });
    const h = host();
    h.host.receive({ type: 'source', source: { kind: 'journal', url: journalUrl(t.bridge.session), token: t.bridge.token } });
    await h.host.idle;
    const stats = h.stats();
    const preview = stats.find((s) => !s.complete && s.rows > 0);
    expect(preview, 'a preview of the tail before the whole was read').toBeDefined();
    expect(preview?.rows).toBeLessThan(FLOOD);
    expect(preview?.bytesTotal).toBeGreaterThan(4 * 1024 * 1024);
    const last = stats.at(-1);
    expect(last?.complete).toBe(true);
    expect(last?.epoch).toBeGreaterThan(preview?.epoch ?? Infinity);
    expect(last?.indexed).toBeGreaterThanOrEqual(c.events.length - 5);
    expect(h.rows().filter((r) => r.conn === conn && r.kind === 'notification')).toHaveLength(FLOOD);
  });

  it('holds live frames while the backlog is read, folding and linting each event once', async () => {
    const lint = lintPass();
    const h = host(lint.link);
    const events = c.events;
    const split = Math.floor(events.length / 2);
    h.host.receive({
      type: 'source',
      source: { kind: 'live', session: t.bridge.session, backlog: { url: journalUrl(t.bridge.session), token: t.bridge.token } },
    });
    // Frames overlapping the journal and going past it, as a socket attached mid-way sends them.
    for (let i = split; i < events.length; i += 500)
      h.host.receive({ type: 'frame', text: JSON.stringify({ type: 'events', events: events.slice(i, i + 500) }) });
    await h.host.idle;
    h.host.receive({
      type: 'filter',
      q: 1,
      filter: { ...EMPTY_FILTER, kinds: ['notification'] },
      sort: { column: 'time', descending: false },
    });
    expect(h.rows().filter((r) => r.conn === 'flood')).toHaveLength(FLOOD);
    expect(h.stats().at(-1)?.indexed).toBeGreaterThanOrEqual(events.length);
    // The lint pass gets the same frames, holds them behind its own read of the backlog, and
    // lints each event once: overlapping frames are not counted twice.
    await until(() => h.stats().at(-1)?.lint?.done === true && (h.stats().at(-1)?.lint?.linted ?? 0) >= events.length);
    expect(h.stats().at(-1)?.lint?.linted).toBe(h.stats().at(-1)?.indexed);
  });
});

describe('a damaged journal', () => {
  it('reports each damaged line and shows it as an invalid row, keeping the rest', async () => {
    const session = '2020-01-01T00-00-00-000-abcdef';
    const lines = [
      JSON.stringify({ seq: 0, t: 1, kind: 'notice', level: 'info', message: 'start' }),
      '{"seq":1,"t":2,"kind":"line"',
      JSON.stringify({ seq: 2, t: 3, kind: 'mystery' }),
      JSON.stringify({ seq: 3, t: 4, conn: 'x', kind: 'line', stream: 'stderr', text: 'after', eol: '\n', size: 5 }),
      '{"seq":4,"t":5,"kind":"notice","lev',
    ];
    fs.writeFileSync(path.join(t.home, 'journal', `${session}.jsonl`), lines.join('\n'));
    const h = host();
    h.host.receive({ type: 'source', source: { kind: 'journal', url: journalUrl(session), token: t.bridge.token } });
    await h.host.idle;
    expect(h.rows().map((r) => [r.kind, r.summary.slice(0, 30)])).toEqual([
      ['notice', 'info: start'],
      ['invalid', `not a bridge event: ${lines[1]}`.slice(0, 30)],
      ['invalid', `not a bridge event: ${lines[2]}`.slice(0, 30)],
      ['stderr', 'after'],
      ['invalid', `not a bridge event: ${lines[4]}`.slice(0, 30)],
    ]);
    const problems = h.answers.flatMap((a) => (a.type === 'problem' ? [a.message] : []));
    expect(problems).toHaveLength(3);
    expect(problems[2]).toMatch(/cut off/);
  });

  it('says why a journal could not be read instead of showing nothing', async () => {
    const h = host();
    h.host.receive({
      type: 'source',
      source: { kind: 'journal', url: journalUrl('2020-01-01T00-00-00-000-000000'), token: t.bridge.token },
    });
    await h.host.idle;
    expect(h.answers.filter((a) => a.type === 'problem').map((a) => (a.type === 'problem' ? a.message : ''))).toEqual([
      'the journal could not be fetched: HTTP 404',
    ]);
  });
});

describe('lastSeqOf', () => {
  it('reads the last event of a frame as the bridge writes it, whatever its strings hold', () => {
    const text = JSON.stringify({
      type: 'events',
      events: [
        { seq: 4, t: 1 },
        { seq: 12, t: 2, text: '{"seq":99}' },
      ],
    });
    expect(lastSeqOf(text)).toBe(12);
    expect(lastSeqOf('{"type":"events","events":[]}')).toBe(Infinity);
  });
});
