// The body of a GET or DELETE the server refused is HTTP speaking, not a JSON-RPC answer: those
// requests carry no message, so the SDK's 405 body (an error with "id": null) answers nothing.
// A POSTed request's error without an id is still judged.
import { describe, expect, it } from 'vitest';

import { Transcript, lint, rulesOf } from './testing/transcript.js';

const URL = 'http://127.0.0.1:38124/mcp';
const JSON_HEADERS = { 'content-type': 'application/json' };
const SSE_HEADERS = { 'content-type': 'text/event-stream' };
/** What an SDK server (createMcpHandler, stateless serving of 2025-era traffic) answers a GET or a DELETE with. */
const METHOD_NOT_ALLOWED = '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Method not allowed."},"id":null}';

/** The handshake over HTTP up to the GET for the server's stream, as the bridge recorded it against that server. */
function handshakeOverHttp(): Transcript {
  return new Transcript('cli')
    .spawn()
    .connectStart('handshake')
    .http('h1', { phase: 'request', method: 'POST', url: URL, headers: { Accept: 'application/json, text/event-stream' } })
    .send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-lens', version: '0.1.0' } },
    })
    .http('h1', { phase: 'response', status: 200, headers: SSE_HEADERS, contentType: 'text/event-stream' })
    .http('h1', { phase: 'sse-event', event: 'message', size: 173 })
    .recv(
      '{"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"http-sdk-stateless","version":"1.0.0"}},"jsonrpc":"2.0","id":1}',
    )
    .http('h2', { phase: 'request', method: 'POST', url: URL, headers: { 'MCP-Protocol-Version': '2025-11-25' } })
    .send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    .connectDone('handshake', '2025-11-25')
    .http('h1', { phase: 'end', how: 'complete', bytes: 196 })
    .http('h2', { phase: 'response', status: 202, headers: {} })
    .http('h2', { phase: 'end', how: 'complete', bytes: 0 });
}

describe('the body of a refused GET or DELETE is no JSON-RPC message', () => {
  it('a GET stream answered 405 with an error without an id: no finding', () => {
    const t = handshakeOverHttp()
      .http('h3', { phase: 'request', method: 'GET', url: URL, headers: { Accept: 'text/event-stream' } })
      .http('h4', { phase: 'request', method: 'POST', url: URL, headers: {} })
      .send({ jsonrpc: '2.0', id: 2, method: 'tools/list' })
      .http('h3', { phase: 'response', status: 405, headers: { allow: 'POST', ...JSON_HEADERS }, contentType: 'application/json' })
      .recv(METHOD_NOT_ALLOWED)
      .http('h3', { phase: 'end', how: 'complete', bytes: 83 })
      .note('connect.step', { text: 'the server offers no stream for its own messages (GET answered 405): they come only with answers' })
      .http('h4', { phase: 'response', status: 200, headers: SSE_HEADERS, contentType: 'text/event-stream' })
      .http('h4', { phase: 'sse-event', event: 'message', size: 40 })
      .recv({ jsonrpc: '2.0', id: 2, result: { tools: [] } })
      .http('h4', { phase: 'end', how: 'complete', bytes: 60 });
    expect(lint(t.events)).toEqual([]);
  });

  it('a DELETE answered 405, and a GET answered 404 (the session ended), with a note between status and body: no finding', () => {
    const t = handshakeOverHttp()
      .http('h3', { phase: 'request', method: 'DELETE', url: URL, headers: { 'Mcp-Session-Id': 's-1' } })
      .http('h3', { phase: 'response', status: 405, headers: JSON_HEADERS, contentType: 'application/json' })
      .note('connect.step', { text: 'a note the engine wrote on hearing the response' })
      .recv(METHOD_NOT_ALLOWED)
      .http('h3', { phase: 'end', how: 'complete', bytes: 83 })
      .http('h5', { phase: 'request', method: 'GET', url: URL, headers: { 'Mcp-Session-Id': 's-1' } })
      .http('h5', { phase: 'response', status: 404, headers: JSON_HEADERS, contentType: 'application/json' })
      .recv('{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}')
      .http('h5', { phase: 'end', how: 'complete', bytes: 80 });
    expect(lint(t.events)).toEqual([]);
  });

  it('a POSTed request answered with an error without an id is still error-without-id', () => {
    const t = handshakeOverHttp()
      .http('h3', { phase: 'request', method: 'POST', url: URL, headers: {} })
      .send({ jsonrpc: '2.0', id: 2, method: 'tools/list' })
      .http('h3', { phase: 'response', status: 400, headers: JSON_HEADERS, contentType: 'application/json' })
      .recv('{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"},"id":null}')
      .http('h3', { phase: 'end', how: 'complete', bytes: 98 });
    expect(rulesOf(lint(t.events))).toEqual(['error-without-id']);
  });

  it('what the GET stream carries once open is judged like any message', () => {
    const t = handshakeOverHttp()
      .http('h3', { phase: 'request', method: 'GET', url: URL, headers: { Accept: 'text/event-stream' } })
      .http('h3', { phase: 'response', status: 200, headers: SSE_HEADERS, contentType: 'text/event-stream' })
      .http('h3', { phase: 'sse-event', event: 'message', size: 60 })
      .recv('{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"},"id":null}')
      .http('h3', { phase: 'error', code: 'aborted', message: 'the connection is closing' });
    expect(rulesOf(lint(t.events))).toEqual(['error-without-id']);
  });
});
