// A line sent in the same turn as its server's spawn: on record after the spawn, never before it.
import { describe, it, expect, afterEach } from 'vitest';
import { serverConfigSchema, type UnstampedEvent } from '../protocol/envelope.js';
import { encodeFrame, initializeRequest } from '../protocol/flows.js';
import { ProcessHost } from './processHost.js';
import { nodeServer } from './testing/bridgeClient.js';

const hosts: ProcessHost[] = [];

afterEach(async () => {
  await Promise.all(hosts.map((h) => h.shutdown()));
  hosts.length = 0;
});

/** A host whose events are collected, with a way to wait for one. */
function recordingHost(): { host: ProcessHost; events: UnstampedEvent[]; until: (match: (e: UnstampedEvent) => boolean) => Promise<void> } {
  const events: UnstampedEvent[] = [];
  const waiters: { match: (e: UnstampedEvent) => boolean; done: () => void }[] = [];
  const host = new ProcessHost({
    record: (event) => {
      events.push(event);
      for (const w of waiters.filter((w) => w.match(event))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done();
      }
    },
    graceMs: 200,
  });
  hosts.push(host);
  const until = (match: (e: UnstampedEvent) => boolean): Promise<void> =>
    events.some(match) ? Promise.resolve() : new Promise((done) => waiters.push({ match, done }));
  return { host, events, until };
}

const what = (e: UnstampedEvent): string => (e.kind === 'line' ? `${e.kind}:${e.stream}` : e.kind);

describe('a line sent before the server has started', () => {
  it('is recorded after the spawn event and answered by that process', async () => {
    const { host, events, until } = recordingHost();
    host.spawn('c1', serverConfigSchema.parse(nodeServer('stderr-noise.mjs')));
    expect(host.send('c1', Buffer.from(encodeFrame(initializeRequest(1, { protocolVersion: '2025-11-25' }))))).toBe(true);
    await until((e) => e.kind === 'line' && e.stream === 'stdout');
    const order = events.map(what).filter((k) => k !== 'line:stderr');
    expect(order.slice(0, 3)).toEqual(['spawn', 'line:stdin', 'line:stdout']);
  });

  it('is said not sent when the server cannot start, and is not recorded as sent', async () => {
    const { host, events, until } = recordingHost();
    host.spawn('c2', { command: 'mcp-lens-no-such-command', args: [], env: {} });
    host.send('c2', Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    await until((e) => e.kind === 'spawn-error');
    expect(events.map(what)).toEqual(['spawn-error', 'notice']);
    expect(events[1]).toMatchObject({ level: 'error', message: expect.stringContaining('not sent') });
  });
});
