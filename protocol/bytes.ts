/** Exact-bytes helpers shared by the bridge, the app and session files (no node: imports). */
import type { Eol } from './envelope.js';

const encoder = new TextEncoder();
// ignoreBOM keeps a leading U+FEFF in the text, so utf8Encode gives back the exact bytes.
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The text when the bytes are valid UTF-8, otherwise undefined. */
export function utf8DecodeStrict(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

export function base64Encode(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}

export function base64Decode(b64: string): Uint8Array {
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The bytes a recorded line carried, without its terminator. */
export function lineBytes(line: { text?: string | undefined; b64?: string | undefined }): Uint8Array {
  if (line.text !== undefined) return utf8Encode(line.text);
  return base64Decode(line.b64 ?? '');
}

/** The bytes a recorded line carried, terminator included: what was on the pipe. */
export function wireBytes(line: { text?: string | undefined; b64?: string | undefined; eol: Eol }): Uint8Array {
  const body = lineBytes(line);
  if (line.eol === '') return body;
  const eol = utf8Encode(line.eol);
  const out = new Uint8Array(body.length + eol.length);
  out.set(body, 0);
  out.set(eol, body.length);
  return out;
}

/** A printable rendering for lines that are not UTF-8: valid runs kept, bad bytes as \xNN. */
export function describeBytes(bytes: Uint8Array): string {
  let out = '';
  let start = 0;
  const flushValid = (end: number): void => {
    if (end > start) out += new TextDecoder('utf-8').decode(bytes.subarray(start, end));
  };
  for (let i = 0; i < bytes.length;) {
    const len = utf8SequenceLength(bytes, i);
    if (len === 0) {
      flushValid(i);
      out += `\\x${(bytes[i] ?? 0).toString(16).padStart(2, '0')}`;
      i += 1;
      start = i;
    } else {
      i += len;
    }
  }
  flushValid(bytes.length);
  return out;
}

/** Length of the valid UTF-8 sequence starting at i, or 0 when the byte there starts none. */
export function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i] ?? 0;
  if (b0 < 0x80) return 1;
  let len: number;
  let min: number;
  if (b0 >= 0xc2 && b0 <= 0xdf) [len, min] = [2, 0x80];
  else if (b0 >= 0xe0 && b0 <= 0xef) [len, min] = [3, 0x800];
  else if (b0 >= 0xf0 && b0 <= 0xf4) [len, min] = [4, 0x10000];
  else return 0;
  if (i + len > bytes.length) return 0;
  let cp = b0 & (0xff >> (len + 1));
  for (let k = 1; k < len; k++) {
    const b = bytes[i + k] ?? 0;
    if ((b & 0xc0) !== 0x80) return 0;
    cp = (cp << 6) | (b & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return len;
}
