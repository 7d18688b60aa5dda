// A tap records a chunk's lines together, serialized from their bytes (Journal.appendLines, and
// the same serializer for its socket). What a reader finds must not depend on that: the journal
// holds, byte for byte, what one appendLine per line writes, and a frame's events are what
// JSON.stringify writes for them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Eol } from '../protocol/envelope.js';
import { Journal } from './journal.js';
import { lineEvent, lineEventTexts, type LineBytes } from './lineRecord.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function journal(name: string): Journal {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-journal-lines-'));
  dirs.push(dir);
  return new Journal(dir, name);
}

/** Lines of every kind a chunk can hold: text with escapes, non-UTF-8, empty, CRLF, a cut last line. */
const LINES: LineBytes[] = [
  { bytes: Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}'), eol: '\n' },
  { bytes: Buffer.from('quote " backslash \\ tab \t nul \u0000 é€😀 \u2028'), eol: '\r\n' },
  { bytes: Buffer.from([0x7b, 0xff, 0xfe, 0x22, 0xc3]), eol: '\n' },
  { bytes: Buffer.alloc(0), eol: '\n' },
  { bytes: Buffer.from(Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('')), eol: '' },
];

describe('Journal.appendLines', () => {
  it('writes what appendLine writes line by line, between other events, and reads back in order', () => {
    const at = 1_700_000_000_000.25;
    const one = journal('one');
    const many = journal('many');
    for (const j of [one, many]) j.append({ kind: 'notice', conn: 'tap-1', level: 'info', message: 'before' }, at);
    for (const line of LINES) one.appendLine('tap-1', 'stdout', line.bytes, line.eol as Eol, at);
    many.appendLines('tap-1', 'stdout', LINES, at);
    many.appendLines('tap-1', 'stdin', [], at);
    for (const j of [one, many]) {
      j.append({ kind: 'notice', conn: 'tap-1', level: 'info', message: 'after' }, at);
      j.close();
    }
    const written = fs.readFileSync(many.file, 'utf8');
    expect(written).toBe(fs.readFileSync(one.file, 'utf8'));
    const events = written
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { seq: number; kind: string });
    expect(events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(many.lastSeq).toBe(6);
  });

  it('makes one write of the chunks queued in one turn, and every event is readable after it', () => {
    let writes = 0;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-journal-lines-'));
    dirs.push(dir);
    const j = new Journal(dir, 'writes', (fd, buffer, offset) => {
      writes++;
      return fs.writeSync(fd, buffer, offset);
    });
    j.appendLines('tap-1', 'stdout', LINES, 1);
    j.appendLines('tap-1', 'stdout', LINES, 2);
    j.flush();
    expect(writes).toBe(1);
    expect(j.flushedCount).toBe(2 * LINES.length);
    j.close();
  });
});

describe('lineEventTexts', () => {
  it('gives the events of a tap frame as JSON.stringify gives them', () => {
    const at = 123.5;
    const head = `{"at":${at},"event":{"kind":"line","stream":"stderr",`;
    const { texts } = lineEventTexts(LINES, () => head, '}');
    const expected = LINES.map((l) => {
      const { conn: _conn, ...event } = lineEvent('x', 'stderr', l.bytes, l.eol);
      return JSON.stringify({ at, event });
    });
    expect(texts).toEqual(expected);
  });

  it('counts each text\u2019s UTF-8 bytes, whatever the head and the close hold', () => {
    const { texts, sizes } = lineEventTexts(LINES, (i) => `{"seq":${i},"conn":"é€😀",`, '\u00e9\n');
    expect(sizes).toEqual(texts.map((text) => Buffer.byteLength(text)));
  });
});
