import { describe, expect, it } from 'vitest';
import { ClientSession } from '../../../../protocol/clientSession.js';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import type { Flow } from '../../../../protocol/flows.js';
import { classifyText } from '../../../../protocol/jsonrpc.js';
import { SessionModel } from '../../../../protocol/session.js';
import type { SessionStore } from '../../session/sessionStore.js';
import { SubscriptionRegistry } from './subscriptions.js';

/** Just enough of a SessionStore: a model fed by hand, a client session, and change listeners. */
function fakeStore(flow: Flow) {
  const model = new SessionModel();
  const listeners = new Set<() => void>();
  const sent: Record<string, unknown>[] = [];
  let seq = 0;
  let nextId = 1;
  const line = (stream: 'stdin' | 'stdout', value: unknown): void => {
    const text = JSON.stringify(value);
    const event: BridgeEvent = { seq: seq++, t: 1000 + seq, conn: 'c1', kind: 'line', stream, text, eol: '\n', size: text.length };
    model.apply(event);
  };
  const session = new ClientSession({
    flow,
    protocolVersion: flow === 'stateless' ? '2026-07-28' : '2025-11-25',
    nextId: () => nextId++,
    send: (text) => {
      sent.push(JSON.parse(text) as Record<string, unknown>);
      line('stdin', JSON.parse(text));
    },
  });
  const notify = (): void => {
    for (const l of [...listeners]) l();
  };
  const store = {
    model,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    client: () => session,
  } as unknown as SessionStore;
  /** The server writes a line: into the model, to the session, then the screen is told. */
  const server = (value: unknown): void => {
    line('stdout', value);
    session.onMessage(classifyText(JSON.stringify(value)));
    notify();
  };
  return {
    store,
    sent,
    server,
    listeners,
    exit: () => (
      model.apply({ seq: seq++, t: 0, conn: 'c1', kind: 'exit', code: 0, signal: null, requested: true } as BridgeEvent),
      notify()
    ),
  };
}

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('SubscriptionRegistry (handshake flow)', () => {
  it('subscribes, collects updates for its URI only, and unsubscribes', async () => {
    const { store, sent, server, listeners } = fakeStore('handshake');
    const registry = new SubscriptionRegistry(store);
    registry.start('c1', 'a://x');
    expect(sent.at(-1)).toMatchObject({ method: 'resources/subscribe', params: { uri: 'a://x' } });
    expect(registry.get('c1', 'a://x')?.state).toBe('subscribing');
    server({ jsonrpc: '2.0', id: sent.at(-1)?.id, result: {} });
    await tick();
    expect(registry.get('c1', 'a://x')?.state).toBe('active');
    server({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'a://x' } });
    server({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'a://other' } });
    server({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'a://x', title: 'X' } });
    const sub = registry.get('c1', 'a://x');
    expect(sub?.updates.map((u) => u.params)).toEqual([{}, { title: 'X' }]);
    registry.stop('c1', 'a://x');
    expect(sent.at(-1)).toMatchObject({ method: 'resources/unsubscribe', params: { uri: 'a://x' } });
    server({ jsonrpc: '2.0', id: sent.at(-1)?.id, result: {} });
    await tick();
    expect(registry.get('c1', 'a://x')?.state).toBe('ended');
    // Nothing live: the registry stops following the session.
    server({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'a://x' } });
    expect(registry.get('c1', 'a://x')?.updates).toHaveLength(2);
    expect(listeners.size).toBe(0);
    registry.forget('c1', 'a://x');
    expect(registry.list('c1')).toEqual([]);
  });

  it('reports a refused subscription, and a server exit', async () => {
    const { store, sent, server, exit } = fakeStore('handshake');
    const registry = new SubscriptionRegistry(store);
    registry.start('c1', 'a://x');
    server({ jsonrpc: '2.0', id: sent.at(-1)?.id, error: { code: -32601, message: 'no' } });
    await tick();
    expect(registry.get('c1', 'a://x')).toMatchObject({ state: 'failed', note: expect.stringContaining('-32601') as unknown });
    registry.start('c1', 'a://y');
    server({ jsonrpc: '2.0', id: sent.at(-1)?.id, result: {} });
    await tick();
    exit();
    expect(registry.get('c1', 'a://y')).toMatchObject({ state: 'ended', note: 'the server exited' });
  });
});

describe('SubscriptionRegistry (stateless flow)', () => {
  it('opens a listen request, reads its acknowledgement, and cancels it to unsubscribe', async () => {
    const { store, sent, server } = fakeStore('stateless');
    const registry = new SubscriptionRegistry(store);
    registry.start('c1', 'a://x');
    const listen = sent.at(-1);
    expect(listen).toMatchObject({ method: 'subscriptions/listen', params: { notifications: { resourceSubscriptions: ['a://x'] } } });
    expect(registry.get('c1', 'a://x')?.state).toBe('active');
    server({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { resourceSubscriptions: ['a://x'] }, _meta: { 'io.modelcontextprotocol/subscriptionId': listen?.id } },
    });
    expect(registry.get('c1', 'a://x')?.acknowledged).toEqual({ resourceSubscriptions: ['a://x'] });
    server({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'a://x', _meta: { 'io.modelcontextprotocol/subscriptionId': listen?.id } },
    });
    expect(registry.get('c1', 'a://x')?.updates).toHaveLength(1);
    registry.stop('c1', 'a://x');
    expect(sent.at(-1)).toMatchObject({ method: 'notifications/cancelled', params: { requestId: listen?.id } });
    await tick();
    expect(registry.get('c1', 'a://x')?.state).toBe('ended');
  });

  it('notes a listen the server ends', async () => {
    const { store, sent, server } = fakeStore('stateless');
    const registry = new SubscriptionRegistry(store);
    registry.start('c1', 'a://x');
    server({ jsonrpc: '2.0', id: sent.at(-1)?.id, result: { resultType: 'complete' } });
    await tick();
    expect(registry.get('c1', 'a://x')).toMatchObject({ state: 'ended', note: expect.stringContaining('server ended') as unknown });
  });
});
