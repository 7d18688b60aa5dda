import { describe, expect, it } from 'vitest';
import { ClientSession } from './clientSession.js';
import { LATEST_HANDSHAKE_VERSION, META_KEYS, STATELESS_VERSION, type Flow } from './flows.js';
import { classifyValue } from './jsonrpc.js';
import { changeLogLevel } from './logLevelChange.js';

function session(flow: Flow, answer?: (frame: { id: number }) => unknown): { session: ClientSession; lines: string[] } {
  const lines: string[] = [];
  let id = 0;
  const s: ClientSession = new ClientSession({
    flow,
    protocolVersion: flow === 'stateless' ? STATELESS_VERSION : LATEST_HANDSHAKE_VERSION,
    send: (line) => {
      lines.push(line);
      const reply = answer?.(JSON.parse(line) as { id: number });
      if (reply !== undefined) queueMicrotask(() => s.onMessage(classifyValue(reply)));
    },
    nextId: () => ++id,
  });
  return { session: s, lines };
}

describe('changeLogLevel', () => {
  it('handshake: sends logging/setLevel and reads the answer', async () => {
    const h = session('handshake', (f) => ({ jsonrpc: '2.0', id: f.id, result: {} }));
    expect(await changeLogLevel(h.session, 'info')).toBe('logging/setLevel info: accepted');
    expect(h.lines).toEqual(['{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"info"}}']);
  });

  it('handshake: a refusal is named by its code', async () => {
    const h = session('handshake', (f) => ({ jsonrpc: '2.0', id: f.id, error: { code: -32601, message: 'no logging' } }));
    expect(await changeLogLevel(h.session, 'debug')).toBe('logging/setLevel debug: refused: -32601 Method not found: no logging');
  });

  it('handshake: no level cannot be asked for, and nothing is sent', async () => {
    const h = session('handshake');
    expect(await changeLogLevel(h.session, undefined)).toContain('cannot take a level back');
    expect(h.lines).toEqual([]);
  });

  it('stateless: sends nothing, and the next request carries the level in _meta', async () => {
    const h = session('stateless');
    expect(await changeLogLevel(h.session, 'warning')).toBe(`warning goes in _meta (${META_KEYS.logLevel}) on every request from now on`);
    expect(h.lines).toEqual([]);
    h.session.request('tools/list', undefined);
    expect(h.lines[0]).toContain(`"${META_KEYS.logLevel}":"warning"`);
  });
});
