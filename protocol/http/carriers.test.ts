// Over HTTP the exchange says what a body answers: the probe's id-less refusal is the probe's
// answer (no stray error, no orphan), and a POST refused with a page closes the request it
// carried, so an older server's initialize sent again to its endpoint clashes with nothing.
import { describe, expect, it } from 'vitest';
import { ExchangeTracker } from '../exchanges.js';
import { Transcript, lint, rulesOf } from '../lint/testing/transcript.js';

const URL = 'http://127.0.0.1:38124/mcp';
const JSON_HEADERS = { 'content-type': 'application/json' };
const SSE_HEADERS = { 'content-type': 'text/event-stream' };
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 2,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-lens', version: '0.1.0' } },
};
const INITIALIZED =
  '{"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"old","version":"1"}},"jsonrpc":"2.0","id":2}';

function probe(t: Transcript, status: number, body: string): Transcript {
  return t
    .http('h1', { phase: 'request', method: 'POST', url: URL, headers: {} })
    .send({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'mcp-lens', version: '0.1.0' },
        },
      },
    })
    .http('h1', { phase: 'response', status, headers: JSON_HEADERS, contentType: 'application/json' })
    .recv(body)
    .http('h1', { phase: 'end', how: 'complete', bytes: body.length });
}

function track(t: Transcript): { tracker: ExchangeTracker; pairings: string[] } {
  const tracker = new ExchangeTracker();
  const pairings: string[] = [];
  for (const event of t.events) {
    const message = tracker.apply(event);
    if (message?.from === 'server') pairings.push(message.pairing.kind);
  }
  return { tracker, pairings };
}

describe('HTTP carriers', () => {
  it("auto's probe refused by a handshake-only server with an id-less error: paired with the probe, no finding", () => {
    const t = probe(
      new Transcript('cli').spawn().connectStart('auto'),
      400,
      '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Server not initialized"},"id":null}',
    );
    expect(lint(t.events).map((f) => f.message)).toEqual([]);
    const { tracker, pairings } = track(t);
    expect(pairings).toEqual(['response']);
    expect(tracker.get('cli', 'client', 1)).toMatchObject({ method: 'server/discover', status: 'error' });
  });

  it('the same refusal carrying our id pairs the plain way', () => {
    const t = probe(
      new Transcript('cli').spawn().connectStart('auto'),
      400,
      '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Server not initialized"},"id":1}',
    );
    expect(lint(t.events).map((f) => f.message)).toEqual([]);
    expect(track(t).pairings).toEqual(['response']);
  });

  it('an older server: initialize refused with a 404 page, the endpoint event, initialize again to the endpoint: no finding', () => {
    const t = new Transcript('cli')
      .spawn()
      .connectStart('handshake')
      .http('h1', { phase: 'request', method: 'POST', url: URL, headers: {} })
      .send(INITIALIZE)
      .http('h1', { phase: 'response', status: 404, headers: { 'content-type': 'text/html' }, contentType: 'text/html' })
      .recv('<!DOCTYPE html><pre>Cannot POST /sse</pre>')
      .http('h1', { phase: 'end', how: 'complete', bytes: 40 })
      .http('h2', { phase: 'request', method: 'GET', url: URL, headers: { Accept: 'text/event-stream' } })
      .http('h2', { phase: 'response', status: 200, headers: SSE_HEADERS, contentType: 'text/event-stream' })
      .http('h2', { phase: 'sse-event', event: 'endpoint', size: 25 })
      .recv('/message?sessionId=abc')
      .http('h3', { phase: 'request', method: 'POST', url: 'http://127.0.0.1:38124/message?sessionId=abc', headers: {} })
      .send(INITIALIZE)
      .http('h3', { phase: 'response', status: 202, headers: {} })
      .http('h3', { phase: 'end', how: 'complete', bytes: 8 })
      .http('h2', { phase: 'sse-event', event: 'message', size: INITIALIZED.length })
      .recv(INITIALIZED);
    expect(rulesOf(lint(t.events))).toEqual([]);
    const { tracker } = track(t);
    expect(tracker.get('cli', 'client', 2)).toMatchObject({ method: 'initialize', status: 'result' });
  });

  it('a successful POST answered with a page is still an HTTP body that is not JSON, and said so', () => {
    const t = new Transcript('cli')
      .spawn()
      .connectStart('handshake')
      .http('h1', { phase: 'request', method: 'POST', url: URL, headers: {} })
      .send(INITIALIZE)
      .http('h1', { phase: 'response', status: 200, headers: { 'content-type': 'text/html' }, contentType: 'text/html' })
      .recv('<html>hello</html>')
      .http('h1', { phase: 'end', how: 'complete', bytes: 18 });
    const findings = lint(t.events);
    expect(rulesOf(findings)).toEqual(['stdout-non-json']);
    expect(findings[0]?.message).toMatch(/^The server sent an HTTP body \(or SSE event data\) that is not JSON/);
  });
});
