import { describe, expect, it } from 'vitest';
import { hitBox, hitTest, type Box } from './waterfallPaint.js';

const box = (row: number, x0: number, x1: number, top: number, instant = false): Box => ({ row, x0, x1, top, bottom: top + 10, instant });

describe('waterfall hit test', () => {
  it('finds the span under the pointer, with a couple of pixels of slack', () => {
    const boxes = [box(1, 100, 200, 20), box(2, 300, 400, 20)];
    expect(hitTest(boxes, 150, 25)).toBe(1);
    expect(hitTest(boxes, 201, 25)).toBe(1);
    expect(hitTest(boxes, 250, 25)).toBeUndefined();
    expect(hitTest(boxes, 350, 50)).toBeUndefined();
  });

  it('prefers an instant over the span behind it, and a short span over a long one', () => {
    expect(hitTest([box(1, 0, 500, 20), box(2, 148, 154, 20, true)], 150, 25)).toBe(2);
    expect(hitTest([box(1, 0, 500, 20), box(3, 140, 160, 20)], 150, 25)).toBe(3);
  });
});

describe('waterfall hit test on tasks', () => {
  it('names the task whose bar is under the pointer, and picks its creating row', () => {
    const task: Box = { row: 7, x0: 100, x1: 600, top: 10, bottom: 20, instant: false, task: 't1' };
    expect(hitBox([task, box(8, 100, 120, 30)], 300, 15)).toEqual(task);
    expect(hitTest([task], 300, 15)).toBe(7);
  });
});
