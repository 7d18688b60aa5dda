// Ids past 2^53, as a server on 64-bit integers writes them: JSON.parse rounds 9007199254740993
// to 9007199254740992, so each is kept as its digits, paired by them and written back verbatim.
import { describe, expect, it } from 'vitest';

import { ClientSession } from './clientSession.js';
import type { BridgeEvent } from './envelope.js';
import { ExchangeTracker } from './exchanges.js';
import { encodeFrame } from './flows.js';
import { ExactId, classifyText, idKey, idText } from './jsonrpc.js';
import { Transcript, lint } from './lint/testing/transcript.js';

const PAST = '9007199254740993';
const ROUNDED = '9007199254740992';
const ping = (id: string): string => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`;

describe('classifyText keeps an id past 2^53 as its exact text', () => {
  it('reads a request with id 9007199254740993 as a request, with those digits', () => {
    const c = classifyText(ping(PAST));
    expect(c.kind).toBe('request');
    if (c.kind !== 'request') return;
    expect(c.id).toBeInstanceOf(ExactId);
    expect(idText(c.id)).toBe(PAST);
  });

  it('keeps 9007199254740993 and 9007199254740992 apart', () => {
    const a = classifyText(ping(PAST));
    const b = classifyText(ping(ROUNDED));
    if (a.kind !== 'request' || b.kind !== 'request') throw new Error('not requests');
    expect(idKey('server', a.id)).not.toBe(idKey('server', b.id));
    // Still a number, not the string "9007199254740993".
    expect(idKey('server', a.id)).not.toBe(idKey('server', PAST));
  });

  it('reads results and errors with such ids exactly', () => {
    const result = classifyText(`{"jsonrpc":"2.0","id":${PAST},"result":{}}`);
    const error = classifyText(`{"jsonrpc":"2.0","id":${PAST},"error":{"code":-1,"message":"no"}}`);
    expect(result.kind === 'result' && idText(result.id)).toBe(PAST);
    expect(error.kind === 'error' && error.id !== null && idText(error.id)).toBe(PAST);
  });

  it('still refuses a fractional or exponent id, quoting it as written', () => {
    const c = classifyText('{"jsonrpc":"2.0","id":1e400,"method":"ping"}');
    expect(c.kind).toBe('invalid');
    expect(c.kind === 'invalid' && c.reason).toContain('got 1e400');
  });

  it('encodes an answer with the id digits verbatim, unquoted', () => {
    const c = classifyText(ping(PAST));
    if (c.kind !== 'request') throw new Error('not a request');
    expect(encodeFrame({ jsonrpc: '2.0', id: c.id, result: {} })).toBe(`{"jsonrpc":"2.0","id":${PAST},"result":{}}`);
  });
});

describe('the client answers such a ping with the exact id', () => {
  it('writes {"jsonrpc":"2.0","id":9007199254740993,"result":{}}', async () => {
    const sent: string[] = [];
    const session = new ClientSession({
      flow: 'handshake',
      protocolVersion: '2025-11-25',
      send: (line) => sent.push(line),
      nextId: () => 1,
    });
    session.onMessage(classifyText(ping(PAST)));
    session.onMessage(classifyText(ping(ROUNDED)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([`{"jsonrpc":"2.0","id":${PAST},"result":{}}`, `{"jsonrpc":"2.0","id":${ROUNDED},"result":{}}`]);
  });
});

describe('pairing and lint use the exact text', () => {
  const encoder = new TextEncoder();
  let seq = 0;
  const line = (stream: 'stdin' | 'stdout', text: string): BridgeEvent =>
    ({ kind: 'line', stream, text, eol: '\n', size: encoder.encode(text).length, seq: seq++, t: 1_000 + seq, conn: 'c1' }) as BridgeEvent;

  it('pairs each answer with its own request when the ids differ only past 2^53', () => {
    const tracker = new ExchangeTracker();
    tracker.apply(line('stdout', ping(PAST)));
    tracker.apply(line('stdout', ping(ROUNDED)));
    tracker.apply(line('stdin', `{"jsonrpc":"2.0","id":${ROUNDED},"result":{}}`));
    expect(tracker.get('c1', 'server', new ExactId(PAST))?.status).toBe('pending');
    expect(tracker.get('c1', 'server', new ExactId(ROUNDED))?.status).toBe('result');
  });

  it('finds nothing wrong with a ping past 2^53 and its exact answer', () => {
    const t = new Transcript().spawn().handshake().recv(ping(PAST)).send(`{"jsonrpc":"2.0","id":${PAST},"result":{}}`);
    expect(lint(t.events)).toEqual([]);
  });

  it('quotes the exact digits of an answer that matches no request', () => {
    const t = new Transcript().spawn().handshake().recv(ping(ROUNDED)).send(`{"jsonrpc":"2.0","id":${PAST},"result":{}}`);
    const messages = lint(t.events).map((f) => f.message);
    expect(messages.some((m) => m.includes(`id ${PAST}`))).toBe(true);
  });
});
