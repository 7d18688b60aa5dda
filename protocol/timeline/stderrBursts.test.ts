// stderr lines that come in one burst are one row: a stack trace reads as one thing, every line kept.
import { describe, expect, it } from 'vitest';
import type { TimelineRow } from './contract.js';
import { STDERR_BURST_MS } from './fold.js';
import { TimelineIndex } from './timelineIndex.js';
import { EventScript } from './testing.js';

function rowsOf(script: EventScript): { index: TimelineIndex; rows: TimelineRow[] } {
  const index = new TimelineIndex();
  for (const event of script.events) index.apply(event);
  return { index, rows: index.window(0, 1_000_000) };
}

const stderrRows = (rows: TimelineRow[], conn = 'c1'): TimelineRow[] => rows.filter((r) => r.kind === 'stderr' && r.conn === conn);

describe('stderr bursts', () => {
  it('a stack trace written at once is one row that holds every line', () => {
    const s = new EventScript().spawn('c1');
    const trace = ['Error: boom', ...Array.from({ length: 99 }, (_, i) => `    at frame${i} (file.js:${i}:1)`)];
    for (const line of trace) s.line('c1', 'stderr', line);
    const { index, rows } = rowsOf(s);
    const burst = stderrRows(rows);
    expect(burst).toHaveLength(1);
    expect(burst[0]?.events).toBe(100);
    expect(burst[0]?.summary).toBe('Error: boom (+99 lines)');
    expect(index.detail(burst[0]?.row ?? -1)?.lines.map((l) => l.text)).toEqual(trace);
  });

  it('ends at anything else of the connection, and at a quiet gap', () => {
    const s = new EventScript().spawn('c1').spawn('c2');
    s.line('c1', 'stderr', 'a1').line('c2', 'stderr', 'other server').line('c1', 'stderr', 'a2');
    s.request('c1', 1, 'ping');
    s.line('c1', 'stderr', 'b1').line('c1', 'stderr', 'b2');
    s.wait(STDERR_BURST_MS + 1);
    s.line('c1', 'stderr', 'c1');
    const { rows } = rowsOf(s);
    // Another connection's line does not split c1's burst; c1's own request does; so does a pause.
    expect(stderrRows(rows).map((r) => [r.summary, r.events])).toEqual([
      ['a1 (+1 line)', 2],
      ['b1 (+1 line)', 2],
      ['c1', 1],
    ]);
    expect(stderrRows(rows, 'c2').map((r) => r.summary)).toEqual(['other server']);
  });
});
