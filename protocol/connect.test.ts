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

const sent = (actions: ConnectAction[]): Frame[] => actions.flatMap((a) => (a.type === 'send' && 'method' in a.frame ? [a.frame] : []));
const replies = (actions: ConnectAction[]): unknown[] =>
  actions.flatMap((a) => (a.type === 'send' && !('method' in a.frame) ? [a.frame] : []));
const request = (id: JsonRpcId, method: string, params?: Record<string, unknown>): Classified =>
  classifyValue({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
const exited = { code: 1, signal: null };
const only = <T extends ConnectAction['type']>(actions: ConnectAction[], type: T): Extract<ConnectAction, { type: T }> => {
  const found = actions.filter((a) => a.type === type);
  expect(found, `exactly one ${type} action in ${JSON.stringify(actions)}`).toHaveLength(1);
  return found[0] as Extract<ConnectAction, { type: T }>;
};
/** The one request or notification the actions send. */
const frame = (actions: ConnectAction[]): Frame => {
  const frames = sent(actions);
  expect(frames, `exactly one frame sent in ${JSON.stringify(actions)}`).toHaveLength(1);
  return frames[0] as Frame;
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
    const init = frame(start);
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
    expect(versionOf(frame(c.start()))).toBe('2025-03-26');
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
    expect(only(b.onExit({ code: 1, signal: null }), 'failed').reason).toBe(
      'the server exited with code 1 before answering initialize; it wrote nothing on stderr',
    );
  });

  it('does nothing once finished', () => {
    const c = connector('handshake');
    c.start();
    c.onMessage(result(1, { protocolVersion: LATEST_HANDSHAKE_VERSION }));
    expect(c.onMessage(result(1, {}))).toEqual([]);
    expect(c.onTimeout()).toEqual([]);
    expect(c.onExit(exited)).toEqual([]);
    expect(c.onRestarted()).toEqual([]);
  });
});

describe('Connector: stateless', () => {
  it('sends server/discover with the _meta envelope and connects on the result', () => {
    const c = connector('stateless', { clientInfo: { name: 'lens-test', version: '9' } });
    const start = c.start();
    expect(steps(start)).toHaveLength(1);
    const discover = frame(start);
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

  it('fails when the server lists only versions this client does not implement', () => {
    const c = connector('stateless');
    c.start();
    expect(only(c.onMessage(result(1, discoverResult(['2099-01-01']))), 'failed').reason).toBe(
      'server/discover lists versions 2099-01-01, none of which this client implements',
    );
  });

  it('on -32022 never sends a version this client does not implement', () => {
    const c = connector('stateless');
    c.start();
    const answer = c.onMessage(error(1, -32022, 'Unsupported protocol version', { supported: ['2099-01-01'] }));
    expect(sent(answer)).toEqual([]);
    expect(only(answer, 'failed').reason).toBe(
      '-32022 Unsupported protocol version: the server supports 2099-01-01, none of which this client implements',
    );
  });

  it('on -32022 naming only handshake versions fails, pointing at the handshake flow with that version', () => {
    const c = connector('stateless');
    c.start();
    const answer = c.onMessage(error(1, -32022, 'Unsupported', { supported: ['2099-01-01', '2025-06-18'] }));
    expect(sent(answer)).toEqual([]);
    expect(only(answer, 'failed').reason).toBe(
      '-32022 Unsupported protocol version: the server supports 2099-01-01, 2025-06-18: only handshake versions this client implements; connect with the handshake flow (2025-06-18)',
    );
  });

  it('a discover result listing only handshake versions fails, pointing at the handshake flow', () => {
    const c = connector('stateless');
    c.start();
    expect(only(c.onMessage(result(1, discoverResult(['2025-06-18']))), 'failed').reason).toBe(
      'server/discover lists versions 2025-06-18: only handshake versions this client implements; connect with the handshake flow (2025-06-18)',
    );
  });

  it('does not answer a server ping: the stateless flow has no client responses', () => {
    const c = connector('stateless');
    c.start();
    expect(c.onMessage(request('p', 'ping'))).toEqual([]);
  });

  it('on -32022 naming a stateless version it implements asks once more with it (a new id), and a second refusal fails', () => {
    for (const pinned of [undefined, STATELESS_VERSION]) {
      const c = connector('stateless', pinned === undefined ? {} : { protocolVersion: pinned });
      c.start();
      const retry = c.onMessage(error(1, -32022, 'Unsupported', { supported: [STATELESS_VERSION], requested: STATELESS_VERSION }));
      const [again] = sent(retry);
      expect(again).toMatchObject({
        method: 'server/discover',
        id: 2,
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': STATELESS_VERSION } },
      });
      expect(retry).toContainEqual({
        type: 'step',
        text: `server/discover answered -32022 naming ${STATELESS_VERSION} among the versions it supports: asking again with ${STATELESS_VERSION}`,
      });
      const second = c.onMessage(error(2, -32022, 'Unsupported', { supported: [STATELESS_VERSION] }));
      expect(sent(second)).toEqual([]);
      expect(only(second, 'failed').reason).toContain(`-32022`);
    }
    const c = connector('stateless');
    c.start();
    c.onMessage(error(1, -32022, 'Unsupported', { supported: [STATELESS_VERSION] }));
    expect(only(c.onMessage(result(2, discoverResult([STATELESS_VERSION]))), 'connected').outcome).toMatchObject({ flow: 'stateless' });
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
    expect(only(b.onExit({ code: null, signal: 'SIGKILL' }), 'failed').reason).toBe(
      'the server exited on signal SIGKILL before answering server/discover; it wrote nothing on stderr',
    );
  });
});

describe('Connector: auto', () => {
  it('probes with server/discover on a short timer and connects stateless when answered', () => {
    const c = connector('auto', { probeTimeoutMs: 1500 });
    const start = c.start();
    expect(frame(start).method).toBe('server/discover');
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
    const init = frame(fallback);
    expect(init).toMatchObject({ id: 2, method: 'initialize', params: { protocolVersion: LATEST_HANDSHAKE_VERSION } });
    expect(only(fallback, 'wait').ms).toBe(30_000);

    const answer = c.onMessage(result(2, { protocolVersion: LATEST_HANDSHAKE_VERSION, serverInfo: { name: 'old' } }));
    expect(sent(answer).map((f) => f.method)).toEqual(['notifications/initialized']);
    expect(only(answer, 'connected').outcome).toMatchObject({ flow: 'handshake', serverInfo: { name: 'old' } });
  });

  it('restarts the server when it exits on the probe, then sends initialize', () => {
    const c = connector('auto');
    c.start();
    const exit = c.onExit({ code: 1, signal: null });
    expect(only(exit, 'restart').reason).toBe('server exited on the probe');
    expect(steps(exit)[0]).toContain('the server exited on server/discover (with code 1)');
    expect(sent(exit)).toEqual([]);
    expect(c.pendingId).toBeUndefined();
    expect(c.onTimeout()).toEqual([]); // nothing pending while restarting

    const restarted = c.onRestarted();
    expect(frame(restarted)).toMatchObject({ id: 2, method: 'initialize' });
    expect(only(c.onMessage(result(2, { protocolVersion: LATEST_HANDSHAKE_VERSION })), 'connected').outcome.flow).toBe('handshake');
  });

  it('fails when the server exits again during the fallback initialize', () => {
    const c = connector('auto');
    c.start();
    c.onStderr('expected initialize first; exiting');
    c.onExit(exited);
    c.onRestarted();
    c.onStderr('still not happy');
    expect(only(c.onExit({ code: 2, signal: null }), 'failed').reason).toBe(
      'the server exited with code 2 before answering initialize; its last stderr: still not happy',
    );
  });

  it('falls back when discover lists no version at all', () => {
    const c = connector('auto');
    c.start();
    const fallback = c.onMessage(result(1, { supportedVersions: [] }));
    expect(frame(fallback).method).toBe('initialize');
  });

  it('on -32022 naming only handshake versions falls back to the handshake with the newest of them', () => {
    const c = connector('auto');
    c.start();
    const fallback = c.onMessage(error(1, -32022, 'Unsupported', { supported: ['2099-01-01', '2024-11-05', '2025-06-18'] }));
    expect(steps(fallback)[0]).toContain('2025-06-18');
    const init = frame(fallback);
    expect(init).toMatchObject({ id: 2, method: 'initialize', params: { protocolVersion: '2025-06-18' } });
    expect(JSON.stringify(fallback)).not.toContain('"protocolVersion":"2099-01-01"');
  });

  it('on -32022 naming only versions it does not implement fails, never sending 2099-01-01', () => {
    const c = connector('auto');
    c.start();
    const answer = c.onMessage(error(1, -32022, 'Unsupported', { supported: ['2099-01-01'] }));
    expect(sent(answer)).toEqual([]);
    expect(only(answer, 'failed').reason).toContain('2099-01-01, none of which this client implements');
  });

  it('a discover result listing only handshake versions falls back to the handshake with that version', () => {
    const c = connector('auto');
    c.start();
    const fallback = c.onMessage(result(1, discoverResult(['2099-01-01', '2025-06-18'])));
    expect(steps(fallback)[0]).toContain('2025-06-18');
    expect(frame(fallback)).toMatchObject({ method: 'initialize', params: { protocolVersion: '2025-06-18' } });
  });

  it('a pinned handshake version goes to initialize, not into a discover envelope', () => {
    const c = connector('auto', { protocolVersion: '2025-06-18' });
    const start = c.start();
    expect(sent(start)).toHaveLength(1);
    expect(frame(start)).toMatchObject({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } });
    expect(steps(start)[0]).toContain('2025-06-18');
    expect(only(c.onMessage(result(1, { protocolVersion: '2025-06-18' })), 'connected').outcome).toMatchObject({
      flow: 'handshake',
      protocolVersion: '2025-06-18',
    });
  });

  it('a pinned stateless version is never replaced: discover with it, no fallback, no retry with another', () => {
    const a = connector('auto', { protocolVersion: STATELESS_VERSION });
    const start = a.start();
    expect(versionOf(frame(start))).toBe(STATELESS_VERSION);
    expect(only(start, 'wait').ms).toBe(30_000);
    const refused = a.onMessage(error(1, -32022, 'Unsupported', { supported: ['2099-01-01', '2025-11-25'] }));
    expect(sent(refused)).toEqual([]);
    expect(only(refused, 'failed').reason).toContain(`does not support ${STATELESS_VERSION}`);

    const b = connector('auto', { protocolVersion: STATELESS_VERSION });
    b.start();
    const legacy = b.onMessage(error(1, -32601, 'Method not found'));
    expect(sent(legacy)).toEqual([]);
    expect(only(legacy, 'failed').reason).toContain('does not speak the stateless flow');
    expect(b.onTimeout()).toEqual([]);
  });
});

/** A response carrying both result and error: JSON-RPC allows exactly one. */
const both = (id: JsonRpcId): Classified => classifyValue({ jsonrpc: '2.0', id, result: {}, error: { code: -1, message: 'x' } });

describe('Connector: an opening request answered with a response that breaks JSON-RPC', () => {
  it('fails at once in the handshake flow, not after the connect timeout', () => {
    const c = connector('handshake');
    c.start();
    expect(both(1).kind).toBe('invalid');
    expect(c.onMessage(both(7))).toEqual([]); // another id: not ours
    const reason = only(c.onMessage(both(1)), 'failed').reason;
    expect(reason).toContain('answered initialize with a response that breaks JSON-RPC');
    expect(c.finished).toBe(true);
  });

  it('fails at once in the stateless flow', () => {
    const c = connector('stateless');
    c.start();
    expect(only(c.onMessage(both(1)), 'failed').reason).toContain('answered server/discover with a response that breaks JSON-RPC');
  });

  it('in the race: a broken initialize answer fails unless server/discover already answered', () => {
    const a = connector('auto', { probeTimeoutMs: 200 });
    a.start();
    a.onTimeout();
    expect(only(a.onMessage(both(2)), 'failed').reason).toContain('answered initialize');

    const b = connector('auto', { probeTimeoutMs: 200 });
    b.start();
    b.onTimeout();
    b.onMessage(result(1, discoverResult([STATELESS_VERSION])));
    expect(only(b.onMessage(both(2)), 'connected').outcome).toMatchObject({ flow: 'stateless' });
  });
});

describe('Connector: auto against a server slower than the probe timeout', () => {
  /** The probe timed out: initialize is out as well, discover still pending. */
  function raced(options: Partial<ConnectOptions> = {}): { c: Connector; fallback: ConnectAction[] } {
    const c = connector('auto', { probeTimeoutMs: 200, ...options });
    c.start();
    return { c, fallback: c.onTimeout() };
  }

  it('sends initialize when the probe times out but keeps waiting for server/discover', () => {
    const { c, fallback } = raced();
    expect(steps(fallback)[0]).toContain('no answer to server/discover within 200 ms');
    expect(frame(fallback)).toMatchObject({ id: 2, method: 'initialize', params: { protocolVersion: LATEST_HANDSHAKE_VERSION } });
    expect(only(fallback, 'wait').ms).toBe(30_000);
    expect(c.finished).toBe(false);
  });

  it('a late discover answer wins: modern-only, initialize then refused with -32022, stateless', () => {
    const { c } = raced();
    const late = c.onMessage(result(1, discoverResult([STATELESS_VERSION])));
    expect(steps(late).join(' ')).toContain('server/discover answered');
    expect(late.some((a) => a.type === 'connected' || a.type === 'failed')).toBe(false);
    const refused = c.onMessage(error(2, -32022, 'Unsupported protocol version', { supported: [STATELESS_VERSION] }));
    expect(sent(refused)).toEqual([]); // no notifications/initialized
    expect(steps(refused)).toHaveLength(1);
    expect(only(refused, 'connected').outcome).toMatchObject({ flow: 'stateless', protocolVersion: STATELESS_VERSION });
    expect(c.finished).toBe(true);
  });

  it('the SDK answers the -32022 before the discover result: still stateless', () => {
    const { c } = raced();
    const refused = c.onMessage(error(2, -32022, 'Unsupported protocol version', { supported: [STATELESS_VERSION] }));
    expect(steps(refused)[0]).toContain('waiting for its answer to server/discover');
    expect(sent(refused)).toEqual([]);
    expect(only(refused, 'wait').ms).toBe(30_000);
    const late = c.onMessage(result(1, discoverResult([STATELESS_VERSION])));
    expect(only(late, 'connected').outcome).toMatchObject({ flow: 'stateless', serverInfo: { name: 'demo', version: '1.0.0' } });
  });

  it('a server that serves both flows and accepted the initialize too is restarted for a clean stateless session', () => {
    const { c } = raced();
    c.onMessage(result(1, discoverResult([STATELESS_VERSION])));
    const both = c.onMessage(result(2, { protocolVersion: LATEST_HANDSHAKE_VERSION, serverInfo: { name: 'dual' } }));
    expect(sent(both)).toEqual([]); // no notifications/initialized: the handshake is not taken up
    expect(only(both, 'restart').reason).toContain('initialize');
    expect(steps(both)[0]).toContain('restarting');
    const again = c.onRestarted();
    const discover = frame(again);
    expect(discover).toMatchObject({ id: 3, method: 'server/discover' });
    expect(only(again, 'wait').ms).toBe(30_000);
    expect(only(c.onMessage(result(3, discoverResult([STATELESS_VERSION]))), 'connected').outcome.flow).toBe('stateless');
  });

  it('initialize answered first: the handshake, and the probe is cancelled on the wire', () => {
    const { c } = raced();
    const answer = c.onMessage(result(2, { protocolVersion: LATEST_HANDSHAKE_VERSION, serverInfo: { name: 'old' } }));
    const frames = sent(answer);
    expect(frames.map((f) => f.method)).toEqual(['notifications/initialized', 'notifications/cancelled']);
    expect(frames[1]?.params).toMatchObject({ requestId: 1 });
    expect(String(frames[1]?.params?.reason)).not.toMatch(/time(d)?\s?out/i);
    expect(steps(answer).join(' ')).toContain('cancel');
    expect(only(answer, 'connected').outcome).toMatchObject({ flow: 'handshake', serverInfo: { name: 'old' } });
    expect(c.onMessage(result(1, discoverResult([STATELESS_VERSION])))).toEqual([]);
  });

  it('a late discover error decides the handshake; the initialize already out is its answer', () => {
    const { c } = raced();
    const late = c.onMessage(error(1, -32601, 'Method not found'));
    expect(sent(late)).toEqual([]);
    expect(steps(late)[0]).toContain('-32601');
    const answer = c.onMessage(result(2, { protocolVersion: LATEST_HANDSHAKE_VERSION }));
    expect(sent(answer).map((f) => f.method)).toEqual(['notifications/initialized']);
    expect(only(answer, 'connected').outcome.flow).toBe('handshake');
  });

  it('a late discover result listing only handshake versions leaves it to the initialize already out', () => {
    const { c } = raced();
    const late = c.onMessage(result(1, discoverResult(['2025-06-18'])));
    expect(sent(late)).toEqual([]);
    expect(only(c.onMessage(result(2, { protocolVersion: '2025-06-18' })), 'connected').outcome).toMatchObject({
      flow: 'handshake',
      protocolVersion: '2025-06-18',
    });
  });

  it('discover answered but initialize never is: stateless once the timeout ends', () => {
    const { c } = raced();
    c.onMessage(result(1, discoverResult([STATELESS_VERSION])));
    const end = c.onTimeout();
    expect(steps(end)[0]).toContain('no answer to initialize');
    expect(only(end, 'connected').outcome.flow).toBe('stateless');
  });

  it('neither answered: fails naming both', () => {
    const { c } = raced();
    expect(only(c.onTimeout(), 'failed').reason).toBe('no answer to server/discover or initialize within 30000 ms');
  });

  it('an initialize error other than -32022 before any discover answer fails', () => {
    const { c } = raced();
    expect(only(c.onMessage(error(2, -32603, 'boom')), 'failed').reason).toBe('initialize failed: -32603 Internal error: boom');
  });

  it('an exit while both are out restarts for the handshake, as on the probe', () => {
    const { c } = raced();
    const exit = c.onExit(exited);
    expect(only(exit, 'restart').reason).toBe('server exited on the probe');
    expect(frame(c.onRestarted())).toMatchObject({ method: 'initialize' });
  });
});

describe('Connector: a server ping during the opening', () => {
  it('is answered in the handshake flow, and initialize still completes', () => {
    const c = connector('handshake');
    c.start();
    const pong = c.onMessage(request('lens-ping-1', 'ping'));
    expect(replies(pong)).toEqual([{ jsonrpc: '2.0', id: 'lens-ping-1', result: {} }]);
    expect(steps(pong)[0]).toContain('ping');
    expect(c.finished).toBe(false);
    expect(only(c.onMessage(result(1, { protocolVersion: LATEST_HANDSHAKE_VERSION })), 'connected').outcome.flow).toBe('handshake');
  });

  it('is answered while auto probes, and while both requests are out', () => {
    const c = connector('auto', { probeTimeoutMs: 200 });
    c.start();
    expect(replies(c.onMessage(request(7, 'ping')))).toEqual([{ jsonrpc: '2.0', id: 7, result: {} }]);
    c.onTimeout();
    expect(replies(c.onMessage(request(8, 'ping')))).toEqual([{ jsonrpc: '2.0', id: 8, result: {} }]);
  });

  it('other server requests are left alone', () => {
    const c = connector('handshake');
    c.start();
    expect(c.onMessage(request(9, 'roots/list'))).toEqual([]);
  });
});

describe('Connector: a server that dies while connecting', () => {
  it('gives the exit code and its last stderr lines in one line', () => {
    const c = connector('handshake');
    c.start();
    c.onStderr('starting config loader');
    c.onStderr('fatal: config missing');
    expect(only(c.onExit({ code: 7, signal: null }), 'failed').reason).toBe(
      'the server exited with code 7 before answering initialize; its last stderr: starting config loader | fatal: config missing',
    );
  });

  it('keeps the last three non-blank lines, cut short, with control characters made visible as spaces', () => {
    const c = connector('stateless');
    c.start();
    for (const line of ['one', 'two', '', 'three', '\u001b[31mred\u001b[0m\tfour', `five ${'x'.repeat(500)}`]) c.onStderr(line);
    const reason = only(c.onExit({ code: null, signal: 'SIGTERM' }), 'failed').reason;
    expect(reason).toMatch(
      /^the server exited on signal SIGTERM before answering server\/discover; its last stderr: three \| red four \| five x+…$/,
    );
    expect(reason).not.toContain('\n');
    expect(reason.length).toBeLessThan(500);
  });
});

describe('Connector: an opening request HTTP carried no answer to', () => {
  it('auto falls back to the handshake at once, without waiting out the probe timer', () => {
    const c = connector('auto');
    const probe = frame(c.start());
    const next = c.onRequestFailed(probe.id ?? -1, 'HTTP 400: Bad Request: No valid session ID provided');
    expect(frame(next).method).toBe('initialize');
    expect(steps(next)[0]).toMatch(/^server\/discover got no answer over HTTP \(HTTP 400: .*\): not a stateless server; falling back/);
  });

  it('the stateless flow and the handshake fail with the reason; another id changes nothing', () => {
    const stateless = connector('stateless');
    const discover = frame(stateless.start());
    expect(stateless.onRequestFailed(99, 'x')).toEqual([]);
    expect(only(stateless.onRequestFailed(discover.id ?? -1, 'could not reach http://h/: ECONNREFUSED'), 'failed').reason).toBe(
      'server/discover got no answer over HTTP: could not reach http://h/: ECONNREFUSED',
    );
    const handshake = connector('handshake');
    const init = frame(handshake.start());
    expect(only(handshake.onRequestFailed(init.id ?? -1, 'HTTP 500'), 'failed').reason).toBe(
      'initialize got no answer over HTTP: HTTP 500',
    );
  });

  it('in the race, a failed server/discover leaves it to the initialize already sent', () => {
    const c = connector('auto');
    const probe = frame(c.start());
    const init = frame(c.onTimeout());
    expect(steps(c.onRequestFailed(probe.id ?? -1, 'HTTP 404'))[0]).toMatch(/the initialize already sent decides$/);
    const done = c.onMessage(result(init.id ?? -1, { protocolVersion: LATEST_HANDSHAKE_VERSION, capabilities: {} }));
    expect(only(done, 'connected').outcome.flow).toBe('handshake');
  });
});
