// What a socket is sent is the journal's own bytes, whether they come from the file (a backlog)
// or from the newest batch kept in memory (a socket that is caught up, docs/adr/0008).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from './journal.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function journal(): Journal {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-journal-'));
  dirs.push(dir);
  return new Journal(dir, 'test');
}

/** seqs from..to-1 as the file has them, in the frame body's form. */
function fromFile(j: Journal, from: number, to: number): string {
  const lines = fs.readFileSync(j.file, 'utf8').trimEnd().split('\n');
  return lines.slice(from, to).join(',');
}

const HEAD = Buffer.from('{"type":"events","events":[');
const TAIL = Buffer.from(']}');

/** The frame for seqs from `from` on, checked to be a JSON events frame; its array's body as text. */
function frame(j: Journal, from: number, maxBytes: number): { body: string; next: number; count: number } {
  const { frame: bytes, next, count } = j.readFrame(from, maxBytes, HEAD, TAIL);
  const text = bytes.toString('utf8');
  expect((JSON.parse(text) as { events: unknown[] }).events).toHaveLength(count);
  return { body: text.slice(HEAD.length, text.length - TAIL.length), next, count };
}

describe('readFrame', () => {
  it('gives the file\u2019s bytes for every start, in the newest batch or before it, with any frame size', () => {
    const j = journal();
    for (let batch = 0; batch < 3; batch++) {
      for (let i = 0; i < 40; i++)
        j.append({ kind: 'notice', level: 'info', message: `batch ${batch} event ${i} ${'é'.repeat(i)} "quoted"\n` });
      j.flush();
    }
    expect(j.flushedCount).toBe(120);
    for (const maxBytes of [1, 500, 4096, 1 << 20]) {
      for (let from = 0; from < 120; from += 7) {
        const { body, next, count } = frame(j, from, maxBytes);
        expect(next).toBe(from + count);
        expect(count).toBeGreaterThan(0);
        expect(body).toBe(fromFile(j, from, next));
      }
    }
    j.close();
  });

  it('a batch past 8 MiB is read back from the file, the same bytes', () => {
    const j = journal();
    j.append({ kind: 'notice', level: 'info', message: 'x'.repeat(9 * 1024 * 1024) });
    j.append({ kind: 'notice', level: 'info', message: 'after' });
    j.flush();
    const { body, next } = frame(j, 0, 64 * 1024);
    expect(next).toBe(1);
    expect(body).toBe(fromFile(j, 0, 1));
    expect(frame(j, 1, 64 * 1024).body).toBe(fromFile(j, 1, 2));
    j.close();
  });

  it('a big line goes in as bytes, between small events, in order, and reads back as JSON.stringify would write it', () => {
    const j = journal();
    const big = Buffer.from(`{"jsonrpc":"2.0","id":1,"result":{"text":"${'ab\\"é'.repeat(400_000)}"}}`);
    j.append({ kind: 'notice', level: 'info', message: 'before' });
    j.appendLine('demo', 'stdout', big, '\n');
    j.appendLine('demo', 'stdout', Buffer.from('small'), '\n');
    j.appendLine('demo', 'stderr', Buffer.concat([big, Buffer.from([0xff])]), '');
    j.flush();
    expect(j.flushedCount).toBe(4);
    const lines = fs.readFileSync(j.file, 'utf8').trimEnd().split('\n');
    const events = lines.map((line) => JSON.parse(line) as { seq: number; kind: string; text?: string; b64?: string; size?: number });
    expect(events.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
    expect(events[1]).toMatchObject({
      kind: 'line',
      conn: 'demo',
      stream: 'stdout',
      text: big.toString('utf8'),
      eol: '\n',
      size: big.length,
    });
    expect(events[2]).toMatchObject({ text: 'small' });
    expect(Buffer.from(events[3]?.b64 ?? '', 'base64').equals(Buffer.concat([big, Buffer.from([0xff])]))).toBe(true);
    for (let from = 0; from < 4; from++) expect(frame(j, from, 64 * 1024).body).toBe(fromFile(j, from, from + 1));
    j.close();
  });
});
