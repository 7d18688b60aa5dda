// ExchangeTracker: requests paired with what became of them, direction by direction.
import { EventScript } from './timeline/testing.js';
import { describe, expect, it } from 'vitest';

import { ClientSession } from './clientSession.js';
import type { BridgeEvent } from './envelope.js';
import { ExchangeTracker, type Exchange, type WireMessage } from './exchanges.js';
import { META_KEYS, STATELESS_VERSION } from './flows.js';

const J = '2.0';
const encoder = new TextEncoder();
const META = { [META_KEYS.protocolVersion]: STATELESS_VERSION, [META_KEYS.clientCapabilities]: {} };

/** Bridge events for one connection, fed straight into a tracker; `t` is set by the caller. */
class Wire {
  readonly tracker = new ExchangeTracker();
  seq = 0;
  t = 1_000;

  constructor(readonly conn = 'c1') {}

  /** A client line (stdin); objects are written as compact JSON. */
  send(value: unknown, t = this.t): WireMessage {
    return this.line('stdin', value, t) as WireMessage;
  }

  /** A server line (stdout). */
  recv(value: unknown, t = this.t): WireMessage {
    return this.line('stdout', value, t) as WireMessage;
  }

  line(stream: 'stdin' | 'stdout' | 'stderr', value: unknown, t = this.t): WireMessage | undefined {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return this.apply({ kind: 'line', stream, text, eol: '\n', size: encoder.encode(text).length }, t);
  }

  exit(t = this.t): void {
    this.apply({ kind: 'exit', code: null, signal: 'SIGTERM', requested: false }, t);
  }

  spawn(t = this.t): void {
    this.apply({ kind: 'spawn', config: { command: 'node', args: ['server.js'], env: {} }, pid: 4242 }, t);
  }

  apply(event: Record<string, unknown>, t = this.t): WireMessage | undefined {
    this.t = t;
    return this.tracker.apply({ ...event, seq: this.seq++, t, conn: this.conn } as BridgeEvent);
  }

  /** The exchange a message was paired with. */
  exchangeOf(message: WireMessage): Exchange {
    const pairing = message.pairing;
    const key = 'exchange' in pairing ? pairing.exchange : undefined;
    const exchange = key === undefined ? undefined : this.tracker.exchanges.get(key);
    if (!exchange) throw new Error(`no exchange for ${JSON.stringify(pairing)}`);
    return exchange;
  }
}

describe('ExchangeTracker: pairing', () => {
  it('pairs a request with its result, with latency t1 - t0', () => {
    const w = new Wire();
    const request = w.send({ jsonrpc: J, id: 1, method: 'tools/list' }, 1_000);
    const response = w.recv({ jsonrpc: J, id: 1, result: { tools: [] } }, 1_042.5);
    expect(request.pairing.kind).toBe('request');
    expect(response.pairing).toEqual({ kind: 'response', exchange: (request.pairing as { exchange: string }).exchange });
    const exchange = w.exchangeOf(request);
    expect(exchange).toMatchObject({
      conn: 'c1',
      from: 'client',
      id: 1,
      method: 'tools/list',
      requestSeq: 0,
      t0: 1_000,
      status: 'result',
      responseSeq: 1,
      t1: 1_042.5,
      latencyMs: 42.5,
      progress: [],
    });
    expect(exchange.resultType).toBeUndefined();
    expect(w.tracker.get('c1', 'client', 1)).toBe(exchange);
    expect(w.tracker.pending('c1')).toEqual([]);
  });

  it('describes each wire message: seq, t, conn, side, exact text and size', () => {
    const w = new Wire();
    const text = '{"jsonrpc":"2.0","id":"é","method":"ping"}';
    const message = w.send(text, 5);
    expect(message).toMatchObject({ seq: 0, t: 5, conn: 'c1', from: 'client', text, size: encoder.encode(text).length });
    expect(message.size).toBe(text.length + 1);
    expect(message.classified).toMatchObject({ kind: 'request', id: 'é', method: 'ping' });
    expect(w.recv('{"jsonrpc":"2.0","id":"é","result":{}}').from).toBe('server');
  });

  it('keeps the client id 0 and the server id 0 apart', () => {
    const w = new Wire();
    const init = w.send({ jsonrpc: J, id: 0, method: 'initialize', params: {} }, 10);
    const ping = w.recv({ jsonrpc: J, id: 0, method: 'ping' }, 11);
    const pong = w.send({ jsonrpc: J, id: 0, result: {} }, 12);
    const initResult = w.recv({ jsonrpc: J, id: 0, result: { protocolVersion: '2025-11-25' } }, 20);

    const client = w.exchangeOf(init);
    const server = w.exchangeOf(ping);
    expect(client).not.toBe(server);
    expect(w.exchangeOf(pong)).toBe(server);
    expect(w.exchangeOf(initResult)).toBe(client);
    expect(pong.pairing.kind).toBe('response');
    expect(initResult.pairing.kind).toBe('response');
    expect(client).toMatchObject({ from: 'client', method: 'initialize', status: 'result', latencyMs: 10 });
    expect(server).toMatchObject({ from: 'server', method: 'ping', status: 'result', latencyMs: 1 });
    expect(w.tracker.get('c1', 'client', 0)).toBe(client);
    expect(w.tracker.get('c1', 'server', 0)).toBe(server);
  });

  it('never pairs a response that travels the same way as the request', () => {
    const w = new Wire();
    w.send({ jsonrpc: J, id: 1, method: 'tools/list' });
    expect(w.send({ jsonrpc: J, id: 1, result: {} }).pairing).toEqual({ kind: 'unknown-id' });
    expect(w.tracker.pending('c1')).toHaveLength(1);
  });

  it('keeps 1 and "1" apart', () => {
    const w = new Wire();
    w.send({ jsonrpc: J, id: 1, method: 'tools/list' });
    expect(w.recv({ jsonrpc: J, id: '1', result: {} }).pairing).toEqual({ kind: 'unknown-id' });
    expect(w.tracker.get('c1', 'client', 1)?.status).toBe('pending');
  });

  it('reports a response to an id nobody sent as unknown-id', () => {
    const w = new Wire();
    expect(w.recv({ jsonrpc: J, id: 99, result: {} }).pairing).toEqual({ kind: 'unknown-id' });
    expect(w.recv({ jsonrpc: J, id: 98, error: { code: -32600, message: 'x' } }).pairing).toEqual({ kind: 'unknown-id' });
  });

  it('reports an error with a null id as unknown-id, leaving pending requests alone', () => {
    const w = new Wire();
    w.send({ jsonrpc: J, id: 1, method: 'tools/list' });
    const message = w.recv({ jsonrpc: J, id: null, error: { code: -32700, message: 'Parse error' } });
    expect(message.classified).toMatchObject({ kind: 'error', id: null });
    expect(message.pairing).toEqual({ kind: 'unknown-id' });
    expect(w.tracker.get('c1', 'client', 1)?.status).toBe('pending');
  });

  it('pairs an error response', () => {
    const w = new Wire();
    const request = w.send({ jsonrpc: J, id: 'a', method: 'tools/call', params: { name: 'nope' } }, 100);
    const response = w.recv({ jsonrpc: J, id: 'a', error: { code: -32602, message: 'Unknown tool' } }, 103);
    expect(response.pairing).toEqual({ kind: 'response', exchange: w.exchangeOf(request).key });
    expect(w.exchangeOf(request)).toMatchObject({ status: 'error', responseSeq: 1, t1: 103, latencyMs: 3 });
  });

  it('pairs an invalid response (both result and error) with its request, as an invalid answer', () => {
    const w = new Wire();
    const request = w.send({ jsonrpc: J, id: 4, method: 'tools/call', params: { name: 'x' } }, 100);
    const response = w.recv({ jsonrpc: J, id: 4, result: {}, error: { code: -32603, message: 'both' } }, 107);
    expect(response.classified.kind).toBe('invalid');
    expect(response.pairing).toEqual({ kind: 'response', exchange: w.exchangeOf(request).key });
    expect(w.exchangeOf(request)).toMatchObject({ status: 'invalid', responseSeq: 1, t1: 107, latencyMs: 7 });
    expect(w.tracker.pending('c1')).toEqual([]);
    // An invalid line with no request behind it stays unpaired.
    expect(w.recv({ jsonrpc: J, id: 99, result: {}, error: { code: 1, message: 'x' } }).pairing).toEqual({ kind: 'unknown-id' });
  });

  it('reports a second response as duplicate-response, keeping the first', () => {
    const w = new Wire();
    const request = w.send({ jsonrpc: J, id: 1, method: 'ping' }, 0);
    w.recv({ jsonrpc: J, id: 1, result: {} }, 5);
    const again = w.recv({ jsonrpc: J, id: 1, error: { code: -32603, message: 'oops' } }, 9);
    expect(again.pairing).toEqual({ kind: 'duplicate-response', exchange: w.exchangeOf(request).key });
    expect(w.exchangeOf(request)).toMatchObject({ status: 'result', responseSeq: 1, t1: 5, latencyMs: 5 });
  });

  it('marks a cancelled request and calls its answer a late response', () => {
    const w = new Wire();
    const request = w.send({ jsonrpc: J, id: 7, method: 'tools/call', params: { name: 'slow' } }, 0);
    const cancel = w.send({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 7, reason: 'cancelled by the user' } }, 50);
    const exchange = w.exchangeOf(request);
    expect(cancel.pairing).toEqual({ kind: 'cancel', exchange: exchange.key });
    expect(exchange).toMatchObject({ status: 'cancelled', cancelSeq: 1, cancelReason: 'cancelled by the user' });

    const late = w.recv({ jsonrpc: J, id: 7, result: { content: [] } }, 80);
    const later = w.recv({ jsonrpc: J, id: 7, result: { content: [] } }, 90);
    expect(late.pairing).toEqual({ kind: 'late-response', exchange: exchange.key });
    expect(later.pairing).toEqual({ kind: 'late-response', exchange: exchange.key });
    expect(exchange).toMatchObject({ status: 'cancelled', lateResponseSeq: 2 });
    expect(exchange.responseSeq).toBeUndefined();
    expect(exchange.latencyMs).toBeUndefined();
  });

  it('gives the timeout status when the cancel reason says it timed out', () => {
    for (const reason of ['timed out after 1000 ms', 'Request timeout', 'time out']) {
      const w = new Wire();
      const request = w.send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'slow' } });
      w.send({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 1, reason } });
      expect(w.exchangeOf(request)).toMatchObject({ status: 'timeout', cancelReason: reason });
      expect(w.recv({ jsonrpc: J, id: 1, result: {} }).pairing.kind).toBe('late-response');
    }
  });

  it('records the exact cancel ClientSession writes on a timeout as a timeout', () => {
    const w = new Wire();
    let id = 0;
    let fire: (() => void) | undefined;
    const session = new ClientSession({
      flow: 'handshake',
      protocolVersion: '2025-11-25',
      send: (line) => w.send(line),
      nextId: () => ++id,
      timers: { set: (fn) => (fire = fn), clear: () => undefined, now: () => 0 },
    });
    session.request('tools/call', { name: 'slow' }, { timeoutMs: 250, maxTotalMs: Infinity });
    fire?.();
    expect(w.tracker.get('c1', 'client', 1)).toMatchObject({ status: 'timeout', cancelReason: 'timed out after 250 ms', cancelSeq: 1 });
  });

  it('keeps cancels without a reason, for unknown ids, for the other side, or after the answer harmless', () => {
    const w = new Wire();
    const a = w.send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'slow' } });
    w.send({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 1 } });
    expect(w.exchangeOf(a).status).toBe('cancelled');
    expect(w.exchangeOf(a).cancelReason).toBeUndefined();

    expect(w.send({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 42 } }).pairing).toEqual({ kind: 'cancel' });
    expect(w.send({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: null } }).pairing).toEqual({ kind: 'cancel' });

    // The server cancelling "its" id 2 does not touch the client's request 2.
    const b = w.send({ jsonrpc: J, id: 2, method: 'tools/list' });
    expect(w.recv({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 2, reason: 'x' } }).pairing).toEqual({
      kind: 'cancel',
    });
    expect(w.exchangeOf(b).status).toBe('pending');

    // Once answered, a cancel changes nothing.
    w.recv({ jsonrpc: J, id: 2, result: { tools: [] } });
    const cancel = w.send({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 2, reason: 'timed out' } });
    expect(cancel.pairing).toEqual({ kind: 'cancel', exchange: w.exchangeOf(b).key });
    expect(w.exchangeOf(b).status).toBe('result');
    expect(w.exchangeOf(b).cancelSeq).toBeUndefined();
  });

  it('attaches progress to the request that carried the progress token', () => {
    const w = new Wire();
    const request = w.send({ jsonrpc: J, id: 3, method: 'tools/call', params: { name: 'slow', _meta: { progressToken: 'tok' } } }, 0);
    const exchange = w.exchangeOf(request);
    expect(exchange.progressToken).toBe('tok');
    const p1 = w.recv(
      { jsonrpc: J, method: 'notifications/progress', params: { progressToken: 'tok', progress: 1, total: 2, message: 'half' } },
      10,
    );
    w.recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 'tok', progress: 2 } }, 20);
    expect(p1.pairing).toEqual({ kind: 'progress', exchange: exchange.key });
    expect(exchange.progress).toEqual([
      { seq: 1, t: 10, progress: 1, total: 2, message: 'half' },
      { seq: 2, t: 20, progress: 2 },
    ]);

    // Unknown tokens, a number token that is not the string one, and progress with no number.
    expect(w.recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 'other', progress: 1 } }).pairing).toEqual({
      kind: 'progress',
    });
    expect(w.recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 5, progress: 1 } }).pairing).toEqual({
      kind: 'progress',
    });
    w.recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 'tok', progress: 'most' } });
    expect(exchange.progress).toHaveLength(2);

    // After the answer the token is free again.
    w.recv({ jsonrpc: J, id: 3, result: { content: [] } }, 30);
    expect(w.recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 'tok', progress: 3 } }).pairing).toEqual({
      kind: 'progress',
    });
    expect(exchange.progress).toHaveLength(2);
  });

  it('takes a numeric progress token, kept apart from its string twin', () => {
    const w = new Wire();
    const numeric = w.send({ jsonrpc: J, id: 1, method: 'tools/call', params: { _meta: { progressToken: 5 } } });
    const text = w.send({ jsonrpc: J, id: 2, method: 'tools/call', params: { _meta: { progressToken: '5' } } });
    w.recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 5, progress: 1 } });
    expect(w.exchangeOf(numeric).progress).toHaveLength(1);
    expect(w.exchangeOf(text).progress).toHaveLength(0);
  });

  it('reports a request id reused while pending, and pairs the answer with the newer request', () => {
    const w = new Wire();
    const first = w.send({ jsonrpc: J, id: 1, method: 'tools/list' });
    const second = w.send({ jsonrpc: J, id: 1, method: 'prompts/list' });
    expect(second.pairing).toEqual({ kind: 'duplicate-request-id', exchange: w.exchangeOf(second).key });
    expect(w.exchangeOf(first)).not.toBe(w.exchangeOf(second));
    const response = w.recv({ jsonrpc: J, id: 1, result: { prompts: [] } });
    expect(w.exchangeOf(response)).toBe(w.exchangeOf(second));

    // Reusing an id once it was answered is an ordinary request.
    expect(w.send({ jsonrpc: J, id: 1, method: 'ping' }).pairing.kind).toBe('request');
  });

  it('lists the requests still pending on a connection', () => {
    const w = new Wire();
    w.send({ jsonrpc: J, id: 1, method: 'a' });
    w.send({ jsonrpc: J, id: 2, method: 'b' });
    w.recv({ jsonrpc: J, id: 3, method: 'roots/list' });
    w.recv({ jsonrpc: J, id: 1, result: {} });
    expect(w.tracker.pending('c1').map((e) => [e.from, e.id, e.method])).toEqual([
      ['client', 2, 'b'],
      ['server', 3, 'roots/list'],
    ]);
    expect(w.tracker.pending('elsewhere')).toEqual([]);
  });

  it('keeps connections apart', () => {
    const a = new Wire('a');
    const tracker = a.tracker;
    a.send({ jsonrpc: J, id: 1, method: 'tools/list' });
    const other = tracker.apply({
      seq: 99,
      t: 0,
      conn: 'b',
      kind: 'line',
      stream: 'stdout',
      text: '{"jsonrpc":"2.0","id":1,"result":{}}',
      eol: '\n',
      size: 36,
    });
    expect(other?.pairing).toEqual({ kind: 'unknown-id' });
    expect(tracker.get('a', 'client', 1)?.status).toBe('pending');
  });
});

describe('ExchangeTracker: other lines and events', () => {
  it('reads notifications, non-JSON, batches and non-UTF-8 lines without pairing them', () => {
    const w = new Wire();
    expect(w.recv({ jsonrpc: J, method: 'notifications/message', params: { level: 'info', data: 'x' } }).pairing).toEqual({
      kind: 'notification',
    });
    const junk = w.recv('Server listening on stdio');
    expect(junk.classified.kind).toBe('non-json');
    expect(junk.pairing).toEqual({ kind: 'none' });
    expect(w.recv([{ jsonrpc: J, id: 1, result: {} }]).pairing).toEqual({ kind: 'none' });
    const bytes = w.apply({ kind: 'line', stream: 'stdout', b64: '/w==', eol: '\n', size: 1 });
    expect(bytes).toMatchObject({
      classified: { kind: 'non-json', reason: 'the message holds invalid UTF-8 at byte 0: \\xff' },
      pairing: { kind: 'none' },
      size: 1,
    });
    expect(bytes && 'text' in bytes).toBe(false);
  });

  it('returns nothing for stderr, events without a connection, and other event kinds', () => {
    const w = new Wire();
    expect(w.line('stderr', '{"jsonrpc":"2.0","id":1,"result":{}}')).toBeUndefined();
    expect(w.apply({ kind: 'stop', step: 'sigterm' })).toBeUndefined();
    expect(w.apply({ kind: 'note', topic: 'x', data: null })).toBeUndefined();
    expect(w.tracker.apply({ seq: 50, t: 0, kind: 'notice', level: 'info', message: 'hi' })).toBeUndefined();
    expect(w.tracker.apply({ seq: 51, t: 0, kind: 'line', stream: 'stdout', text: '{}', eol: '\n', size: 2 })).toBeUndefined();
    expect(w.tracker.exchanges.size).toBe(0);
  });

  it('orphans what is pending when the process exits; later answers are unknown', () => {
    const w = new Wire();
    const answered = w.send({ jsonrpc: J, id: 1, method: 'tools/list' });
    w.recv({ jsonrpc: J, id: 1, result: { tools: [] } });
    const lost = w.send({ jsonrpc: J, id: 2, method: 'tools/call', params: { name: 'slow' } });
    const cancelled = w.send({ jsonrpc: J, id: 3, method: 'tools/call', params: { name: 'slow' } });
    w.send({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 3 } });
    const serverAsked = w.recv({ jsonrpc: J, id: 0, method: 'roots/list' });
    w.exit();
    expect(w.exchangeOf(answered).status).toBe('result');
    expect(w.exchangeOf(lost).status).toBe('orphaned');
    expect(w.exchangeOf(cancelled).status).toBe('cancelled');
    expect(w.exchangeOf(serverAsked).status).toBe('orphaned');
    expect(w.tracker.pending('c1')).toEqual([]);
    expect(w.recv({ jsonrpc: J, id: 2, result: {} }).pairing).toEqual({ kind: 'unknown-id' });
  });

  it('orphans on a new spawn too, and ids start over', () => {
    const w = new Wire();
    const old = w.send({ jsonrpc: J, id: 1, method: 'initialize', params: {} });
    w.spawn();
    expect(w.exchangeOf(old).status).toBe('orphaned');
    const fresh = w.send({ jsonrpc: J, id: 1, method: 'initialize', params: {} });
    expect(fresh.pairing.kind).toBe('request');
    const response = w.recv({ jsonrpc: J, id: 1, result: {} });
    expect(w.exchangeOf(response)).toBe(w.exchangeOf(fresh));
    expect(w.exchangeOf(old).status).toBe('orphaned');
    expect(w.tracker.exchanges.size).toBe(2);
  });
});

describe('ExchangeTracker: multi round-trip requests', () => {
  const call = (id: number, name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    jsonrpc: J,
    id,
    method: 'tools/call',
    params: { name, arguments: {}, ...extra, _meta: META },
  });
  const inputRequired = (id: number, requestState?: string): Record<string, unknown> => ({
    jsonrpc: J,
    id,
    result: {
      resultType: 'input_required',
      inputRequests: { q: { method: 'elicitation/create', params: {} } },
      ...(requestState === undefined ? {} : { requestState }),
    },
  });
  const complete = (id: number): Record<string, unknown> => ({ jsonrpc: J, id, result: { resultType: 'complete', content: [] } });

  it('links the rounds by requestState, over three rounds', () => {
    const w = new Wire();
    const r1 = w.send(call(1, 'confirm_action'));
    w.recv(inputRequired(1, 'state-1'));
    const r2 = w.send(call(2, 'confirm_action', { inputResponses: { q: { action: 'accept' } }, requestState: 'state-1' }));
    w.recv(inputRequired(2, 'state-2'));
    const r3 = w.send(call(3, 'confirm_action', { inputResponses: { q: { action: 'accept' } }, requestState: 'state-2' }));
    w.recv(complete(3));
    const [e1, e2, e3] = [w.exchangeOf(r1), w.exchangeOf(r2), w.exchangeOf(r3)];
    expect(e1).toMatchObject({ resultType: 'input_required', status: 'result', nextRound: e2.key });
    expect(e1.previousRound).toBeUndefined();
    expect(e2).toMatchObject({ resultType: 'input_required', previousRound: e1.key, nextRound: e3.key });
    expect(e3).toMatchObject({ resultType: 'complete', previousRound: e2.key });
    expect(e3.nextRound).toBeUndefined();
  });

  it('links by requestState even when another call of the same tool waits too', () => {
    const w = new Wire();
    const a = w.send(call(1, 'confirm_action'));
    const b = w.send(call(2, 'confirm_action'));
    w.recv(inputRequired(1, 'A'));
    w.recv(inputRequired(2, 'B'));
    const retryA = w.send(call(3, 'confirm_action', { inputResponses: {}, requestState: 'A' }));
    expect(w.exchangeOf(retryA).previousRound).toBe(w.exchangeOf(a).key);
    expect(w.exchangeOf(a).nextRound).toBe(w.exchangeOf(retryA).key);
    expect(w.exchangeOf(b).nextRound).toBeUndefined();
  });

  it('links by method and name when there is no requestState', () => {
    const w = new Wire();
    const first = w.send(call(1, 'confirm_action'));
    w.recv(inputRequired(1));
    w.send(call(2, 'other_tool', { inputResponses: {} }));
    const retry = w.send(call(3, 'confirm_action', { inputResponses: { q: { action: 'decline' } } }));
    expect(w.exchangeOf(retry).previousRound).toBe(w.exchangeOf(first).key);
    expect(w.exchangeOf(first).nextRound).toBe(w.exchangeOf(retry).key);

    // A second retry of the same round is not linked again.
    const again = w.send(call(4, 'confirm_action', { inputResponses: { q: { action: 'decline' } } }));
    expect(w.exchangeOf(again).previousRound).toBeUndefined();
    expect(w.exchangeOf(first).nextRound).toBe(w.exchangeOf(retry).key);
  });

  it('links prompts/get by name and resources/read by uri', () => {
    const w = new Wire();
    const prompt = w.send({ jsonrpc: J, id: 1, method: 'prompts/get', params: { name: 'summarize', _meta: META } });
    const read = w.send({ jsonrpc: J, id: 2, method: 'resources/read', params: { uri: 'info://x', _meta: META } });
    w.recv(inputRequired(1));
    w.recv(inputRequired(2));
    const readRetry = w.send({ jsonrpc: J, id: 3, method: 'resources/read', params: { uri: 'info://x', inputResponses: {}, _meta: META } });
    const promptRetry = w.send({
      jsonrpc: J,
      id: 4,
      method: 'prompts/get',
      params: { name: 'summarize', inputResponses: {}, _meta: META },
    });
    expect(w.exchangeOf(readRetry).previousRound).toBe(w.exchangeOf(read).key);
    expect(w.exchangeOf(promptRetry).previousRound).toBe(w.exchangeOf(prompt).key);
  });

  it('does not link a fresh call, another method, or a call after a complete result', () => {
    const w = new Wire();
    w.send(call(1, 'confirm_action'));
    w.recv(complete(1));
    expect(w.exchangeOf(w.send(call(2, 'confirm_action', { inputResponses: {} }))).previousRound).toBeUndefined();

    w.send(call(3, 'confirm_action'));
    w.recv(inputRequired(3, 'S'));
    expect(w.exchangeOf(w.send(call(4, 'confirm_action'))).previousRound).toBeUndefined();
    expect(
      w.exchangeOf(w.send({ jsonrpc: J, id: 5, method: 'tools/list', params: { requestState: 'S', _meta: META } })).previousRound,
    ).toBeUndefined();
  });

  it('forgets waiting rounds when the process is replaced', () => {
    const w = new Wire();
    w.send(call(1, 'confirm_action'));
    w.recv(inputRequired(1, 'S'));
    w.spawn();
    expect(w.exchangeOf(w.send(call(1, 'confirm_action', { inputResponses: {}, requestState: 'S' }))).previousRound).toBeUndefined();
  });
});

describe('ExchangeTracker that forgets closed exchanges', () => {
  it('keeps only the newest closed ones, still pairing late answers among them', () => {
    const forgotten: string[] = [];
    const tracker = new ExchangeTracker({ keepClosed: 3, keepProgress: false, onForget: (e) => forgotten.push(e.key) });
    const s = new EventScript().spawn('c1');
    for (let id = 1; id <= 10; id++) s.request('c1', id, 'tools/call', { name: 'x' }).result('c1', id, {});
    s.request('c1', 11, 'tools/call', { name: 'slow', _meta: { progressToken: 't' } });
    s.notify('c1', 'stdout', 'notifications/progress', { progressToken: 't', progress: 1 });
    s.result('c1', 10, {}).result('c1', 2, {});
    const pairings = s.events.map((e) => tracker.apply(e)?.pairing.kind);
    expect(tracker.exchanges.size).toBe(4);
    expect(forgotten).toHaveLength(7);
    // A second answer to 10 (kept) is a duplicate; one to 2 (forgotten) names no known request.
    expect(pairings.slice(-2)).toEqual(['duplicate-response', 'unknown-id']);
    expect(tracker.get('c1', 'client', 11)?.progress).toEqual([]);
    expect(pairings.at(-3)).toBe('progress');
  });
});
