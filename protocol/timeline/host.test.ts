import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimelineAnswer } from './contract.js';
import { TimelineHost } from './host.js';
import { EventScript } from './testing.js';

describe('TimelineHost stats, live', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('come five times a second while frames stream, and within 30 ms of a frame after a quiet spell', () => {
    const answers: TimelineAnswer[] = [];
    const host = new TimelineHost((answer) => answers.push(answer));
    host.receive({ type: 'source', source: { kind: 'live', session: 's' } });
    const s = new EventScript().spawn('c1');
    for (let i = 0; i < 20_000; i++) s.notify('c1', 'stdout', 'notifications/message', { level: 'info', data: `line ${i}` });
    const frame = (from: number, to: number): string => JSON.stringify({ type: 'events', events: s.events.slice(from, to) });
    const stats = (): number => answers.filter((a) => a.type === 'stats').length;

    // Two seconds of a flood: a frame of 100 events every 10 ms.
    const before = stats();
    for (let i = 0; i < 200; i++) {
      host.receive({ type: 'frame', text: frame(i * 100, (i + 1) * 100) });
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(1000);
    expect(stats() - before).toBeGreaterThanOrEqual(9);
    expect(stats() - before).toBeLessThanOrEqual(12);

    // Quiet for a while, then one event: it shows within 30 ms.
    vi.advanceTimersByTime(1000);
    const quiet = stats();
    host.receive({ type: 'frame', text: frame(20_000, 20_001) });
    vi.advanceTimersByTime(30);
    expect(stats()).toBe(quiet + 1);
    const last = answers.filter((a) => a.type === 'stats').at(-1);
    expect(last?.type === 'stats' ? last.stats.indexed : 0).toBe(s.events.length);
  });
});
