// A big line is serialized from its bytes, not through JSON.stringify; the two must agree
// byte for byte, or a reader would see a different event depending on the line's size.
import { describe, expect, it } from 'vitest';
import { isUtf8 } from 'node:buffer';
import { lineEvent, serializeLine } from './lineRecord.js';

const viaStringify = (
  seq: number,
  t: number,
  conn: string,
  stream: 'stdout' | 'stderr' | 'stdin',
  bytes: Buffer,
  eol: '\n' | '\r\n' | '',
): string => JSON.stringify({ seq, t, ...lineEvent(conn, stream, bytes, eol) }) + '\n';

/** A seeded generator, so a failure names its case. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('serializeLine', () => {
  it('writes what JSON.stringify writes for every control, quote, backslash and multi-byte character', () => {
    const text = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('') + 'é€😀\u2028\u2029\ufeff "\\" \\u0000';
    const bytes = Buffer.from(text, 'utf8');
    const out = serializeLine(7, 1234.5678, 'demo', 'stdout', bytes, '\r\n');
    expect(out.toString('utf8')).toBe(viaStringify(7, 1234.5678, 'demo', 'stdout', bytes, '\r\n'));
    const parsed = JSON.parse(out.toString('utf8')) as { text: string; size: number };
    expect(parsed.text).toBe(text);
    expect(parsed.size).toBe(bytes.length);
  });

  it('writes base64 for bytes that are not UTF-8, and names of any kind as JSON does', () => {
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x22, 0x0a, 0xc3]);
    expect(isUtf8(bytes)).toBe(false);
    const conn = 'a "conn" \\ with\ncontrols é';
    const out = serializeLine(0, 1, conn, 'stderr', bytes, '');
    expect(out.toString('utf8')).toBe(viaStringify(0, 1, conn, 'stderr', bytes, ''));
    expect(Buffer.from((JSON.parse(out.toString('utf8')) as { b64: string }).b64, 'base64').equals(bytes)).toBe(true);
  });

  it('agrees with JSON.stringify on 300 seeded random lines, valid UTF-8 or not', () => {
    const next = random(20261202);
    for (let n = 0; n < 300; n++) {
      const length = Math.floor(next() * 2000);
      const bytes = Buffer.alloc(length);
      // Mostly printable ASCII with controls, quotes and high bytes mixed in; some lines stay valid UTF-8.
      const mix = next();
      for (let i = 0; i < length; i++) {
        const r = next();
        bytes[i] =
          r < mix * 0.2
            ? Math.floor(next() * 0x20)
            : r < mix * 0.3
              ? next() < 0.5
                ? 0x22
                : 0x5c
              : r < mix * 0.35
                ? 0x80 + Math.floor(next() * 0x80)
                : 0x20 + Math.floor(next() * 0x5f);
      }
      const stream = (['stdout', 'stderr', 'stdin'] as const)[n % 3] as 'stdout' | 'stderr' | 'stdin';
      expect(serializeLine(n, n * 1.5, `c${n}`, stream, bytes, '\n').toString('utf8'), `case ${n}`).toBe(
        viaStringify(n, n * 1.5, `c${n}`, stream, bytes, '\n'),
      );
    }
  });
});
