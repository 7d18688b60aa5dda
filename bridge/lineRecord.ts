/**
 * A line event serialized straight from the bytes the server wrote to the bytes the journal
 * writes, for lines too big to go through strings: decoding a 50 MiB line, wrapping it in an
 * object and JSON.stringify-ing it held three copies of it at once (docs/adr/0008). The output
 * is byte for byte what JSON.stringify gives for the same event, so readers cannot tell.
 */
import { isUtf8 } from 'node:buffer';
import type { Eol, UnstampedEvent } from '../protocol/envelope.js';

export type LineStream = 'stdout' | 'stderr' | 'stdin';

/** The `line` event for bytes: text when they are valid UTF-8, base64 when not, so no byte is lost. */
export function lineEvent(conn: string, stream: LineStream, bytes: Buffer, eol: Eol): UnstampedEvent {
  const body = isUtf8(bytes) ? { text: bytes.toString('utf8') } : { b64: bytes.toString('base64') };
  return { kind: 'line', conn, stream, ...body, eol, size: bytes.length };
}

/** The JSON text of a `line` event with its trailing newline, as JSON.stringify would write it. */
export function serializeLine(seq: number, t: number, conn: string, stream: LineStream, bytes: Buffer, eol: Eol): Buffer {
  const utf8 = isUtf8(bytes);
  const head = Buffer.from(`${JSON.stringify({ seq, t, kind: 'line', conn, stream }).slice(0, -1)},"${utf8 ? 'text' : 'b64'}":"`);
  const tail = Buffer.from(`","eol":${JSON.stringify(eol)},"size":${bytes.length}}\n`);
  const bodyLength = utf8 ? escapedLength(bytes) : Math.ceil(bytes.length / 3) * 4;
  const out = Buffer.allocUnsafe(head.length + bodyLength + tail.length);
  head.copy(out, 0);
  let at = head.length;
  if (!utf8) at += out.write(bytes.toString('base64'), at, 'latin1');
  else if (bodyLength === bytes.length) at += bytes.copy(out, at);
  else at = writeEscaped(bytes, out, at);
  tail.copy(out, at);
  return out;
}

// JSON.stringify's escapes for a string: `"` and `\` get a backslash, the five controls with
// a short form get it, the other controls below 0x20 become \u00xx. Every other byte of valid
// UTF-8 is written as it is (a string decoded from valid UTF-8 holds no lone surrogate).
const SHORT: Record<number, number> = { 0x08: 0x62, 0x09: 0x74, 0x0a: 0x6e, 0x0c: 0x66, 0x0d: 0x72, 0x22: 0x22, 0x5c: 0x5c };
const HEX = Buffer.from('0123456789abcdef');

function escapedLength(bytes: Buffer): number {
  let length = bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b === 0x22 || b === 0x5c) length += 1;
    else if (b < 0x20) length += SHORT[b] === undefined ? 5 : 1;
  }
  return length;
}

function writeEscaped(bytes: Buffer, out: Buffer, at: number): number {
  let from = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b >= 0x20 && b !== 0x22 && b !== 0x5c) continue;
    at += bytes.copy(out, at, from, i);
    from = i + 1;
    out[at++] = 0x5c;
    const short = SHORT[b];
    if (short !== undefined) {
      out[at++] = short;
    } else {
      out[at++] = 0x75;
      out[at++] = 0x30;
      out[at++] = 0x30;
      out[at++] = HEX[b >> 4] as number;
      out[at++] = HEX[b & 15] as number;
    }
  }
  return at + bytes.copy(out, at, from);
}

export interface LineBytes {
  bytes: Buffer;
  eol: Eol;
}

/**
 * Many lines' events as JSON texts: each one is `open(i)` (the event up to its body, ending in a
 * comma), the body (`"text":…` or `"b64":"…"`), then `,"eol":…,"size":…}` and `close`. With
 * `open` giving the keys JSON.stringify would write first, each text is byte for byte
 * JSON.stringify's, without an object built, spread and walked per line. `sizes[i]`: text i's
 * length in UTF-8, counted without a scan (escapes are ASCII, one byte each).
 */
export function lineEventTexts(
  lines: readonly LineBytes[],
  open: (i: number) => string,
  close: string,
): { texts: string[]; sizes: number[] } {
  const texts: string[] = [];
  const sizes: number[] = [];
  const closeExtra = Buffer.byteLength(close) - close.length;
  for (let i = 0; i < lines.length; i++) {
    const { bytes, eol } = lines[i] as LineBytes;
    const head = open(i);
    const headBytes = Buffer.byteLength(head);
    const tail = `,"eol":${eol === '\n' ? '"\\n"' : eol === '' ? '""' : '"\\r\\n"'},"size":${bytes.length}}${close}`;
    if (isUtf8(bytes)) {
      const text = bytes.toString('utf8');
      const json = JSON.stringify(text);
      texts.push(`${head}"text":${json}${tail}`);
      // The body's bytes are the line's plus what escaping added (each added unit an ASCII byte).
      sizes.push(headBytes + 7 + bytes.length + (json.length - text.length) + tail.length + closeExtra);
    } else {
      const b64 = `${head}"b64":"${bytes.toString('base64')}"${tail}`;
      texts.push(b64);
      sizes.push(b64.length + (headBytes - head.length) + closeExtra);
    }
  }
  return { texts, sizes };
}
