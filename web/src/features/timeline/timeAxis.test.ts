import { describe, expect, it } from 'vitest';
import { MIN_WIDTH_MS, fit, follow, pan, reveal, tAt, tickLabel, tickStep, ticks, width, xOf, zoom } from './timeAxis.js';

const r = { t0: 1000, t1: 2000 };

describe('time axis', () => {
  it('maps instants to pixels and back', () => {
    expect(xOf(r, 500, 1500)).toBe(250);
    expect(tAt(r, 500, 250)).toBe(1500);
    expect(tAt(r, 500, xOf(r, 500, 1234.5))).toBeCloseTo(1234.5, 9);
  });

  it('zooms around the anchor, which stays put on screen', () => {
    const z = zoom(r, 1250, 2);
    expect(width(z)).toBe(500);
    expect(xOf(z, 500, 1250)).toBeCloseTo(xOf(r, 500, 1250), 9);
    const out = zoom(z, 1250, 0.5);
    expect(out.t0).toBeCloseTo(r.t0, 9);
    expect(out.t1).toBeCloseTo(r.t1, 9);
  });

  it('never zooms below a millisecond', () => {
    let z = r;
    for (let i = 0; i < 50; i++) z = zoom(z, 1500, 4);
    expect(width(z)).toBe(MIN_WIDTH_MS);
  });

  it('pans by a time delta', () => {
    expect(pan(r, -100)).toEqual({ t0: 900, t1: 1900 });
  });

  it('fits a session with a margin, and an instant as a usable width', () => {
    const f = fit(1000, 2000);
    expect(f.t0).toBeLessThan(1000);
    expect(f.t1).toBeGreaterThan(2000);
    expect(width(fit(5, 5))).toBeGreaterThan(MIN_WIDTH_MS);
  });

  it('follows by moving the right edge just past now, keeping the width', () => {
    const f = follow(r, 5000);
    expect(width(f)).toBeCloseTo(1000, 9);
    expect(f.t1).toBeGreaterThan(5000);
    expect(f.t0).toBeLessThan(5000);
  });

  it('moves only when the target is out of view', () => {
    expect(reveal(r, 1100, 1200)).toBe(r);
    const moved = reveal(r, 5000, 5100);
    expect(width(moved)).toBe(1000);
    expect((moved.t0 + moved.t1) / 2).toBe(5050);
    // A span wider than the view widens it.
    expect(width(reveal(r, 0, 3000))).toBeGreaterThan(3000);
  });

  it('chooses round tick steps at least minPx apart', () => {
    expect(tickStep(r, 1000, 80)).toBe(100);
    expect(tickStep({ t0: 0, t1: 10 }, 1000, 80)).toBe(1);
    expect(tickStep({ t0: 0, t1: 1 }, 1000, 80)).toBe(0.1);
    expect(tickStep({ t0: 0, t1: 3_600_000 }, 1000, 80)).toBe(500_000);
    const step = tickStep({ t0: 0, t1: 777 }, 640, 80);
    expect((step / 777) * 640).toBeGreaterThanOrEqual(80);
  });

  it('puts ticks on whole steps from the origin', () => {
    expect(ticks({ t0: 1030, t1: 1350 }, 100, 1000)).toEqual([1100, 1200, 1300]);
    expect(ticks({ t0: 950, t1: 1000 }, 50, 1000)).toEqual([950, 1000]);
  });

  it('labels ticks relative to the session start in a fitting unit', () => {
    expect(tickLabel(1000.5, 0.5, 1000)).toBe('0.5 ms');
    expect(tickLabel(1200, 100, 1000)).toBe('200 ms');
    expect(tickLabel(3500, 500, 1000)).toBe('2.5 s');
    expect(tickLabel(2200, 100, 1000)).toBe('1.2 s');
    expect(tickLabel(6000, 1000, 1000)).toBe('5 s');
    expect(tickLabel(1000 + 125_000, 60_000, 1000)).toBe('2:05');
    expect(tickLabel(900, 100, 1000)).toBe('-100 ms');
  });
});
