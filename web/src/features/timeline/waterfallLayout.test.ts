import { describe, expect, it } from 'vitest';
import type { TimelineSpan, TimelineTask } from '../../../../protocol/timeline/contract.js';
import { AXIS_HEIGHT, MAX_TASK_TRACKS, MAX_TRACKS, layoutWaterfall, rowBox, taskBox } from './waterfallLayout.js';

const call = (row: number, conn: string, t0: number, t1?: number, depth = 0): TimelineSpan => ({
  row,
  conn,
  kind: 'request',
  status: t1 === undefined ? 'pending' : 'ok',
  t0,
  ...(t1 === undefined ? {} : { t1 }),
  depth,
});
const tick = (row: number, conn: string | undefined, t: number): TimelineSpan => ({
  row,
  ...(conn === undefined ? {} : { conn }),
  kind: 'notification',
  status: 'none',
  t0: t,
  t1: t,
  depth: 0,
});

function trackOf(layout: ReturnType<typeof layoutWaterfall>, row: number): number | undefined {
  return layout.placed.find((p) => p.span.row === row)?.track;
}

describe('waterfall layout', () => {
  it('gives each connection a lane, in first-seen order, and the bridge its own', () => {
    const layout = layoutWaterfall([call(1, 'b', 0, 5), call(2, 'a', 0, 5), tick(3, undefined, 2)], ['a', 'b'], 100, 0, 200);
    expect(layout.lanes.map((l) => l.conn)).toEqual(['a', 'b', '']);
    expect(layout.lanes[0]?.top).toBe(AXIS_HEIGHT);
    expect(layout.placed.find((p) => p.span.row === 1)?.lane).toBe(1);
  });

  it('stacks overlapping calls and reuses a track once it is free', () => {
    const layout = layoutWaterfall(
      [call(1, 'a', 0, 100), call(2, 'a', 50, 80), call(3, 'a', 90, 120), call(4, 'a', 130, 140)],
      ['a'],
      1000,
      0,
      300,
    );
    expect(trackOf(layout, 1)).toBe(0);
    expect(trackOf(layout, 2)).toBe(1);
    expect(trackOf(layout, 3)).toBe(1);
    expect(trackOf(layout, 4)).toBe(0);
    expect(layout.lanes[0]?.tracks).toBe(2);
  });

  it('keeps a pending span open until now, so nothing lands on top of it', () => {
    const layout = layoutWaterfall([call(1, 'a', 0), call(2, 'a', 500, 510)], ['a'], 1000, 0, 300);
    expect(trackOf(layout, 2)).toBe(1);
  });

  it('draws instants in the band above the tracks', () => {
    const layout = layoutWaterfall([call(1, 'a', 0, 10), tick(2, 'a', 5)], ['a'], 100, 0, 300);
    const band = layout.placed.find((p) => p.span.row === 2);
    expect(band?.track).toBe(-1);
    const box = band ? rowBox(layout, band) : undefined;
    const spanBox = rowBox(layout, layout.placed.find((p) => p.span.row === 1) ?? { span: call(1, 'a', 0, 10), lane: 0, track: 0 });
    expect((box?.top ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(spanBox.top);
  });

  it('caps the tracks of a lane and fits the lanes into the height', () => {
    const many = Array.from({ length: 20 }, (_, i) => call(i, 'a', i, 1000));
    const layout = layoutWaterfall(many, ['a'], 2000, 0, 150);
    expect(layout.lanes[0]?.tracks).toBe(MAX_TRACKS);
    expect(Math.max(...layout.placed.map((p) => p.track))).toBe(MAX_TRACKS - 1);
    const last = layout.lanes.at(-1);
    expect((last?.top ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual(150);
  });

  it('keeps a gap between spans sharing a track', () => {
    const layout = layoutWaterfall([call(1, 'a', 0, 10), call(2, 'a', 11, 20)], ['a'], 100, 5, 300);
    expect(trackOf(layout, 2)).toBe(1);
  });

  it('gives tasks tracks of their own between the instants and the exchanges, overlapping ones stacked', () => {
    const task = (row: number, conn: string, t0: number, t1?: number): TimelineTask => ({
      taskId: `t${row}`,
      conn,
      row,
      t0,
      ...(t1 === undefined ? {} : { t1 }),
      status: 'working',
      statuses: ['working'],
      polls: [],
      pollCount: 0,
      rounds: [],
    });
    const layout = layoutWaterfall([call(1, 'a', 0, 10), tick(2, 'a', 5)], ['a'], 1000, 0, 300, [
      task(1, 'a', 0, 500),
      task(3, 'a', 100),
      task(4, 'a', 600, 700),
    ]);
    expect(layout.tasks.map((p) => p.track)).toEqual([0, 1, 0]);
    expect(layout.lanes[0]?.taskTracks).toBe(2);
    const first = layout.tasks[0];
    const second = layout.tasks[1];
    const box = first ? taskBox(layout, first) : { top: 0, height: 0 };
    const below = second ? taskBox(layout, second) : { top: 0, height: 0 };
    const exchange = rowBox(layout, layout.placed.find((p) => p.span.row === 1) ?? { span: call(1, 'a', 0, 10), lane: 0, track: 0 });
    const band = rowBox(layout, layout.placed.find((p) => p.span.row === 2) ?? { span: tick(2, 'a', 5), lane: 0, track: -1 });
    expect(band.top + band.height).toBeLessThanOrEqual(box.top);
    expect(box.top + box.height).toBeLessThanOrEqual(below.top);
    expect(below.top + below.height).toBeLessThanOrEqual(exchange.top);
    const crowd = layoutWaterfall(
      [],
      ['a'],
      1000,
      0,
      300,
      [1, 2, 3, 4, 5].map((i) => task(i, 'a', i)),
    );
    expect(crowd.lanes[0]?.taskTracks).toBe(MAX_TASK_TRACKS);
  });
});
