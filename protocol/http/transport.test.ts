import { describe, expect, it } from 'vitest';
import type { BridgeEvent, HttpEvent } from '../envelope.js';
import type { Timers } from '../clientSession.js';
import { encodeFrame, flowRequest, initializeRequest, initializedNotification, notification } from '../flows.js';
import type { JsonRpcId } from '../jsonrpc.js';
import type { HttpRequestSpec } from './requests.js';
import { HttpTransport } from './transport.js';

type Unstamped<E> = E extends unknown ? Omit<E, 'seq' | 't' | 'kind' | 'conn'> : never;

/** A transport with its requests, aborts, failures and notes kept, fed events as the bridge records them. */
function harness(options: { maxResumes?: number } = {}) {
  const performed: HttpRequestSpec[] = [];
  const aborted: { req: string; reason: string }[] = [];
  const failed: { id: JsonRpcId; reason: string; unreachable?: boolean }[] = [];
  const notes: string[] = [];
  const pending: { fn: () => void; ms: number }[] = [];
  const timers: Timers = {
    set: (fn, ms) => pending.push({ fn, ms }),
    clear: () => undefined,
    now: () => 0,
  };
  const transport = new HttpTransport({
    perform: (r) => performed.push(r),
    abort: (req, reason) => aborted.push({ req, reason }),
    onFailed: (id, reason, unreachable) => failed.push({ id, reason, ...(unreachable ? { unreachable } : {}) }),
    onNote: (text) => notes.push(text),
    timers,
    ...options,
  });
  let seq = 0;
  const feed = (event: Record<string, unknown>): void => transport.onEvent({ seq: seq++, t: seq, conn: 'c', ...event } as BridgeEvent);
  const http = (event: Unstamped<HttpEvent>): void => feed({ kind: 'http', ...event });
  const line = (text: string): void => feed({ kind: 'line', stream: 'stdout', text, eol: '', size: text.length });
  const last = (): HttpRequestSpec => {
    const request = performed.at(-1);
    if (!request) throw new Error('nothing performed');
    return request;
  };
  /** The bridge's record of a JSON answer. */
  const json = (req: string, status: number, body: string | undefined, headers: Record<string, string> = {}): void => {
    http({ req, phase: 'response', status, headers, contentType: 'application/json' });
    if (body !== undefined) line(body);
    http({ req, phase: 'end', how: 'complete', bytes: body?.length ?? 0 });
  };
  const runTimers = (): void => {
    for (const { fn } of pending.splice(0)) fn();
  };
  return { transport, performed, aborted, failed, notes, pending, http, line, json, last, runTimers };
}

const result = (id: number, value: unknown): string => JSON.stringify({ jsonrpc: '2.0', id, result: value });

describe('HttpTransport, handshake flow', () => {
  it('takes the session id and the version from initialize’s answer and sends both from then on', () => {
    const h = harness();
    h.transport.send(encodeFrame(initializeRequest(1)));
    const init = h.last();
    h.json(init.req, 200, result(1, { protocolVersion: '2025-06-18', capabilities: {} }), { 'mcp-session-id': 'sess-1' });
    expect(h.transport.sessionId).toBe('sess-1');
    h.transport.send(encodeFrame(initializedNotification()));
    expect(h.last().headers).toMatchObject({ 'Mcp-Session-Id': 'sess-1', 'MCP-Protocol-Version': '2025-06-18' });
    expect(h.notes.join('\n')).toContain('sess-1');
    expect(h.failed).toEqual([]);
  });

  it('opens the GET stream once settled, opens it again after Last-Event-ID when it ends, and stops at a 405', () => {
    const h = harness();
    h.transport.restore({ sessionId: 's', protocolVersion: '2025-11-25' });
    h.transport.settle('handshake', '2025-11-25');
    h.transport.openStream();
    const first = h.last();
    expect(first).toMatchObject({ method: 'GET', headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': 's' } });
    h.http({ req: first.req, phase: 'response', status: 200, headers: {}, contentType: 'text/event-stream' });
    h.http({ req: first.req, phase: 'sse-event', id: 'e7', retry: 250, size: 2 });
    h.line('{}');
    h.http({ req: first.req, phase: 'end', how: 'cut', bytes: 30 });
    expect(h.pending.map((p) => p.ms)).toEqual([250]);
    h.runTimers();
    const again = h.last();
    expect(again).toMatchObject({ method: 'GET', headers: { 'Last-Event-ID': 'e7' } });
    h.http({ req: again.req, phase: 'response', status: 405, headers: {} });
    h.http({ req: again.req, phase: 'end', how: 'complete', bytes: 0 });
    expect(h.pending).toEqual([]);
    expect(h.notes.at(-1)).toContain('405');
  });

  it('resumes a POST stream cut before its answer, and fails the request when the resumption gets nothing', () => {
    const h = harness({ maxResumes: 1 });
    h.transport.settle('handshake', '2025-11-25');
    h.transport.send(encodeFrame(flowRequest('handshake', 5, 'tools/call', { name: 'slow' })));
    const post = h.last();
    h.http({ req: post.req, phase: 'response', status: 200, headers: {}, contentType: 'text/event-stream' });
    h.http({ req: post.req, phase: 'sse-event', id: '3', size: 10 });
    h.line(encodeFrame(notification('notifications/progress', { progressToken: 'p', progress: 1 })));
    h.http({ req: post.req, phase: 'end', how: 'cut', bytes: 99 });
    expect(h.failed).toEqual([]);
    h.runTimers();
    const resume = h.last();
    expect(resume).toMatchObject({ method: 'GET', headers: { 'Last-Event-ID': '3' } });
    h.http({ req: resume.req, phase: 'response', status: 200, headers: {}, contentType: 'text/event-stream' });
    h.http({ req: resume.req, phase: 'end', how: 'complete', bytes: 0 });
    expect(h.failed).toEqual([{ id: 5, reason: 'the SSE stream ended without the answer' }]);
  });

  it('is content with an answer that comes on the resumed stream', () => {
    const h = harness();
    h.transport.settle('handshake', '2025-11-25');
    h.transport.send(encodeFrame(flowRequest('handshake', 6, 'tools/call', { name: 'x' })));
    const post = h.last();
    h.http({ req: post.req, phase: 'response', status: 200, headers: {}, contentType: 'text/event-stream' });
    h.http({ req: post.req, phase: 'sse-event', id: '1', size: 1 });
    h.line('{"jsonrpc":"2.0","method":"notifications/message","params":{}}');
    h.http({ req: post.req, phase: 'end', how: 'complete', bytes: 9 });
    h.runTimers();
    const resume = h.last();
    h.http({ req: resume.req, phase: 'response', status: 200, headers: {}, contentType: 'text/event-stream' });
    h.http({ req: resume.req, phase: 'sse-event', id: '2', size: 1 });
    h.line(result(6, { content: [] }));
    h.http({ req: resume.req, phase: 'end', how: 'complete', bytes: 9 });
    expect(h.failed).toEqual([]);
  });

  it('sends DELETE with the session on close and aborts the open stream', () => {
    const h = harness();
    h.transport.restore({ sessionId: 's9', protocolVersion: '2025-11-25', flow: 'handshake' });
    h.transport.openStream();
    const stream = h.last();
    h.transport.close();
    expect(h.aborted).toEqual([{ req: stream.req, reason: 'the connection is closing' }]);
    expect(h.last()).toMatchObject({ method: 'DELETE', headers: { 'Mcp-Session-Id': 's9' } });
    h.transport.send('{"jsonrpc":"2.0","id":9,"method":"ping"}');
    expect(h.last().method).toBe('DELETE');
  });

  it('says a 404 to a request that carried the session ended it, and fails that request', () => {
    const h = harness();
    h.transport.restore({ sessionId: 'old', protocolVersion: '2025-11-25', flow: 'handshake' });
    h.transport.send(encodeFrame(flowRequest('handshake', 2, 'tools/list', undefined)));
    h.json(h.last().req, 404, undefined);
    expect(h.failed).toEqual([{ id: 2, reason: 'HTTP 404' }]);
    expect(h.transport.sessionId).toBeUndefined();
    expect(h.notes.at(-1)).toBe('the server answered 404 to session old: the session has ended; connect again to start a new one');
  });
});

describe('HttpTransport, what ends without an answer', () => {
  it('fails a request on an HTTP error, with the body’s first words', () => {
    const h = harness();
    h.transport.send(encodeFrame(flowRequest('stateless', 1, 'server/discover', {})));
    h.json(h.last().req, 400, '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}');
    expect(h.failed).toHaveLength(1);
    expect(h.failed[0]?.reason).toMatch(/^HTTP 400: \{"jsonrpc".*No valid session ID/);
  });

  it('does not fail a request whose error answer came with the error status', () => {
    const h = harness();
    h.transport.send(encodeFrame(flowRequest('stateless', 1, 'server/discover', {})));
    h.json(h.last().req, 400, '{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version"}}');
    expect(h.failed).toEqual([]);
  });

  it('passes on the bridge’s reason for an error (a redirect not followed, a refused connection)', () => {
    const h = harness();
    h.transport.send(encodeFrame(flowRequest('handshake', 4, 'tools/list', undefined)));
    const req = h.last().req;
    h.http({ req, phase: 'response', status: 307, headers: { location: 'http://elsewhere/' } });
    h.http({ req, phase: 'error', code: 'redirect', message: 'HTTP 307 to http://elsewhere/: not followed' });
    expect(h.failed).toEqual([{ id: 4, reason: 'HTTP 307 to http://elsewhere/: not followed' }]);
    h.transport.send(encodeFrame(flowRequest('handshake', 5, 'tools/list', undefined)));
    h.http({ req: h.last().req, phase: 'error', code: 'refused', message: 'could not reach http://127.0.0.1:9/: ECONNREFUSED' });
    expect(h.failed[1]).toEqual({ id: 5, reason: 'could not reach http://127.0.0.1:9/: ECONNREFUSED', unreachable: true });
  });

  it('notes a notification the server refused, and fails nothing', () => {
    const h = harness();
    h.transport.send(encodeFrame(initializedNotification()));
    h.json(h.last().req, 500, 'oops');
    expect(h.failed).toEqual([]);
    expect(h.notes.at(-1)).toBe('the server did not accept notifications/initialized: HTTP 500: oops');
  });
});

describe('HttpTransport, stateless flow', () => {
  it('cancels by closing the request’s stream rather than posting notifications/cancelled, and fails nothing after', () => {
    const h = harness();
    h.transport.settle('stateless', '2026-07-28');
    h.transport.send(encodeFrame(flowRequest('stateless', 11, 'subscriptions/listen', { notifications: {} })));
    const listen = h.last();
    h.transport.send(encodeFrame(notification('notifications/cancelled', { requestId: 11, reason: 'closed by the user' })));
    expect(h.performed).toHaveLength(1);
    expect(h.aborted).toEqual([{ req: listen.req, reason: 'cancelled: closed by the user' }]);
    h.http({ req: listen.req, phase: 'error', code: 'aborted', message: 'aborted' });
    expect(h.failed).toEqual([]);
  });

  it('never resumes a stateless stream: the request fails when it ends without its answer', () => {
    const h = harness();
    h.transport.settle('stateless', '2026-07-28');
    h.transport.send(encodeFrame(flowRequest('stateless', 12, 'tools/call', { name: 'x' })));
    const post = h.last();
    h.http({ req: post.req, phase: 'response', status: 200, headers: {}, contentType: 'text/event-stream' });
    h.http({ req: post.req, phase: 'sse-event', id: '1', size: 2 });
    h.line('{}');
    h.http({ req: post.req, phase: 'end', how: 'cut', bytes: 9 });
    expect(h.failed).toEqual([{ id: 12, reason: 'the SSE stream was cut inside an event, before the answer' }]);
  });

  it('mirrors x-mcp-header arguments once tools/list has shown the schema, and notes a tool whose annotations are invalid', () => {
    const h = harness();
    h.transport.settle('stateless', '2026-07-28');
    h.transport.send(encodeFrame(flowRequest('stateless', 1, 'tools/list', {})));
    const tools = [
      { name: 'sql', inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } } },
      { name: 'bad', inputSchema: { type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } } },
    ];
    h.json(h.last().req, 200, result(1, { tools }));
    h.transport.send(encodeFrame(flowRequest('stateless', 2, 'tools/call', { name: 'sql', arguments: { region: 'eu' } })));
    expect(h.last().headers['Mcp-Param-Region']).toBe('eu');
    expect(h.notes).toEqual([expect.stringMatching(/^tool bad: n: x-mcp-header "N" is on a parameter of type "number"/)]);
  });
});
