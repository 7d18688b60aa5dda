import { describe, expect, it } from 'vitest';
import { ClientSession } from './clientSession.js';
import { META_KEYS, STATELESS_VERSION } from './flows.js';

function session(logLevel?: 'info'): { session: ClientSession; metas: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  let id = 0;
  const s = new ClientSession({
    flow: 'stateless',
    protocolVersion: STATELESS_VERSION,
    send: (line) => lines.push(line),
    nextId: () => ++id,
    ...(logLevel ? { logLevel } : {}),
  });
  return {
    session: s,
    metas: () => lines.map((line) => (JSON.parse(line) as { params: { _meta: Record<string, unknown> } }).params._meta),
  };
}

describe('ClientSession: the stateless log level changed after opening', () => {
  it('goes in the _meta of every request sent after the change, and leaves it when cleared', () => {
    const h = session('info');
    h.session.request('tools/list', undefined);
    h.session.logLevel = 'debug';
    h.session.request('tools/list', undefined);
    h.session.logLevel = undefined;
    h.session.request('tools/list', undefined);
    expect(h.metas().map((m) => m[META_KEYS.logLevel])).toEqual(['info', 'debug', undefined]);
    expect(h.session.logLevel).toBeUndefined();
  });
});
