import { describe, it, expect } from 'vitest';
import { Connector, type ConnectAction, type ConnectOptions } from './connect.js';
import { classifyValue, type Classified, type JsonRpcId } from './jsonrpc.js';
import { LATEST_HANDSHAKE_VERSION, META_KEYS, STATELESS_VERSION, type FlowChoice, type Frame } from './flows.js';

function connector(choice: FlowChoice, options: Partial<ConnectOptions> = {}): Connector {
  let id = 0;
  return new Connector(choice, { nextId: () => ++id, ...options });
}

const result = (id: JsonRpcId, value: unknown): Classified => classifyValue({ jsonrpc: '2.0', id, result: value });
const error = (id: JsonRpcId, code: number, message: string, data?: unknown): Classified =>
  classifyValue({ jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } });

const sent = (actions: ConnectAction[]): Frame[] => actions.flatMap((a) => (a.type === 'send' ? [a.frame] : []));
const only = <T extends ConnectAction['type']>(actions: ConnectAction[], type: T): Extract<ConnectAction, { type: T }> => {
  const found = actions.filter((a) => a.type === type);
  expect(found, `exactly one ${type} action in ${JSON.stringify(actions)}`).toHaveLength(1);
  return found[0] as Extract<ConnectAction, { type: T }>;
};
const steps = (actions: ConnectAction[]): string[] => actions.flatMap((a) => (a.type === 'step' ? [a.text] : []));
const versionOf = (frame: Frame): unknown =>
  frame.params?.protocolVersion ?? (frame.params?._meta as Record<string, unknown>)[META_KEYS.protocolVersion];

const discoverResult = (versions: string[]): unknown => ({
  supportedVersions: versions,
  capabilities: { tools: {} },
  instructions: 'hello',
  resultType: 'complete',
  _meta: { [META_KEYS.serverInfo]: { name: 'demo', version: '1.0.0' } },
});

describe('Connector: handshake', () => {
  it('sends initialize, then notifications/initialized on the result', () => {
    const c = connector('handshake');
    const start = c.start();
    const init = only(start, 'send').frame;
    expect(init).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: LATEST_HANDSHAKE_VERSION, capabilities: {} },
    });
    expect(only(start, 'wait').ms).toBe(30_000);
    expect(c.pendingId).toBe(1);
    expect(c.finished).toBe(false);

    const answer = c.onMessage(
      result(1, {
        protocolVersion: LATEST_HANDSHAKE_VERSION,
        capabilities: { tools: {} },
        serverInfo: { name: 's', version: '1' },
        instructions: 'hi',
      }),
    );
    expect(sent(answer)).toEqual([{ jsonrpc: '2.0', method: 'notifications/initialized' }]);
    expect(only(answer, 'connected').outcome).toEqual({
      flow: 'handshake',
      protocolVersion: LATEST_HANDSHAKE_VERSION,
      serverInfo: { name: 's', version: '1' },
      capabilities: { tools: {} },
      instructions: 'hi',
    });
    expect(steps(answer)).toEqual([]);
    expect(c.finished).toBe(true);
    expect(c.pendingId).toBeUndefined();
  });

  it('accepts a version the server counter-offers, and says so', () => {
    const c = connector('handshake');
    c.start();
    const answer = c.onMessage(result(1, { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'old', version: '1' } }));
    expect(only(answer, 'connected').outcome.protocolVersion).toBe('2025-06-18');
    expect(steps(answer)).toEqual([`asked for ${LATEST_HANDSHAKE_VERSION}; the server chose 2025-06-18`]);
    expect(sent(answer)[0]?.method).toBe('notifications/initialized');
  });

  it('asks for the pinned version', () => {
    const c = connector('handshake', { protocolVersion: '2025-03-26' });
    expect(versionOf(only(c.start(), 'send').frame)).toBe('2025-03-26');
  });

  it('ignores notifications, other ids and a string id that only looks equal', () => {
    const c = connector('handshake');
    c.start();
    expect(c.onMessage(classifyValue({ jsonrpc: '2.0', method: 'notifications/message', params: {} }))).toEqual([]);
    expect(c.onMessage(result(99, {}))).toEqual([]);
    expect(c.onMessage(result('1', {}))).toEqual([]);
    expect(c.onMessage(classifyValue('not json-rpc'))).toEqual([]);
    expect(c.finished).toBe(false);
  });

  it('fails on an initialize error, naming the versions the server supports', () => {
    const c = connector('handshake');
    c.start();
    const answer = c.onMessage(error(1, -32602, 'Unsupported protocol version', { supported: ['2024-11-05'] }));
    expect(only(answer, 'failed').reason).toBe(
      'initialize failed: -32602 Invalid params: Unsupported protocol version (the server supports 2024-11-05)',
    );
    expect(c.finished).toBe(true);
  });

  it('fails on a timeout and on an exit', () => {
    const a = connector('handshake', { timeoutMs: 500 });
    a.start();
    expect(only(a.onTimeout(), 'failed').reason).toBe('no answer to initialize within 500 ms');
    const b = connector('handshake');
    b.start();
    expect(only(b.onExit(), 'failed').reason).toBe('the server exited before answering initialize');
  });

  it('does nothing once finished', () => {
    const c = connector('handshake');
    c.start();
    c.onMessage(result(1, { protocolVersion: LATEST_HANDSHAKE_VERSION }));
    expect(c.onMessage(result(1, {}))).toEqual([]);
    expect(c.onTimeout()).toEqual([]);
    expect(c.onExit()).toEqual([]);
    expect(c.onRestarted()).toEqual([]);
  });
});

describe('Connector: stateless', () => {
  it('sends server/discover with the _meta envelope and connects on the result', () => {
    const c = connector('stateless', { clientInfo: { name: 'lens-test', version: '9' } });
    const start = c.start();
    expect(steps(start)).toHaveLength(1);
    const discover = only(start, 'send').frame;
    expect(discover).toMatchObject({ id: 1, method: 'server/discover' });
    expect(discover.params?._meta).toEqual({
      [META_KEYS.protocolVersion]: STATELESS_VERSION,
      [META_KEYS.clientCapabilities]: {},
      [META_KEYS.clientInfo]: { name: 'lens-test', version: '9' },
    });
    expect(only(start, 'wait').ms).toBe(30_000);

    const answer = c.onMessage(result(1, discoverResult([STATELESS_VERSION])));
    expect(sent(answer)).toEqual([]); // no notifications/initialized in this flow
    expect(only(answer, 'connected').outcome).toEqual({
      flow: 'stateless',
      protocolVersion: STATELESS_VERSION,
      serverInfo: { name: 'demo', version: '1.0.0' },
      capabilities: { tools: {} },
      supportedVersions: [STATELESS_VERSION],
      instructions: 'hello',
    });
    expect(c.finished).toBe(true);
  });

  it('connects at once without discover when told to skip it', () => {
    const c = connector('stateless', { discover: false });
    const start = c.start();
    expect(sent(start)).toEqual([]);
    expect(only(start, 'connected').outcome).toEqual({ flow: 'stateless', protocolVersion: STATELESS_VERSION });
    expect(c.finished).toBe(true);
  });

  it('against -32601 fails with a one-line reason that points at the handshake', () => {
    const c = connector('stateless');
    c.start();
    const answer = c.onMessage(error(1, -32601, 'Method not found'));
    expect(sent(answer)).toEqual([]);
    const reason = only(answer, 'failed').reason;
    expect(reason).not.toContain('\n');
    expect(reason).toContain('-32601');
    expect(reason).toContain('handshake');
    expect(c.finished).toBe(true);
  });

  it('fails on any other discover error with the code named', () => {
    const c = connector('stateless');
    c.start();
    expect(only(c.onMessage(error(1, -32603, 'boom')), 'failed').reason).toBe('server/discover failed: -32603 Internal error: boom');
  });

  it('fails when the server does not list the version', () => {
    const c = connector('stateless');
    c.start();
    expect(only(c.onMessage(result(1, discoverResult(['2026-12-01']))), 'failed').reason).toBe(
      `server/discover lists versions 2026-12-01, not ${STATELESS_VERSION}`,
    );
  });

  it('on -32022 retries once with a version from the server list when none was pinned', () => {
    const c = connector('stateless');
    c.start();
    const retry = c.onMessage(error(1, -32022, 'Unsupported protocol version', { supported: ['2025-11-25', '2026-12-01'] }));
    expect(steps(retry)[0]).toContain('retrying with 2026-12-01');
    const again = only(retry, 'send').frame;
    expect(again).toMatchObject({ id: 2, method: 'server/discover' });
    expect(versionOf(again)).toBe('2026-12-01');
    expect(c.pendingId).toBe(2);

    const answer = c.onMessage(result(2, discoverResult(['2026-12-01'])));
    expect(only(answer, 'connected').outcome).toMatchObject({ flow: 'stateless', protocolVersion: '2026-12-01' });
  });

  it('on a second -32022 gives up instead of looping', () => {
    const c = connector('stateless');
    c.start();
    c.onMessage(error(1, -32022, 'Unsupported', { supported: ['2026-12-01'] }));
    const answer = c.onMessage(error(2, -32022, 'Unsupported', { supported: ['2026-12-01'] }));
    expect(only(answer, 'failed').reason).toContain('-32022');
    expect(sent(answer)).toEqual([]);
  });

  it('on -32022 fails when no usable version is offered', () => {
    const c = connector('stateless');
    c.start();
    const answer = c.onMessage(error(1, -32022, 'Unsupported', { supported: ['2025-11-25'] }));
    expect(only(answer, 'failed').reason).toBe('-32022 Unsupported protocol version: the server supports 2025-11-25');
  });

  it('on -32022 fails, without retrying, when the version was pinned', () => {
    const c = connector('stateless', { protocolVersion: STATELESS_VERSION });
    c.start();
    const answer = c.onMessage(error(1, -32022, 'Unsupported', { supported: ['2026-12-01'] }));
    expect(sent(answer)).toEqual([]);
    const reason = only(answer, 'failed').reason;
    expect(reason).toContain(`does not support ${STATELESS_VERSION}`);
    expect(reason).toContain('2026-12-01');
    expect(c.finished).toBe(true);
  });

  it('fails on a timeout and on an exit', () => {
    const a = connector('stateless', { timeoutMs: 1000 });
    a.start();
    expect(only(a.onTimeout(), 'failed').reason).toBe('no answer to server/discover within 1000 ms');
    const b = connector('stateless');
    b.start();
    expect(only(b.onExit(), 'failed').reason).toBe('the server exited before answering server/discover');
  });
});

describe('Connector: auto', () => {
  it('probes with server/discover on a short timer and connects stateless when answered', () => {
    const c = connector('auto', { probeTimeoutMs: 1500 });
    const start = c.start();
    expect(only(start, 'send').frame.method).toBe('server/discover');
    expect(only(start, 'wait').ms).toBe(1500);
    const answer = c.onMessage(result(1, discoverResult([STATELESS_VERSION])));
    expect(steps(answer)).toEqual(['server/discover answered: the server speaks the stateless flow']);
    expect(only(answer, 'connected').outcome.flow).toBe('stateless');
  });

  it('falls back to the handshake on -32601', () => {
    const c = connector('auto');
    expect(only(c.start(), 'wait').ms).toBe(3000);
    const fallback = c.onMessage(error(1, -32601, 'Method not found'));
    expect(steps(fallback)[0]).toContain('-32601');
    const init = only(fallback, 'send').frame;
    expect(init).toMatchObject({ id: 2, method: 'initialize', params: { protocolVersion: LATEST_HANDSHAKE_VERSION } });
    expect(only(fallback, 'wait').ms).toBe(30_000);

    const answer = c.onMessage(result(2, { protocolVersion: LATEST_HANDSHAKE_VERSION, serverInfo: { name: 'old' } }));
    expect(sent(answer).map((f) => f.method)).toEqual(['notifications/initialized']);
    expect(only(answer, 'connected').outcome).toMatchObject({ flow: 'handshake', serverInfo: { name: 'old' } });
  });

  it('falls back to the handshake when the probe times out, and ignores a late discover answer', () => {
    const c = connector('auto', { probeTimeoutMs: 200 });
    c.start();
    const fallback = c.onTimeout();
    expect(steps(fallback)[0]).toContain('no answer to server/discover within 200 ms');
    expect(only(fallback, 'send').frame).toMatchObject({ id: 2, method: 'initialize' });
    expect(c.onMessage(result(1, discoverResult([STATELESS_VERSION])))).toEqual([]);
    expect(only(c.onMessage(result(2, { protocolVersion: LATEST_HANDSHAKE_VERSION })), 'connected').outcome.flow).toBe('handshake');
  });

  it('restarts the server when it exits on the probe, then sends initialize', () => {
    const c = connector('auto');
    c.start();
    const exit = c.onExit();
    expect(only(exit, 'restart').reason).toBe('server exited on the probe');
    expect(sent(exit)).toEqual([]);
    expect(c.pendingId).toBeUndefined();
    expect(c.onTimeout()).toEqual([]); // nothing pending while restarting

    const restarted = c.onRestarted();
    expect(only(restarted, 'send').frame).toMatchObject({ id: 2, method: 'initialize' });
    expect(only(c.onMessage(result(2, { protocolVersion: LATEST_HANDSHAKE_VERSION })), 'connected').outcome.flow).toBe('handshake');
  });

  it('fails when the server exits again during the fallback initialize', () => {
    const c = connector('auto');
    c.start();
    c.onExit();
    c.onRestarted();
    expect(only(c.onExit(), 'failed').reason).toBe('the server exited before answering initialize');
  });

  it('falls back when discover lists no version at all', () => {
    const c = connector('auto');
    c.start();
    const fallback = c.onMessage(result(1, { supportedVersions: [] }));
    expect(only(fallback, 'send').frame.method).toBe('initialize');
  });

  it('retries on -32022 from the probe, still probing', () => {
    const c = connector('auto');
    c.start();
    const retry = c.onMessage(error(1, -32022, 'Unsupported', { supported: ['2026-12-01'] }));
    expect(versionOf(only(retry, 'send').frame)).toBe('2026-12-01');
    expect(only(retry, 'wait').ms).toBe(3000);
  });
});
