import { describe, expect, it } from 'vitest';
import { discoverRequest, encodeFrame, flowRequest, initializeRequest, initializedNotification } from '../flows.js';
import { bodyInfo, deleteRequest, postRequest, streamRequest } from './requests.js';

const both = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };

describe('postRequest, handshake flow (2025-11-25)', () => {
  it('sends initialize with only Accept and Content-Type, then the session and the version once known', () => {
    const init = encodeFrame(initializeRequest(1));
    expect(postRequest('h1', init)).toEqual({ req: 'h1', method: 'POST', headers: both, text: init });
    // A session and a version known already never go on initialize itself... the version does not.
    expect(postRequest('h1', init, { sessionId: 's', protocolVersion: '2025-11-25' }).headers).toEqual({ ...both, 'Mcp-Session-Id': 's' });
    const initialized = encodeFrame(initializedNotification());
    expect(postRequest('h2', initialized, { sessionId: 'abc', protocolVersion: '2025-06-18' }).headers).toEqual({
      ...both,
      'Mcp-Session-Id': 'abc',
      'MCP-Protocol-Version': '2025-06-18',
    });
  });

  it('sends no stateless header on a handshake request, nor on a response to the server', () => {
    const call = encodeFrame(flowRequest('handshake', 3, 'tools/call', { name: 'add' }));
    const headers = postRequest('h3', call, { flow: 'handshake', protocolVersion: '2025-11-25' }).headers;
    expect(headers).not.toHaveProperty('Mcp-Method');
    expect(headers).not.toHaveProperty('Mcp-Name');
    const answer = JSON.stringify({ jsonrpc: '2.0', id: 0, result: { roots: [] } });
    expect(postRequest('h4', answer, { flow: 'stateless', protocolVersion: '2026-07-28' }).headers).not.toHaveProperty('Mcp-Method');
  });
});

describe('postRequest, stateless flow (2026-07-28)', () => {
  it('mirrors the envelope’s version, the method and the name', () => {
    const call = encodeFrame(
      flowRequest('stateless', 7, 'tools/call', { name: 'get_weather', arguments: {} }, { protocolVersion: '2026-07-28' }),
    );
    expect(postRequest('h1', call).headers).toEqual({
      ...both,
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'get_weather',
    });
    const read = encodeFrame(flowRequest('stateless', 8, 'resources/read', { uri: 'file:///projects/é.json' }));
    expect(postRequest('h2', read).headers['Mcp-Name']).toBe('=?base64?ZmlsZTovLy9wcm9qZWN0cy/DqS5qc29u?=');
    const discover = encodeFrame(discoverRequest(1));
    expect(postRequest('h3', discover).headers).toEqual({ ...both, 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'server/discover' });
  });

  it('takes the version from the body even when the connection settled another way, and never sends a session', () => {
    const discover = encodeFrame(discoverRequest(1, { protocolVersion: '2026-07-28' }));
    const headers = postRequest('h1', discover, { sessionId: 's1', protocolVersion: '2025-11-25', flow: 'handshake' }).headers;
    expect(headers['MCP-Protocol-Version']).toBe('2026-07-28');
    expect(headers).not.toHaveProperty('Mcp-Session-Id');
  });

  it('mirrors the arguments a tool marks with x-mcp-header', () => {
    const call = encodeFrame(flowRequest('stateless', 9, 'tools/call', { name: 'sql', arguments: { region: 'us-west1', query: 'x' } }));
    const headers = postRequest('h1', call, { paramHeaders: [{ name: 'Region', path: ['region'] }] }).headers;
    expect(headers['Mcp-Param-Region']).toBe('us-west1');
  });

  it('sends a message without an envelope on a stateless connection with the settled version (a raw line)', () => {
    const raw = JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list' });
    expect(postRequest('h1', raw, { flow: 'stateless', protocolVersion: '2026-07-28' }).headers).toEqual({
      ...both,
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/list',
    });
    // Not JSON at all: posted exactly as typed, with what the connection knows.
    expect(postRequest('h2', '{oops', { flow: 'handshake', sessionId: 's' })).toEqual({
      req: 'h2',
      method: 'POST',
      headers: { ...both, 'Mcp-Session-Id': 's' },
      text: '{oops',
    });
  });
});

describe('the GET stream and DELETE', () => {
  it('ask for an event stream with the session, the version and the last event id', () => {
    expect(streamRequest('h5', { sessionId: 's', protocolVersion: '2025-11-25', lastEventId: '42' })).toEqual({
      req: 'h5',
      method: 'GET',
      headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': 's', 'MCP-Protocol-Version': '2025-11-25', 'Last-Event-ID': '42' },
    });
    expect(deleteRequest('h6', { sessionId: 's' })).toEqual({ req: 'h6', method: 'DELETE', headers: { 'Mcp-Session-Id': 's' } });
  });
});

describe('bodyInfo', () => {
  it('reads a request, a notification, a response and what is not JSON-RPC', () => {
    expect(bodyInfo('{"jsonrpc":"2.0","id":"a","method":"m"}')).toEqual({ id: 'a', method: 'm', response: false });
    expect(bodyInfo('{"jsonrpc":"2.0","method":"n"}')).toEqual({ method: 'n', response: false });
    expect(bodyInfo('{"jsonrpc":"2.0","id":1,"result":{}}')).toEqual({ response: true });
    expect(bodyInfo('[1]')).toEqual({ response: false });
    expect(bodyInfo('nope')).toEqual({ response: false });
  });
});
