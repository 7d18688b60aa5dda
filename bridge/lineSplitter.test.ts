import { describe, it, expect } from 'vitest';
import { LineSplitter, type SplitLine } from './lineSplitter.js';

const b = (text: string): Buffer => Buffer.from(text, 'utf8');
const texts = (lines: SplitLine[]): string[] => lines.map((l) => l.bytes.toString('utf8'));

describe('LineSplitter', () => {
  it('splits on \\n and on \\r\\n, recording which', () => {
    const s = new LineSplitter();
    const lines = s.push(b('one\ntwo\r\nthree\n'));
    expect(texts(lines)).toEqual(['one', 'two', 'three']);
    expect(lines.map((l) => l.eol)).toEqual(['\n', '\r\n', '\n']);
    expect(s.pending).toBe(0);
    expect(s.end()).toBeUndefined();
  });

  it('keeps empty lines, including an empty \\r\\n line', () => {
    const s = new LineSplitter();
    const lines = s.push(b('\n\r\na\n\n'));
    expect(texts(lines)).toEqual(['', '', 'a', '']);
    expect(lines.map((l) => l.eol)).toEqual(['\n', '\r\n', '\n', '\n']);
  });

  it('holds a line cut mid-way until its newline arrives', () => {
    const s = new LineSplitter();
    expect(s.push(b('{"jsonrpc":'))).toEqual([]);
    expect(s.pending).toBe(11);
    expect(s.push(b('"2.0"}'))).toEqual([]);
    const lines = s.push(b('\nnext'));
    expect(texts(lines)).toEqual(['{"jsonrpc":"2.0"}']);
    expect(s.pending).toBe(4);
  });

  it('handles \\r and \\n arriving in different chunks', () => {
    const s = new LineSplitter();
    expect(s.push(b('abc\r'))).toEqual([]);
    const lines = s.push(b('\n'));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.bytes.toString()).toBe('abc');
    expect(lines[0]?.eol).toBe('\r\n');
  });

  it('fed byte by byte, gives the same lines with multi-byte characters intact', () => {
    const input = b('café 🙂\r\n日本語\n\nend é');
    const s = new LineSplitter();
    const lines: SplitLine[] = [];
    for (let i = 0; i < input.length; i++) lines.push(...s.push(input.subarray(i, i + 1)));
    const tail = s.end();
    expect(texts(lines)).toEqual(['café 🙂', '日本語', '']);
    expect(lines.map((l) => l.eol)).toEqual(['\r\n', '\n', '\n']);
    expect(tail?.bytes.toString('utf8')).toBe('end é');
    expect(tail?.eol).toBe('');
  });

  it('keeps invalid UTF-8 bytes exactly', () => {
    const s = new LineSplitter();
    const lines = s.push(Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a, 0xe2, 0x82, 0x0d, 0x0a]));
    expect(lines.map((l) => [...l.bytes])).toEqual([
      [0x7b, 0xff, 0xfe, 0x7d],
      [0xe2, 0x82],
    ]);
    expect(lines.map((l) => l.eol)).toEqual(['\n', '\r\n']);
  });

  it('joins a 10 MB line fed in 64 KB chunks to the exact bytes', () => {
    const size = 10 * 1024 * 1024;
    const line = Buffer.alloc(size);
    for (let i = 0; i < size; i++) line[i] = 0x20 + (i % 95); // printable ASCII, position-dependent
    const input = Buffer.concat([line, b('\nafter\n')]);
    const s = new LineSplitter();
    const lines: SplitLine[] = [];
    const chunk = 64 * 1024;
    for (let i = 0; i < input.length; i += chunk) lines.push(...s.push(input.subarray(i, i + chunk)));
    expect(lines).toHaveLength(2);
    expect(lines[0]?.bytes.length).toBe(size);
    expect(lines[0]?.bytes.equals(line)).toBe(true);
    expect(lines[0]?.eol).toBe('\n');
    expect(lines[1]?.bytes.toString()).toBe('after');
    expect(s.pending).toBe(0);
  });

  it('counts the bytes it holds for an incomplete line', () => {
    const s = new LineSplitter();
    s.push(b('x'.repeat(1000)));
    s.push(b('y'.repeat(24)));
    expect(s.pending).toBe(1024);
    s.push(b('\n'));
    expect(s.pending).toBe(0);
  });

  it('end() returns a last line without newline once, then nothing', () => {
    const s = new LineSplitter();
    expect(s.push(b('done\npartial'))).toHaveLength(1);
    const tail = s.end();
    expect(tail?.bytes.toString()).toBe('partial');
    expect(tail?.eol).toBe('');
    expect(s.end()).toBeUndefined();
    expect(s.pending).toBe(0);
  });

  it('end() keeps a trailing \\r that never got its \\n', () => {
    const s = new LineSplitter();
    s.push(b('half\r'));
    const tail = s.end();
    expect([...(tail?.bytes ?? [])]).toEqual([...b('half\r')]);
    expect(tail?.eol).toBe('');
  });

  it('returned lines do not share memory with the chunk they came from', () => {
    const s = new LineSplitter();
    const chunk = b('abc\n');
    const [line] = s.push(chunk);
    chunk.fill(0x41);
    expect(line?.bytes.toString()).toBe('abc');
  });
});
