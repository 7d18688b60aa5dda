// A saved index must answer exactly as the fold it was saved from, and refuse to stand in for
// a journal it does not describe: damaged, truncated, foreign, another format, another size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateJournal, generateSession } from '../scripts/bench/journal/generate.mjs';
import {
  EMPTY_FILTER,
  type TimelineAnswer,
  type TimelineFilter,
  type TimelineRow,
  type TimelineSort,
  type TimelineStats,
} from '../protocol/timeline/contract.js';
import { TimelineHost } from '../protocol/timeline/host.js';
import { startTestBridge, type TestBridge } from './testing/bridgeClient.js';
import { parseEventText } from '../protocol/timeline/eventLine.js';
import { ByteReader, SNAPSHOT_FORMAT, readSnapshot, snapshotBytes } from '../protocol/timeline/snapshot.js';
import { TimelineIndex } from '../protocol/timeline/timelineIndex.js';

let folded: TimelineIndex;
let bytes: Uint8Array;
let journalBytes: number;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-snapshot-'));
  const census = await generateJournal({ file: path.join(dir, 'j.jsonl'), events: 6000, seed: 3 });
  const text = fs.readFileSync(census.file, 'utf8');
  journalBytes = Buffer.byteLength(text);
  folded = new TimelineIndex();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const parsed = parseEventText(line);
    if (parsed.ok) folded.apply(parsed.event);
    else folded.applyMalformed(line);
  }
  bytes = concat([...snapshotBytes(folded, { journalBytes, lint: { linted: 6000, done: true } })]);
}, 60_000);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** The bytes as a stream of uneven pieces, as a download delivers them. */
function pieces(data: Uint8Array, size = 7919): ByteReader {
  let at = 0;
  return new ByteReader(async () => {
    if (at >= data.length) return undefined;
    const piece = data.slice(at, at + size);
    at += size;
    return piece;
  });
}

async function restore(data = bytes, expect: { journalBytes?: number } = { journalBytes }) {
  return readSnapshot(pieces(data), expect);
}

function answers(index: TimelineIndex, filter: TimelineFilter, sort: TimelineSort) {
  index.setFilter(filter, sort);
  // `changes` counts what happened to the index, not what it holds: a restored index has a short history.
  const { changes: _history, ...stats } = index.stats({ epoch: 0, complete: true });
  const rows = index.window(0, stats.matching);
  const details = rows.filter((_, i) => i % 53 === 0).map((row) => index.detail(row.row));
  const spans = index.spans(stats.tMin, stats.tMax, 200);
  return { stats, rows, details, spans };
}

describe('a saved index', () => {
  it('answers every query as the fold it was saved from', async () => {
    const outcome = await restore();
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.lint).toEqual({ linted: 6000, done: true });
    const time: TimelineSort = { column: 'time', descending: false };
    const cases: Array<[TimelineFilter, TimelineSort]> = [
      [EMPTY_FILTER, time],
      [EMPTY_FILTER, { column: 'duration', descending: true }],
      [{ ...EMPTY_FILTER, statuses: ['error', 'isError', 'invalid'] }, time],
      [{ ...EMPTY_FILTER, findingsOnly: true }, time],
      [
        { ...EMPTY_FILTER, text: 'tools/call' },
        { column: 'method', descending: false },
      ],
      [{ ...EMPTY_FILTER, kinds: ['stderr'], text: 'warn' }, time],
    ];
    for (const [filter, sort] of cases) {
      const want = answers(folded, filter, sort);
      expect(want.stats.matching).toBeGreaterThan(0);
      expect(answers(outcome.index, filter, sort)).toEqual(want);
    }
    expect(outcome.index.rowOf(folded.lastSeq)).toBe(folded.rowOf(folded.lastSeq));
  });

  it('takes no more events: the pairing state they need is not saved', async () => {
    const outcome = await restore();
    if (!outcome.ok) throw new Error(outcome.reason);
    const before = outcome.index.eventCount;
    expect(outcome.index.apply({ seq: folded.lastSeq + 1, t: 1, kind: 'notice', level: 'info', message: 'late' })).toBe(false);
    expect(outcome.index.eventCount).toBe(before);
  });

  it('is refused when it describes another journal, format or file', async () => {
    const reasons: string[] = [];
    const refuse = async (data: Uint8Array, expectBytes = journalBytes): Promise<void> => {
      const outcome = await restore(data, { journalBytes: expectBytes });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) reasons.push(outcome.reason);
    };
    await refuse(bytes, journalBytes + 1);
    await refuse(bytes.slice(0, bytes.length - 10));
    await refuse(bytes.slice(0, 30));
    await refuse(concat([bytes, new Uint8Array([1])]));
    await refuse(new TextEncoder().encode('{"seq":0,"t":1,"kind":"notice"}\n'));
    // Another format: the header rewritten with its format bumped, same length.
    const text = new TextDecoder().decode(bytes.subarray(0, 4096));
    const at = text.indexOf(`"format":${SNAPSHOT_FORMAT}`);
    const other = bytes.slice();
    other.set(new TextEncoder().encode(`"format":${SNAPSHOT_FORMAT + 1}`), at);
    await refuse(other);
    expect(reasons).toEqual([
      expect.stringContaining(`describes a journal of ${journalBytes} bytes`),
      expect.stringContaining('ends inside its texts'),
      expect.stringContaining('ends inside its header'),
      'it goes on after its last text',
      'it is not a saved MCP Lens index',
      `it is in format ${SNAPSHOT_FORMAT + 1}, and this version reads format ${SNAPSHOT_FORMAT}`,
    ]);
  });

  it('is refused when a column points outside the tables', async () => {
    // The rows' firstEvent column follows the header and the u8 and the first i32 columns;
    // rather than work out where, overwrite every i32-aligned spot of one byte range with -7.
    const header = new TextDecoder().decode(bytes.subarray(0, 200_000));
    const headLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(15, true);
    const parsed = JSON.parse(header.slice(19, 19 + headLength)) as { columns: Array<{ name: string; kind: string; length: number }> };
    let offset = 19 + headLength;
    const size = { u8: 1, i32: 4, f64: 8 } as Record<string, number>;
    for (const column of parsed.columns) {
      if (column.name === 'rows.parent') break;
      offset += column.length * (size[column.kind] ?? 0);
    }
    const damaged = bytes.slice();
    new DataView(damaged.buffer).setInt32(offset + 4 * 5, 1 << 30, true);
    const outcome = await restore(damaged);
    expect(outcome).toEqual({ ok: false, reason: 'its rows and events point outside each other' });
  });
});

describe('a saved index kept by the bridge', () => {
  let t: TestBridge;
  let session: string;
  let home: string;
  let url: (what: string) => string;

  beforeAll(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-saved-'));
    ({ session } = await generateSession({ home, events: 5000, seed: 5 }));
    t = await startTestBridge({ home });
    url = (what) => `http://127.0.0.1:${t.bridge.port}/api/sessions/${session}/${what}`;
  }, 60_000);

  afterAll(async () => {
    await t.dispose();
  });

  /** A worker's host, its answers collected; keeps the index of any journal (no size floor). */
  function host() {
    const answers: TimelineAnswer[] = [];
    const h = new TimelineHost((a) => answers.push(a), undefined, 0);
    const stats = (): TimelineStats | undefined => answers.flatMap((a) => (a.type === 'stats' ? [a.stats] : [])).at(-1);
    const open = async (): Promise<void> => {
      h.receive({ type: 'source', source: { kind: 'journal', url: url('journal'), token: t.bridge.token, index: url('index') } });
      await h.idle;
    };
    const rows = (): TimelineRow[] => {
      h.receive({ type: 'window', q: 1, start: 0, count: 100_000 });
      const last = answers.at(-1);
      return last?.type === 'window' ? last.rows : [];
    };
    const problems = (): string[] => answers.flatMap((a) => (a.type === 'problem' ? [a.message] : []));
    return { h, stats, open, rows, problems };
  }

  async function savedBy(h: ReturnType<typeof host>): Promise<TimelineStats | undefined> {
    while (h.stats()?.saved?.state === 'saving' || h.stats()?.saved === undefined) await new Promise((r) => setTimeout(r, 5));
    return h.stats();
  }

  const auth = (): Record<string, string> => ({ Authorization: `Bearer ${t.bridge.token}` });

  it('is kept after the first fold and opens the journal the next time, with the same rows', async () => {
    expect((await fetch(url('index'), { headers: auth() })).status).toBe(404);
    const first = host();
    await first.open();
    expect(first.stats()).toMatchObject({ complete: true, indexed: 5000 });
    expect((await savedBy(first))?.saved).toMatchObject({ state: 'saved' });
    expect(first.problems()).toEqual([]);

    const second = host();
    await second.open();
    expect(second.stats()).toMatchObject({ complete: true, indexed: 5000, saved: { state: 'loaded' } });
    expect(second.rows()).toEqual(first.rows());
    expect(second.problems()).toEqual([]);
  });

  it('is not used once damaged: the journal is folded again, with the reason, and a good one kept', async () => {
    const file = path.join(home, 'journal', `${session}.index`);
    const bytes = fs.readFileSync(file);
    bytes.writeUInt32LE(0xffff, bytes.length - 8);
    fs.writeFileSync(file, bytes);
    const h = host();
    await h.open();
    expect(h.problems()).toEqual([
      expect.stringMatching(/^the saved index of this session was not used \(.+\): its journal is read instead$/),
    ]);
    expect(h.stats()).toMatchObject({ complete: true, indexed: 5000 });
    expect((await savedBy(h))?.saved).toMatchObject({ state: 'saved' });
    const again = host();
    await again.open();
    expect(again.stats()?.saved).toEqual({ state: 'loaded' });
  });

  it('is no longer served once its journal changed', async () => {
    const journal = path.join(home, 'journal', `${session}.jsonl`);
    expect((await fetch(url('index'), { headers: auth() })).status).toBe(200);
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(journal, later, later);
    expect((await fetch(url('index'), { headers: auth() })).status).toBe(404);
  });

  it('is refused for the current session, for another size, and past its limits, each with why', async () => {
    const journalBytes = fs.statSync(path.join(home, 'journal', `${session}.jsonl`)).size;
    const put = async (id: string, query: string, body: Uint8Array<ArrayBuffer>, headers = auth()) => {
      const response = await fetch(`http://127.0.0.1:${t.bridge.port}/api/sessions/${id}/index?${query}`, {
        method: 'PUT',
        headers: { ...headers, 'Content-Type': 'application/octet-stream' },
        body,
      });
      return { status: response.status, body: (await response.json()) as { error?: string } };
    };
    const small = new Uint8Array(10);
    expect(await put(t.bridge.session, 'journalBytes=1&offset=0', small)).toMatchObject({
      status: 409,
      body: { error: expect.stringContaining('still grows') },
    });
    expect(await put(session, `journalBytes=${journalBytes + 1}&offset=0`, small)).toMatchObject({
      status: 409,
      body: { error: expect.stringContaining(`has ${journalBytes} bytes`) },
    });
    expect(await put(session, `journalBytes=${journalBytes}&offset=99`, small)).toMatchObject({ status: 409 });
    expect(await put(session, `journalBytes=${journalBytes}&offset=0`, new Uint8Array(17 * 1024 * 1024))).toEqual({
      status: 413,
      body: { error: 'the request body is too large' },
    });
    expect(await put('not-a-session', `journalBytes=1&offset=0`, small)).toMatchObject({ status: 400 });
    expect(await put(session, `journalBytes=${journalBytes}&offset=0`, small, { Authorization: 'Bearer wrong' })).toMatchObject({
      status: 401,
    });
    // The bridge goes on serving.
    expect((await fetch(url('journal'), { headers: auth() })).status).toBe(200);
  });
});
