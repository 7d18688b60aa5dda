import { describe, expect, it } from 'vitest';
import { Connector } from './connect.js';
import { classifyValue } from './jsonrpc.js';

describe('Connector: an initialize answer naming a version this client does not speak', () => {
  it.each(['2099-01-01', '2026-07-28', 'not-a-date'])('fails on %s, naming it, and sends no notifications/initialized', (version) => {
    let id = 0;
    const c = new Connector('handshake', { nextId: () => ++id });
    c.start();
    const actions = c.onMessage(
      classifyValue({
        jsonrpc: '2.0',
        id: 1,
        result: { protocolVersion: version, capabilities: {}, serverInfo: { name: 's', version: '1' } },
      }),
    );
    expect(actions.some((a) => a.type === 'connected' || a.type === 'send')).toBe(false);
    const failed = actions.find((a) => a.type === 'failed');
    expect(failed?.reason).toContain(`"${version}"`);
    expect(failed?.reason).toContain('does not implement');
    expect(c.finished).toBe(true);
  });
});
