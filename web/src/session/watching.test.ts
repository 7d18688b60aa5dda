import { describe, expect, it } from 'vitest';
import { WatchReporter, shownConns } from './watching.js';

describe('what a tab shows', () => {
  const conns = [
    { conn: 'c3', status: 'running' as const },
    { conn: 'c1', status: 'starting' as const },
    { conn: 'c2', status: 'exited' as const },
    { conn: 'c4', status: 'failed' as const },
    { conn: 'c5', status: 'running' as const, removed: true },
  ];

  it('is the running connections it lists, while it can be seen', () => {
    expect(shownConns(conns, true)).toEqual(['c1', 'c3']);
    expect(shownConns(conns, false)).toEqual([]);
    expect(shownConns([], true)).toEqual([]);
  });

  it('is said again only when it changes, and always after a reconnect', () => {
    const sent: string[][] = [];
    const reporter = new WatchReporter((c) => sent.push(c));
    reporter.update(['c1']);
    reporter.update(['c1']);
    reporter.update(['c1', 'c3']);
    reporter.update([]);
    reporter.update([]);
    reporter.reset();
    reporter.update([]);
    expect(sent).toEqual([['c1'], ['c1', 'c3'], [], []]);
  });
});
