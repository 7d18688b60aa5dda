// Idle stop on a real bridge: a connection no socket watches is stopped after idleStopMs, with
// the reason on its stop events; one some socket watches again within the window lives on.
// Absence is proven by order, not by sleeping: a sentinel connection that becomes unwatched
// later than the one under test is stopped first only if the one under test was kept.
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../protocol/envelope.js';
import { describeIdle } from './idleStop.js';
import { idleStopMinutes } from './main.js';
import { BridgeClient, nodeServer, startTestBridge, type TestBridge } from './testing/bridgeClient.js';

const IDLE_MS = 400;
const WAIT = { timeoutMs: 20_000 };

let t: TestBridge | undefined;
const clients: BridgeClient[] = [];

async function client(): Promise<BridgeClient> {
  if (!t) throw new Error('no bridge');
  const c = await BridgeClient.connect(t.bridge);
  clients.push(c);
  return c;
}

afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await t?.dispose();
  t = undefined;
});

const stopOf = (conn: string) => (e: BridgeEvent) => e.kind === 'stop' && e.conn === conn;

describe('idle stop', () => {
  it('stops a connection once no socket has watched it for the idle time, and says why', async () => {
    t = await startTestBridge({ idleStopMs: IDLE_MS });
    const a = await client();
    await a.spawn('c1', nodeServer('hang.mjs'));
    const from = a.mark();
    // The bridge stamps events with the epoch-aligned clock this process reads too: the idle
    // window cannot have started before the watch was sent, however late a loaded machine
    // handles it (a note sent after it may be stamped a tick later, so it bounds nothing).
    const sentAt = Date.now();
    a.send({ type: 'watch', conns: [] });
    const stop = await a.waitForEvent<Extract<BridgeEvent, { kind: 'stop' }>>(stopOf('c1'), { from, what: 'the idle stop', ...WAIT });
    expect(stop).toMatchObject({ step: 'close-stdin', reason: 'idle' });
    expect(stop.t - sentAt).toBeGreaterThanOrEqual(IDLE_MS - 20);
    const notice = a.events.slice(from).find((e) => e.kind === 'notice' && e.conn === 'c1');
    expect(notice).toMatchObject({ level: 'info', message: expect.stringContaining('no tab has shown c1') as unknown });
    const exit = await a.waitForEvent((e) => e.kind === 'exit' && e.conn === 'c1', { from, ...WAIT });
    expect(exit).toMatchObject({ requested: true });
  });

  it('counts a closed socket as watching nothing, and a user stop says so', async () => {
    t = await startTestBridge({ idleStopMs: IDLE_MS });
    const a = await client();
    const observer = await client();
    await a.spawn('c1', nodeServer('hang.mjs'));
    await a.spawn('c2', nodeServer('hang.mjs'));
    a.send({ type: 'stop', conn: 'c2' });
    expect(await observer.waitForEvent(stopOf('c2'), WAIT)).toMatchObject({ reason: 'user' });
    observer.send({ type: 'watch', conns: [] });
    await a.close();
    expect(await observer.waitForEvent(stopOf('c1'), WAIT)).toMatchObject({ reason: 'idle' });
  });

  it('keeps a connection another socket watches again within the window (a reloaded tab)', async () => {
    t = await startTestBridge({ idleStopMs: IDLE_MS });
    const a = await client();
    await a.spawn('kept', nodeServer('hang.mjs'));
    await a.close();
    // The reloaded tab: a new socket that watches the connection again.
    const b = await client();
    b.send({ type: 'watch', conns: ['kept'] });
    // A sentinel unwatched only now: its timer starts after the one `kept` would have had.
    await b.spawn('sentinel', nodeServer('hang.mjs'));
    b.send({ type: 'watch', conns: ['kept'] });
    await b.waitForEvent(stopOf('sentinel'), { what: 'the sentinel idle stop', ...WAIT });
    expect(b.events.filter(stopOf('kept'))).toEqual([]);
    // And once nobody watches it any more, it goes too.
    b.send({ type: 'watch', conns: [] });
    expect(await b.waitForEvent(stopOf('kept'), WAIT)).toMatchObject({ reason: 'idle' });
  });

  it('never stops anything with idleStopMs 0', async () => {
    t = await startTestBridge({ idleStopMs: 0 });
    const a = await client();
    await a.spawn('c1', nodeServer('hang.mjs'));
    a.send({ type: 'watch', conns: [] });
    a.send({ type: 'stop', conn: 'c1' });
    const stops = await a.waitFor((events) => {
      const exited = events.some((e) => e.kind === 'exit' && e.conn === 'c1');
      return exited ? events.filter(stopOf('c1')) : undefined;
    }, WAIT);
    expect(stops.map((e) => (e as { reason?: string }).reason)).toEqual(['user']);
  });
});

describe('describeIdle', () => {
  it('says whole minutes in minutes and the rest in seconds', () => {
    expect(describeIdle(15 * 60_000)).toBe('15 min');
    expect(describeIdle(400)).toBe('0.4 s');
    expect(describeIdle(90_000)).toBe('90 s');
  });
});

describe('--idle-stop', () => {
  it('takes minutes, fractions and 0, and refuses the rest', () => {
    expect(idleStopMinutes('15')).toBe(900_000);
    expect(idleStopMinutes('0.05')).toBe(3_000);
    expect(idleStopMinutes('0')).toBe(0);
    for (const bad of ['', ' ', '-1', 'ten', 'Infinity', 'NaN']) expect(idleStopMinutes(bad)).toBeNull();
  });
});
