// The generated journal must be one the bridge itself could have written: its own reader takes
// every line, the bridge serves it as an earlier session byte for byte, it exports to a valid
// session file, and it holds what the benchmarks count on (every status, every oddity).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateJournal, generateSession, type JournalCensus } from './generate.mjs';
import { readJournalText } from '../../../protocol/journalFile.js';
import { buildSessionFile, parseSessionFile } from '../../../protocol/sessionFile.js';
import { classifyText } from '../../../protocol/jsonrpc.js';
import { ExchangeTracker } from '../../../protocol/exchanges.js';
import type { BridgeEvent } from '../../../protocol/envelope.js';
import { httpGet, startTestBridge } from '../../../bridge/testing/bridgeClient.js';

const EVENTS = 4000;
let dir: string;
let census: JournalCensus & { session: string };
let text: string;
let events: BridgeEvent[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-gen-test-'));
  census = await generateSession({ home: dir, events: EVENTS, seed: 7 });
  text = fs.readFileSync(census.file, 'utf8');
  const read = readJournalText(text);
  expect(read.problems).toEqual([]);
  events = read.events;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sha = (file: string): string => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('the journal generator', () => {
  it('writes exactly N events that the bridge journal reader takes without a malformed line', () => {
    expect(events).toHaveLength(EVENTS);
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(EVENTS + 1);
    expect(fs.statSync(census.file).size).toBe(census.bytes);
    events.forEach((event, i) => expect(event.seq).toBe(i));
    for (let i = 1; i < events.length; i++) expect(events[i]!.t).toBeGreaterThanOrEqual(events[i - 1]!.t);
  });

  it('gives each line its exact size, and base64 only to bytes that are not UTF-8', () => {
    let b64 = 0;
    for (const event of events) {
      if (event.kind !== 'line') continue;
      if (event.text !== undefined) expect(Buffer.byteLength(event.text)).toBe(event.size);
      else {
        b64++;
        const bytes = Buffer.from(event.b64 ?? '', 'base64');
        expect(bytes.length).toBe(event.size);
        expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
      }
    }
    expect(b64).toBe(census.tags['invalid-utf8']);
    expect(b64).toBeGreaterThanOrEqual(2);
  });

  it('holds every oddity, and as many lines that are not JSON as it says', () => {
    expect(new Set(census.oddities)).toEqual(
      new Set([
        'nonJson',
        'invalidUtf8Stdout',
        'invalidUtf8Stderr',
        'malformedStdin',
        'orphanResponse',
        'invalidResponse',
        'crlf',
        'burst',
        'crash',
        'spawnError',
      ]),
    );
    const nonJson = events.filter(
      (e) => e.kind === 'line' && e.stream !== 'stderr' && e.text !== undefined && classifyText(e.text).kind === 'non-json',
    );
    expect(nonJson).toHaveLength(census.tags['non-json'] ?? -1);
    expect(events.some((e) => e.kind === 'line' && e.eol === '\r\n')).toBe(true);
    expect(events.some((e) => e.kind === 'line' && e.eol === '')).toBe(true);
    expect(events.filter((e) => e.kind === 'spawn-error')).toHaveLength(1);
    expect(events.some((e) => e.kind === 'exit' && e.code === 1 && !e.requested)).toBe(true);
  });

  it('pairs into exchanges of every outcome the timeline shows', () => {
    const tracker = new ExchangeTracker();
    for (const event of events) tracker.apply(event);
    const statuses = new Map<string, number>();
    for (const x of tracker.exchanges.values()) statuses.set(x.status, (statuses.get(x.status) ?? 0) + 1);
    for (const status of ['result', 'error', 'invalid', 'cancelled', 'timeout', 'orphaned'])
      expect(statuses.get(status), status).toBeGreaterThan(0);
    expect(statuses.get('timeout')).toBe(census.tags['status:timeout']);
    expect(statuses.get('cancelled')).toBe(census.tags['status:cancelled']);
    // One exchange per request line, and none the generator did not write.
    expect(tracker.exchanges.size).toBe((census.tags.request ?? 0) + (census.tags['server-request'] ?? 0));
    const conns = new Set(events.flatMap((e) => (e.kind === 'spawn' && e.conn !== undefined ? [e.conn] : [])));
    // Every connection but the one whose command could not be spawned.
    expect(conns.size).toBe(census.conns.length - 1);
  });

  it('places its search needle in one exchange only', () => {
    expect(census.needleSeqs).toHaveLength(2);
    const holding = events.filter((e) => e.kind === 'line' && e.text?.includes(census.needle));
    expect(holding.map((e) => e.seq)).toEqual(census.needleSeqs);
    expect(holding.map((e) => (e.kind === 'line' ? e.stream : ''))).toEqual(['stdin', 'stdout']);
  });

  it('is served by a bridge as an earlier session, byte for byte, and exports as a valid session file', async () => {
    const test = await startTestBridge({ home: dir });
    try {
      const auth = { authorization: `Bearer ${test.bridge.token}` };
      const list = JSON.parse((await httpGet(test.bridge.port, '/api/sessions', auth)).body) as { sessions: { session: string }[] };
      expect(list.sessions.map((s) => s.session)).toContain(census.session);
      const served = await httpGet(test.bridge.port, `/api/sessions/${census.session}/journal`, auth);
      expect(served.status).toBe(200);
      expect(served.body).toBe(text);
    } finally {
      await test.bridge.close();
    }
    const file = buildSessionFile(events, { name: 'mcp-lens', version: '0.0.0' });
    const parsed = parseSessionFile(JSON.stringify(file));
    expect(parsed.ok ? parsed.file.events.length : parsed.error).toBe(EVENTS);
  });

  it('gives the same bytes for the same seed and others for another', async () => {
    const again = await generateJournal({ file: path.join(dir, 'again.jsonl'), events: EVENTS, seed: 7 });
    const other = await generateJournal({ file: path.join(dir, 'other.jsonl'), events: EVENTS, seed: 8 });
    expect(sha(again.file)).toBe(sha(census.file));
    expect(sha(other.file)).not.toBe(sha(census.file));
  });
});
