/**
 * The waterfall's time axis: which milliseconds a pixel stands for, and how zoom, pan, fit and
 * follow change that. Pure, so the gestures (wheel, pinch, drag, keys) all share one tested
 * arithmetic and only differ in how they read the input.
 */

export interface TimeRange {
  t0: number;
  t1: number;
}

/** Narrower than this a span of a single event would fill the screen with nothing to see. */
export const MIN_WIDTH_MS = 1;
/** Wider than this nothing is readable, whatever the session. */
export const MAX_WIDTH_MS = 1000 * 60 * 60 * 24 * 30;

export function width(range: TimeRange): number {
  return range.t1 - range.t0;
}

export function xOf(range: TimeRange, px: number, t: number): number {
  return ((t - range.t0) / width(range)) * px;
}

export function tAt(range: TimeRange, px: number, x: number): number {
  return range.t0 + (x / px) * width(range);
}

/** Zooms by `factor` (> 1 in, < 1 out) keeping the instant `anchor` where it is on screen. */
export function zoom(range: TimeRange, anchor: number, factor: number): TimeRange {
  const w = clamp(width(range) / factor, MIN_WIDTH_MS, MAX_WIDTH_MS);
  const share = width(range) === 0 ? 0.5 : (anchor - range.t0) / width(range);
  const t0 = anchor - share * w;
  return { t0, t1: t0 + w };
}

export function pan(range: TimeRange, dt: number): TimeRange {
  return { t0: range.t0 + dt, t1: range.t1 + dt };
}

/** The whole session with a margin on both sides, so the first and last spans are not on the edge. */
export function fit(tMin: number, tMax: number): TimeRange {
  const span = Math.max(tMax - tMin, MIN_WIDTH_MS * 10);
  const margin = span * 0.02;
  return { t0: tMin - margin, t1: tMin + span + margin };
}

/** The same width, its right edge a little past `now`, so the newest events stay in view. */
export function follow(range: TimeRange, now: number): TimeRange {
  const w = width(range);
  const t1 = now + w * 0.02;
  return { t0: t1 - w, t1 };
}

/** The range moved (not resized) just enough to show [t0, t1], centred when it must move. */
export function reveal(range: TimeRange, t0: number, t1: number): TimeRange {
  if (t0 >= range.t0 && t1 <= range.t1) return range;
  const mid = (t0 + t1) / 2;
  const w = Math.max(width(range), (t1 - t0) * 1.1);
  return { t0: mid - w / 2, t1: mid + w / 2 };
}

/** A step of 1, 2 or 5 × 10^k ms that puts tick labels at least `minPx` apart. */
export function tickStep(range: TimeRange, px: number, minPx = 80): number {
  const raw = (width(range) / Math.max(px, 1)) * minPx;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/** The tick instants in a range, on whole multiples of the step from `origin`. */
export function ticks(range: TimeRange, step: number, origin: number): number[] {
  const out: number[] = [];
  const first = origin + Math.ceil((range.t0 - origin) / step) * step;
  for (let t = first; t <= range.t1 && out.length < 1000; t += step) out.push(t);
  return out;
}

/** A tick's label: time since the session's start, in the unit the step calls for. */
export function tickLabel(t: number, step: number, origin: number): string {
  const d = t - origin;
  const sign = d < 0 ? '-' : '';
  const a = Math.abs(d);
  if (step < 1) return `${sign}${a.toFixed(decimals(step))} ms`;
  if (a < 1000 && step < 1000) return `${sign}${Math.round(a)} ms`;
  if (step < 60_000) return `${sign}${(a / 1000).toFixed(decimals(step / 1000))} s`;
  const minutes = Math.floor(a / 60_000);
  const seconds = Math.round((a % 60_000) / 1000);
  return `${sign}${minutes}:${String(seconds).padStart(2, '0')}`;
}

function decimals(step: number): number {
  return step >= 1 ? 0 : Math.min(6, Math.ceil(-Math.log10(step) - 1e-9));
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
