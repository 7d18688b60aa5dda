/**
 * The exact line, made visible: what cannot be seen on screen is shown as an escape and marked
 * as one, so a reader can tell the bytes a server sent from their rendering. Invalid UTF-8 bytes
 * become \xNN; control characters, bidirectional overrides, zero-width characters and lone
 * surrogates become \uNNNN (a bidi override left as is would reorder the text around it).
 */
import { utf8SequenceLength } from '../../../../protocol/bytes.js';

export interface Segment {
  text: string;
  /** True for an escape standing for something that is not shown as itself. */
  escape: boolean;
}

// Control characters are exactly what this looks for.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function unicodeEscape(ch: string): string {
  return `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
}

/** A text line as segments: literal runs and escapes (tab stays a tab). */
export function textSegments(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(INVISIBLE)) {
    const at = match.index;
    if (at > last) out.push({ text: text.slice(last, at), escape: false });
    out.push({ text: unicodeEscape(match[0]), escape: true });
    last = at + match[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), escape: false });
  return out;
}

/** Bytes that are not all UTF-8: valid runs as text (itself made visible), each bad byte as \xNN. */
export function byteSegments(bytes: Uint8Array): Segment[] {
  const out: Segment[] = [];
  const decoder = new TextDecoder('utf-8');
  let start = 0;
  const flush = (end: number): void => {
    if (end > start) out.push(...textSegments(decoder.decode(bytes.subarray(start, end))));
  };
  for (let i = 0; i < bytes.length;) {
    const len = utf8SequenceLength(bytes, i);
    if (len === 0) {
      flush(i);
      out.push({ text: `\\x${(bytes[i] ?? 0).toString(16).padStart(2, '0')}`, escape: true });
      i += 1;
      start = i;
    } else {
      i += len;
    }
  }
  flush(bytes.length);
  return out;
}

/** A string quoted as JSON, with what JSON.stringify leaves invisible escaped too. */
export function visibleJsonString(value: string): string {
  return JSON.stringify(value).replace(INVISIBLE, unicodeEscape);
}

/** How a line ended on the wire, in words. */
export function eolLabel(eol: string): string {
  if (eol === '\n') return '\\n';
  if (eol === '\r\n') return '\\r\\n';
  return 'none (cut off at exit)';
}
