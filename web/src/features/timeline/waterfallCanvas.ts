/**
 * What the waterfall's painters share: the theme's colours read from its CSS variables, what a
 * paint is given, the boxes the hit test reads, and text fitted to a width. Apart from the
 * painters so that the span painter and the task painter both use them without a cycle.
 */
import type { Severity } from '../../../../protocol/timeline/contract.js';
import type { Tone } from './format.js';
import type { Layout } from './waterfallLayout.js';
import type { TimeRange } from './timeAxis.js';

export interface Palette {
  bg: string;
  bg2: string;
  border: string;
  fg: string;
  fg2: string;
  accent: string;
  tones: Record<Tone, string>;
  severity: Record<Severity, string>;
  kinds: { notification: string; stderr: string; other: string; bad: string };
}

export function readPalette(root: HTMLElement): Palette {
  const style = getComputedStyle(root);
  const v = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  const bad = v('--bad', '#b42318');
  const warn = v('--warn', '#9a6700');
  const note = v('--note', '#6e40c9');
  const fg2 = v('--fg-2', '#57606a');
  return {
    bg: v('--bg', '#fff'),
    bg2: v('--bg-2', '#f4f5f7'),
    border: v('--border', '#d0d7de'),
    fg: v('--fg', '#1b1f24'),
    fg2,
    accent: v('--accent', '#0b62c4'),
    tones: { ok: v('--in', '#1a7f37'), bad, warn, round: note, pending: v('--out', '#0b62c4'), muted: fg2 },
    severity: { error: bad, warning: warn, info: v('--accent', '#0b62c4') },
    kinds: { notification: note, stderr: warn, other: fg2, bad },
  };
}

export interface PaintInput {
  layout: Layout;
  range: TimeRange;
  width: number;
  height: number;
  /** Where pending spans end (now, or the session's last event for a closed one). */
  now: number;
  /** The session's start: tick labels count from it. */
  origin: number;
  selected: number | undefined;
  hovered: number | undefined;
  laneLabel: (conn: string) => string;
  palette: Palette;
}

/** Where a span lies on the canvas, for the hit test. */
export interface Box {
  row: number;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  instant: boolean;
  /** A task's span (its row is the task's creating row). */
  task?: string;
}

export function fitText(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  let t = text.slice(0, 60);
  if (ctx.measureText(t).width <= max) return t;
  while (t.length > 1 && ctx.measureText(`${t}…`).width > max) t = t.slice(0, -1);
  return `${t}…`;
}
