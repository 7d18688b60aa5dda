/**
 * The compiled demo server (dist/node/demo/server.js), spawned for real and driven line by line:
 * the first message decides the flow for the life of the process, so nothing sent later can
 * flip a stateless connection to the handshake flow.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnStdioPeer, type StdioPeer } from './testing/stdioPeer.js';

const server = path.resolve(import.meta.dirname, '..', 'dist', 'node', 'demo', 'server.js');
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'demo-test', version: '0.0.1' },
};

let peer: StdioPeer | undefined;
const start = (): StdioPeer => (peer = spawnStdioPeer(process.execPath, [server]));
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

const discover = { id: 1, method: 'server/discover', params: { _meta: META } };
const statelessEcho = (id: number) => ({ id, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' }, _meta: META } });
const resultOf = (answer: Record<string, unknown>): Record<string, unknown> => answer.result as Record<string, unknown>;
const errorOf = (answer: Record<string, unknown>): { code: number; message: string; data?: unknown } =>
  answer.error as { code: number; message: string; data?: unknown };

describe('demo server: the first message pins the flow', () => {
  it('after server/discover, a request without _meta is refused and later results keep resultType', async () => {
    const p = start();
    expect(resultOf(await p.request(discover)).supportedVersions).toEqual(['2026-07-28']);
    const bare = await p.request({ id: 2, method: 'tools/list' });
    expect(errorOf(bare).code).toBe(-32602);
    expect(errorOf(bare).message).toContain('_meta');
    expect(resultOf(await p.request(statelessEcho(3))).resultType).toBe('complete');
  });

  it('after server/discover, a notification without _meta does not switch flows', async () => {
    const p = start();
    await p.request(discover);
    p.notify({ method: 'notifications/cancelled', params: { requestId: 1, reason: 'probe no longer needed' } });
    expect(resultOf(await p.request(statelessEcho(2))).resultType).toBe('complete');
  });

  it('after server/discover, initialize is refused with -32022 naming the supported versions', async () => {
    const p = start();
    await p.request(discover);
    const init = await p.request({
      id: 2,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(errorOf(init)).toEqual({
      code: -32022,
      message: 'Unsupported protocol version: 2025-11-25',
      data: { supported: ['2026-07-28'], requested: '2025-11-25' },
    });
    expect(resultOf(await p.request(statelessEcho(3))).resultType).toBe('complete');
  });

  it('a first request claiming an unknown revision gets -32022 and still opens the stateless flow', async () => {
    const p = start();
    const old = await p.request({
      id: 1,
      method: 'tools/list',
      params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '1999-01-01' } },
    });
    expect(errorOf(old).code).toBe(-32022);
    expect(errorOf(await p.request({ id: 2, method: 'ping' })).code).toBe(-32602);
    expect(resultOf(await p.request(statelessEcho(3))).resultType).toBe('complete');
  });

  it('once stateless requests were served, each request claiming an unknown revision still gets -32022', async () => {
    const p = start();
    await p.request(discover);
    await p.request(statelessEcho(2));
    const old = { ...META, 'io.modelcontextprotocol/protocolVersion': '1999-01-01' };
    expect(errorOf(await p.request({ id: 3, method: 'tools/list', params: { _meta: old } }))).toEqual({
      code: -32022,
      message: 'Unsupported protocol version: 1999-01-01',
      data: { supported: ['2026-07-28'], requested: '1999-01-01' },
    });
    expect(errorOf(await p.request({ id: 4, method: 'server/discover', params: { _meta: old } })).code).toBe(-32022);
    expect(resultOf(await p.request(statelessEcho(5))).resultType).toBe('complete');
  });

  it('once stateless requests were served, a bare request is still refused the same way', async () => {
    const p = start();
    await p.request(discover);
    await p.request(statelessEcho(2));
    expect(errorOf(await p.request({ id: 3, method: 'tools/list' })).code).toBe(-32602);
    expect(resultOf(await p.request(statelessEcho(4))).resultType).toBe('complete');
  });

  it('a cancellation without _meta still reaches a running stateless call', async () => {
    const p = start();
    await p.request(discover);
    const slow = { id: 2, method: 'tools/call', params: { name: 'slow', arguments: { steps: 50, delayMs: 200 }, _meta: META } };
    // Lines are read in order, so the cancellation reaches the server after the call it names.
    void p.request(slow).catch(() => undefined);
    p.notify({ method: 'notifications/cancelled', params: { requestId: 2 } });
    expect(await p.stderrMatch(/slow cancelled after \d+ of 50 steps \(modern\)/)).toBeTruthy();
  });

  it('a handshake opening stays the handshake flow: later _meta requests are served without resultType', async () => {
    const p = start();
    const init = await p.request({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(resultOf(init).protocolVersion).toBe('2025-11-25');
    p.notify({ method: 'notifications/initialized' });
    const echo = resultOf(await p.request(statelessEcho(2)));
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: hi' }]);
    expect(echo.resultType).toBeUndefined();
    expect(errorOf(await p.request(discover)).code).toBe(-32601);
  });
});
