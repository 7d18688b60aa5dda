import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../../../../protocol/exchanges.js';
import { classifyText } from '../../../../protocol/jsonrpc.js';
import { honors, readNotification, subscribeSupport } from './subscriptions.js';

function server(value: unknown): WireMessage {
  const text = JSON.stringify(value);
  return {
    seq: 1,
    t: 0,
    conn: 'c1',
    from: 'server',
    text,
    size: text.length,
    classified: classifyText(text),
    pairing: { kind: 'notification' },
  };
}

describe('subscribeSupport', () => {
  it('offers resources/subscribe only when the server declares it (handshake)', () => {
    expect(subscribeSupport('handshake', { resources: { subscribe: true } })).toEqual({ allowed: true });
    expect(subscribeSupport('handshake', { resources: {} }).allowed).toBe(false);
    expect(subscribeSupport(undefined, { resources: { subscribe: true } }).allowed).toBe(false);
  });
  it('always offers subscriptions/listen (stateless), with a note when undeclared', () => {
    expect(subscribeSupport('stateless', { resources: { subscribe: true } })).toEqual({ allowed: true });
    const undeclared = subscribeSupport('stateless', {});
    expect(undeclared.allowed).toBe(true);
    expect(undeclared.note).toMatch(/does not declare/);
  });
});

describe('readNotification', () => {
  it('reads resources/updated', () => {
    expect(
      readNotification(server({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'a://b', title: 'B' } })),
    ).toEqual({
      kind: 'updated',
      uri: 'a://b',
      params: { uri: 'a://b', title: 'B' },
    });
  });
  it('reads an acknowledgement with its subscription id', () => {
    const ack = server({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { resourceSubscriptions: ['a://b'] }, _meta: { 'io.modelcontextprotocol/subscriptionId': 7 } },
    });
    expect(readNotification(ack)).toEqual({ kind: 'acknowledged', subscriptionId: 7, notifications: { resourceSubscriptions: ['a://b'] } });
  });
  it('ignores everything else', () => {
    expect(readNotification(undefined)).toBeUndefined();
    expect(readNotification(server({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 5 } }))).toBeUndefined();
    expect(readNotification(server({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }))).toBeUndefined();
    expect(readNotification(server({ jsonrpc: '2.0', id: 1, result: {} }))).toBeUndefined();
    expect(
      readNotification({
        ...server({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'a://b' } }),
        from: 'client',
      }),
    ).toBeUndefined();
  });
});

describe('honors', () => {
  it('checks resourceSubscriptions of the acknowledgement', () => {
    expect(honors(undefined, 'a://b')).toBeUndefined();
    expect(honors({ resourceSubscriptions: ['a://b'] }, 'a://b')).toBe(true);
    expect(honors({ resourcesListChanged: true }, 'a://b')).toBe(false);
  });
});
