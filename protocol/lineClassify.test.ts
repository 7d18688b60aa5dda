import { describe, expect, it } from 'vitest';
import { base64Encode, utf8Encode } from './bytes.js';
import { ClientSession, type Outcome } from './clientSession.js';
import { ExchangeTracker } from './exchanges.js';
import { classifyLine } from './lineClassify.js';

/** `before`, then 0xe9 (Latin-1 é, which starts no UTF-8 sequence here), then `after`. */
function withBadByte(before: string, after: string): Uint8Array {
  const head = utf8Encode(before);
  const tail = utf8Encode(after);
  const out = new Uint8Array(head.length + 1 + tail.length);
  out.set(head, 0);
  out[head.length] = 0xe9;
  out.set(tail, head.length + 1);
  return out;
}

const badAnswer = (id: string): Uint8Array => withBadByte(`{"jsonrpc":"2.0","id":${id},"result":{"text":"caf`, '"}}');

describe('classifyLine: bytes that are not UTF-8', () => {
  it('reads the id of an answer and says where the bad byte is, shown as it came', () => {
    const bytes = badAnswer('7');
    const c = classifyLine({ b64: base64Encode(bytes) });
    expect(c).toMatchObject({ kind: 'invalid', responseTo: 7 });
    const at = bytes.indexOf(0xe9);
    expect(c.kind === 'invalid' && c.reason).toBe(
      `the answer holds invalid UTF-8 at byte ${at}: {"jsonrpc":"2.0","id":7,"result":{"text":"caf\\xe9"}}`,
    );
  });

  it('keeps a string id a string', () => {
    expect(classifyLine({ b64: base64Encode(badAnswer('"a-1"')) })).toMatchObject({ kind: 'invalid', responseTo: 'a-1' });
  });

  it('answers for no request when the message is not an answer, or cannot be read', () => {
    const request = withBadByte('{"jsonrpc":"2.0","id":1,"method":"x', '"}');
    const asRequest = classifyLine({ b64: base64Encode(request) });
    expect(asRequest.kind).toBe('invalid');
    expect(asRequest.kind === 'invalid' && asRequest.responseTo).toBeUndefined();
    const junk = classifyLine({ b64: base64Encode(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])) });
    expect(junk).toEqual({ kind: 'non-json', reason: 'the message holds invalid UTF-8 at byte 1: {\\xff\\xfe}' });
  });

  it('classifies text as text', () => {
    expect(classifyLine({ text: '{"jsonrpc":"2.0","id":1,"result":{}}' })).toMatchObject({ kind: 'result', id: 1 });
  });
});

describe('a request answered with bytes that are not UTF-8', () => {
  it('ends at once as an invalid answer with the reason, not after the timeout', async () => {
    const sent: string[] = [];
    const never = { set: () => 0, clear: () => undefined, now: () => 0 };
    const session = new ClientSession({
      flow: 'handshake',
      protocolVersion: '2025-11-25',
      send: (l) => sent.push(l),
      nextId: () => 3,
      timers: never,
    });
    const { done } = session.request('tools/call', { name: 'x' });
    const tracker = new ExchangeTracker();
    tracker.apply({ seq: 0, t: 0, conn: 'c', kind: 'line', stream: 'stdin', text: sent[0] ?? '', eol: '\n', size: 1 });
    const bytes = badAnswer('3');
    const message = tracker.apply({
      seq: 1,
      t: 1,
      conn: 'c',
      kind: 'line',
      stream: 'stdout',
      b64: base64Encode(bytes),
      eol: '\n',
      size: bytes.length,
    });
    expect(message?.pairing).toMatchObject({ kind: 'response' });
    if (message) session.onMessage(message.classified);
    let outcome: Outcome | undefined;
    void done.then((o) => (outcome = o));
    await done;
    expect(outcome).toMatchObject({ kind: 'invalid', id: 3 });
    expect(outcome?.kind === 'invalid' && outcome.reason).toContain(`invalid UTF-8 at byte ${bytes.indexOf(0xe9)}`);
  });
});
