// Reading a JSONL journal back, damaged lines reported rather than fatal.
import { describe, expect, it } from 'vitest';

import type { BridgeEvent } from './envelope.js';
import { readJournalText } from './journalFile.js';

const EVENTS: BridgeEvent[] = [
  { seq: 0, t: 1_000, kind: 'notice', level: 'info', message: 'bridge listening' },
  { seq: 1, t: 1_001, conn: 'c1', kind: 'spawn', config: { command: 'node', args: ['server.js'], env: { KEY: '[redacted]' } }, pid: 42 },
  { seq: 2, t: 1_002.5, conn: 'c1', kind: 'line', stream: 'stdin', text: '{"jsonrpc":"2.0","id":1,"method":"ping"}', eol: '\n', size: 40 },
  { seq: 3, t: 1_003, conn: 'c1', kind: 'line', stream: 'stdout', b64: '/w==', eol: '\r\n', size: 1 },
  { seq: 4, t: 1_004, conn: 'c1', kind: 'note', topic: 'connect.done', data: { outcome: { flow: 'handshake' } } },
  { seq: 5, t: 1_005, conn: 'c1', kind: 'exit', code: 0, signal: null, requested: true },
];

const jsonl = (events: readonly unknown[]): string => events.map((e) => `${JSON.stringify(e)}\n`).join('');

describe('readJournalText', () => {
  it('reads a whole journal', () => {
    expect(readJournalText(jsonl(EVENTS))).toEqual({ events: EVENTS, problems: [] });
  });

  it('reads a journal whose last line has no newline but is whole', () => {
    expect(readJournalText(jsonl(EVENTS).slice(0, -1))).toEqual({ events: EVENTS, problems: [] });
  });

  it('reads nothing from nothing, and skips blank lines', () => {
    expect(readJournalText('')).toEqual({ events: [], problems: [] });
    expect(readJournalText(`\n${jsonl(EVENTS.slice(0, 1))}\n\n${jsonl(EVENTS.slice(1, 2))}`)).toEqual({
      events: EVENTS.slice(0, 2),
      problems: [],
    });
  });

  it('reports a cut last line as cut off, keeping everything before it', () => {
    const whole = jsonl(EVENTS.slice(0, 3));
    const last = JSON.stringify(EVENTS[3]);
    const read = readJournalText(whole + last.slice(0, 25));
    expect(read.events).toEqual(EVENTS.slice(0, 3));
    expect(read.problems).toEqual(['line 4 is cut off (the bridge stopped mid-write)']);
    expect(read.problems[0]).toContain('cut off');
  });

  it('reports a damaged line in the middle as not JSON, and reads on', () => {
    const text = `${jsonl(EVENTS.slice(0, 2))}{"seq":2,"t":\n${jsonl(EVENTS.slice(2))}`;
    const read = readJournalText(text);
    expect(read.events).toEqual(EVENTS);
    expect(read.problems).toEqual(['line 3 is not JSON']);
  });

  it('does not call a bad line cut off when a newline ended it', () => {
    expect(readJournalText(`${jsonl(EVENTS.slice(0, 1))}garbage\n`).problems).toEqual(['line 2 is not JSON']);
  });

  it('reports a JSON line that is not an event, with what is wrong', () => {
    const text = jsonl([
      EVENTS[0],
      { seq: 1, t: 2, conn: 'c1', kind: 'line', stream: 'stdout', eol: '\n', size: 0 },
      { seq: -1, t: 0, kind: 'notice', level: 'info', message: 'x' },
      EVENTS[1],
    ]);
    const read = readJournalText(text);
    expect(read.events).toEqual([EVENTS[0], EVENTS[1]]);
    expect(read.problems).toHaveLength(2);
    expect(read.problems[0]).toMatch(/^line 2: .*exactly one of text or b64/);
    expect(read.problems[1]).toMatch(/^line 3: seq: /);
  });
});
