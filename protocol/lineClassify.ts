/**
 * A recorded line as a JSON-RPC message, whether it came as text or as bytes that are not
 * UTF-8. Such bytes are no valid message (JSON text is UTF-8), yet an answer among them still
 * names the request it answers: that request ends with the reason at once, instead of waiting
 * out its timeout as if nothing had come.
 */
import { base64Decode, describeBytes, utf8SequenceLength } from './bytes.js';
import { classifyText, type Classified, type JsonRpcId } from './jsonrpc.js';

/** The longest rendering of the bad line a reason carries (the record keeps every byte). */
const SHOWN_MAX = 2_000;

export function classifyLine(line: { text?: string | undefined; b64?: string | undefined }): Classified {
  if (line.text !== undefined) return classifyText(line.text);
  return classifyBytes(base64Decode(line.b64 ?? ''));
}

/** Bytes known not to be UTF-8 (the bridge recorded them as b64). */
export function classifyBytes(bytes: Uint8Array): Classified {
  // Read with each bad byte replaced (U+FFFD), only to learn which request it answers.
  const lossy = classifyText(new TextDecoder('utf-8').decode(bytes));
  const responseTo = answeredId(lossy);
  const shown = describeBytes(bytes);
  const reason = `the ${responseTo === undefined ? 'message' : 'answer'} holds invalid UTF-8 at byte ${firstInvalidByte(bytes)}: ${
    shown.length > SHOWN_MAX ? `${shown.slice(0, SHOWN_MAX)}… (${bytes.length} bytes)` : shown
  }`;
  if (lossy.kind === 'non-json') return { kind: 'non-json', reason };
  return { kind: 'invalid', reason, value: undefined, ...(responseTo === undefined ? {} : { responseTo }) };
}

function answeredId(c: Classified): JsonRpcId | undefined {
  switch (c.kind) {
    case 'result':
      return c.id;
    case 'error':
      return c.id ?? undefined;
    case 'invalid':
      return c.responseTo;
    case 'request':
    case 'notification':
    case 'batch':
    case 'non-json':
      return undefined;
    default: {
      const never: never = c;
      return never;
    }
  }
}

/** The offset (from 0) of the first byte that starts no valid UTF-8 sequence. */
function firstInvalidByte(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const len = utf8SequenceLength(bytes, i);
    if (len === 0) return i;
    i += len;
  }
  return bytes.length;
}
