import { describe, expect, it } from 'vitest';
import { OpeningWatcher } from './openingWatcher.js';
import { classifyValue } from './jsonrpc.js';

const client = (w: OpeningWatcher, value: unknown) => w.onClient(classifyValue(value));
const server = (w: OpeningWatcher, value: unknown) => w.onServer(classifyValue(value));

describe('an opening written by hand', () => {
  it('is a handshake once initialize is answered and notifications/initialized is sent', () => {
    const w = new OpeningWatcher();
    expect(
      client(w, { jsonrpc: '2.0', id: 7, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {} } }),
    ).toBeUndefined();
    const result = {
      protocolVersion: '2025-06-18',
      capabilities: { tools: {} },
      serverInfo: { name: 's', version: '1' },
      instructions: 'be nice',
    };
    expect(server(w, { jsonrpc: '2.0', id: 7, result })).toBeUndefined();
    expect(client(w, { jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({
      flow: 'handshake',
      protocolVersion: '2025-06-18',
      serverInfo: { name: 's', version: '1' },
      capabilities: { tools: {} },
      instructions: 'be nice',
    });
    // Once is enough: later lines change nothing.
    expect(client(w, { jsonrpc: '2.0', method: 'notifications/initialized' })).toBeUndefined();
  });

  it('takes the version the server chose, and the asked one when it names none', () => {
    const w = new OpeningWatcher();
    client(w, { jsonrpc: '2.0', id: 'a', method: 'initialize', params: { protocolVersion: '2025-11-25' } });
    client(w, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(server(w, { jsonrpc: '2.0', id: 'a', result: { capabilities: {} } })).toMatchObject({
      flow: 'handshake',
      protocolVersion: '2025-11-25',
    });
  });

  it('ignores answers to other ids, errors, and notifications/initialized with no answered initialize', () => {
    const w = new OpeningWatcher();
    expect(client(w, { jsonrpc: '2.0', method: 'notifications/initialized' })).toBeUndefined();
    client(w, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } });
    expect(server(w, { jsonrpc: '2.0', id: 2, result: { protocolVersion: '2025-11-25' } })).toBeUndefined();
    expect(server(w, { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'no' } })).toBeUndefined();
    expect(client(w, { jsonrpc: '2.0', method: 'notifications/initialized' })).toBeUndefined();
    // A second try, answered, completes it.
    client(w, { jsonrpc: '2.0', id: 3, method: 'initialize', params: { protocolVersion: '2025-11-25' } });
    expect(server(w, { jsonrpc: '2.0', id: 3, result: { protocolVersion: '2025-11-25' } })).toMatchObject({ flow: 'handshake' });
  });

  it('is the stateless flow once a server/discover is answered', () => {
    const w = new OpeningWatcher();
    client(w, {
      jsonrpc: '2.0',
      id: 'd1',
      method: 'server/discover',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    });
    const result = {
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {} },
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: '2' } },
    };
    expect(server(w, { jsonrpc: '2.0', id: 'd1', result })).toEqual({
      flow: 'stateless',
      protocolVersion: '2026-07-28',
      serverInfo: { name: 'modern', version: '2' },
      capabilities: { tools: {} },
      supportedVersions: ['2026-07-28'],
    });
  });

  it('does not take a discover error or a string id 1 for the number 1', () => {
    const w = new OpeningWatcher();
    client(w, { jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} });
    expect(server(w, { jsonrpc: '2.0', id: '1', result: { supportedVersions: ['2026-07-28'] } })).toBeUndefined();
    expect(server(w, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } })).toBeUndefined();
  });

  it('knows the highest numeric id the user wrote, so the app goes on after it', () => {
    const w = new OpeningWatcher();
    expect(w.maxClientId).toBe(0);
    client(w, { jsonrpc: '2.0', id: 7, method: 'initialize', params: {} });
    client(w, { jsonrpc: '2.0', id: 'x', method: 'ping' });
    client(w, { jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(w.maxClientId).toBe(7);
  });
});
