/**
 * A request waiting for an OAuth flow is not idle: each step of the flow restarts the session's
 * idle timer and the connector's wait, and a wait in the browser suspends the session's timer
 * until the next step. A hand-driven clock; no real time passes.
 */
import { describe, expect, it } from 'vitest';
import { ClientSession, type Outcome, type Timers } from './clientSession.js';
import { Connector } from './connect.js';
import { LATEST_HANDSHAKE_VERSION } from './flows.js';
import { AUTHORIZATION_WAIT_MS } from './oauth/timing.js';

class Clock implements Timers {
  private time = 0;
  private next = 1;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  set(fn: () => void, ms: number): unknown {
    this.timers.set(this.next, { at: this.time + ms, fn });
    return this.next++;
  }
  clear(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    const target = this.time + ms;
    for (const [handle, timer] of [...this.timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > target) break;
      this.timers.delete(handle);
      this.time = timer.at;
      timer.fn();
    }
    this.time = target;
  }
}

function session(clock: Clock): { session: ClientSession; outcome: () => Outcome | undefined } {
  let id = 0;
  const s = new ClientSession({
    flow: 'handshake',
    protocolVersion: LATEST_HANDSHAKE_VERSION,
    send: () => undefined,
    nextId: () => ++id,
    timers: clock,
  });
  let outcome: Outcome | undefined;
  void s.request('tools/list', {}, { timeoutMs: 1000, maxTotalMs: 3_600_000 }).done.then((o) => (outcome = o));
  return { session: s, outcome: () => outcome };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe("the engine's timers during an OAuth flow", () => {
  it("each step restarts a pending request's idle timer", async () => {
    const clock = new Clock();
    const { session: s, outcome } = session(clock);
    clock.advance(900);
    s.onAuth('response');
    clock.advance(900);
    await settle();
    expect(outcome()).toBeUndefined();
    clock.advance(200);
    await settle();
    expect(outcome()).toMatchObject({ kind: 'timeout' });
  });

  it('a wait in the browser suspends it until the next step', async () => {
    const clock = new Clock();
    const { session: s, outcome } = session(clock);
    s.onAuth('waiting');
    clock.advance(5 * 60_000);
    await settle();
    expect(outcome()).toBeUndefined();
    s.onAuth('ok');
    clock.advance(1000);
    await settle();
    expect(outcome()).toMatchObject({ kind: 'timeout' });
  });

  it("restarts the connector's wait, for as long as the browser may take while the user is there", () => {
    const connector = new Connector('handshake', { nextId: () => 1, transport: 'http', timeoutMs: 5000 });
    connector.start();
    expect(connector.onAuth('request')).toEqual([{ type: 'wait', ms: 5000 }]);
    expect(connector.onAuth('waiting')).toEqual([{ type: 'wait', ms: AUTHORIZATION_WAIT_MS + 5000 }]);
  });
});
