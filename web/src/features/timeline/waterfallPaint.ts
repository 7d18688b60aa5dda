/**
 * Paints the waterfall on a canvas from a layout. Text drawn here (connection names) cannot
 * inject anything: a canvas has no markup. Colours come from the theme's CSS variables, so dark
 * and light stay in step with the rest of the app.
 */
import type { TimelineSpan } from '../../../../protocol/timeline/contract.js';
import { statusTone } from './format.js';
import { tickLabel, tickStep, ticks, xOf } from './timeAxis.js';
import { AXIS_HEIGHT, LABEL_WIDTH, rowBox, type Placed } from './waterfallLayout.js';
import { paintTask, taskBoxOf } from './waterfallTasks.js';
import { fitText, type Box, type PaintInput, type Palette } from './waterfallCanvas.js';

export { readPalette, type Box, type Palette, type PaintInput } from './waterfallCanvas.js';

/** How wide an instant (a notification, a stderr line) is drawn: whole pixels, no blending. */
const INSTANT_PX = 2;

export function paintWaterfall(ctx: CanvasRenderingContext2D, input: PaintInput): void {
  const { layout, range, width, height, palette: p } = input;
  const plot = Math.max(1, width - LABEL_WIDTH);
  const x = (t: number): number => LABEL_WIDTH + xOf(range, plot, t);
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = p.bg;
  ctx.fillRect(0, 0, width, height);
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';

  // Lanes: alternate shading, a name on the left.
  layout.lanes.forEach((lane, i) => {
    if (i % 2 === 1) {
      ctx.fillStyle = p.bg2;
      ctx.fillRect(0, lane.top, width, lane.height);
    }
    ctx.fillStyle = p.fg2;
    ctx.fillText(fitText(ctx, input.laneLabel(lane.conn), LABEL_WIDTH - 8), 4, lane.top + Math.min(lane.height, 18) / 2);
  });

  // Time grid and axis labels.
  const step = tickStep(range, plot);
  ctx.strokeStyle = p.border;
  ctx.lineWidth = 1;
  ctx.fillStyle = p.fg2;
  for (const t of ticks(range, step, input.origin)) {
    const tx = Math.round(x(t)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(tx, AXIS_HEIGHT - 4);
    ctx.lineTo(tx, height);
    ctx.stroke();
    ctx.fillText(tickLabel(t, step, input.origin), tx + 3, AXIS_HEIGHT / 2);
  }
  ctx.beginPath();
  ctx.moveTo(LABEL_WIDTH + 0.5, 0);
  ctx.lineTo(LABEL_WIDTH + 0.5, height);
  ctx.moveTo(0, AXIS_HEIGHT + 0.5);
  ctx.lineTo(width, AXIS_HEIGHT + 0.5);
  ctx.stroke();

  ctx.save();
  ctx.beginPath();
  ctx.rect(LABEL_WIDTH + 1, AXIS_HEIGHT + 1, plot, height - AXIS_HEIGHT);
  ctx.clip();
  // Thousands of instants or hairline spans can fall on one pixel column: paint each
  // (lane, track, column) once. The hit test (boxesOf) still sees every one.
  const painted = new Set<number>();
  // Plain instants (most of a flood) are painted last as one path per colour: one fill instead
  // of a fill and a colour change each.
  const instants = new Map<string, number[]>();
  let selected: Placed | undefined;
  for (const placed of layout.placed) {
    const { span } = placed;
    if (span.row === input.selected) selected = placed;
    const x0 = x(span.t0);
    const hairline = placed.track === -1 || (span.t1 !== undefined && x(span.t1) - x0 < 1);
    const plain = span.row !== input.hovered && !span.worst;
    if (hairline && plain) {
      const key = (Math.round(x0) * 64 + placed.lane) * 8 + Math.min(placed.track + 1, 7);
      if (painted.has(key)) continue;
      painted.add(key);
    }
    if (placed.track === -1 && plain) {
      const color = instantColor(span, p);
      const { top, height } = rowBox(layout, placed);
      let list = instants.get(color);
      if (!list) instants.set(color, (list = []));
      list.push(Math.round(x0), top, height);
      continue;
    }
    paintSpan(ctx, input, placed, x);
  }
  let selectedTask: Box | undefined;
  for (const placed of layout.tasks) {
    paintTask(ctx, input, placed, x);
    if (placed.task.row === input.selected) selectedTask = taskBoxOf(input, placed, x);
  }
  for (const [color, list] of instants) {
    ctx.fillStyle = color;
    ctx.beginPath();
    for (let i = 0; i + 2 < list.length; i += 3) ctx.rect(list[i] ?? 0, list[i + 1] ?? 0, INSTANT_PX, list[i + 2] ?? 0);
    ctx.fill();
  }
  // "Now", for a live session.
  const nx = x(input.now);
  if (nx > LABEL_WIDTH && nx < width) {
    ctx.strokeStyle = p.accent;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(Math.round(nx) + 0.5, AXIS_HEIGHT);
    ctx.lineTo(Math.round(nx) + 0.5, height);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (selected) {
    const box = boxOf(input, selected, x);
    ctx.strokeStyle = p.accent;
    ctx.lineWidth = 2;
    ctx.strokeRect(box.x0 - 2, box.top - 2, box.x1 - box.x0 + 4, box.bottom - box.top + 4);
  }
  if (selectedTask) {
    ctx.strokeStyle = p.accent;
    ctx.lineWidth = 2;
    ctx.strokeRect(
      selectedTask.x0 - 2,
      selectedTask.top - 2,
      selectedTask.x1 - selectedTask.x0 + 4,
      selectedTask.bottom - selectedTask.top + 4,
    );
  }
  ctx.restore();
}

/** Where every span of a paint lies, for the hit test: computed when the pointer asks, not on every paint. */
export function boxesOf(input: PaintInput): Box[] {
  const plot = Math.max(1, input.width - LABEL_WIDTH);
  const x = (t: number): number => LABEL_WIDTH + xOf(input.range, plot, t);
  const boxes = input.layout.placed.map((placed) => boxOf(input, placed, x));
  for (const placed of input.layout.tasks) boxes.push(taskBoxOf(input, placed, x));
  return boxes;
}

function paintSpan(ctx: CanvasRenderingContext2D, input: PaintInput, placed: Placed, x: (t: number) => number): void {
  const { span } = placed;
  const p = input.palette;
  const { top, height } = rowBox(input.layout, placed);
  const instant = placed.track === -1;
  const x0 = x(span.t0);
  if (instant) {
    ctx.fillStyle = instantColor(span, p);
    ctx.fillRect(Math.round(x0), top, span.row === input.hovered ? INSTANT_PX + 1 : INSTANT_PX, height);
    if (span.worst) marker(ctx, x0, top, p.severity[span.worst]);
    return;
  }
  const end = span.t1 ?? Math.max(input.now, span.t0);
  const x1 = Math.max(x(end), x0 + 2);
  const color = p.tones[statusTone(span.status)];
  ctx.globalAlpha = span.t1 === undefined ? 0.45 : span.row === input.hovered ? 1 : 0.85;
  ctx.fillStyle = color;
  ctx.fillRect(x0, top, x1 - x0, height);
  ctx.globalAlpha = 1;
  if (span.t1 === undefined) {
    // Still open: a solid start and an open, dashed end at "now".
    ctx.fillRect(x0, top, 2, height);
    ctx.strokeStyle = color;
    ctx.setLineDash([2, 2]);
    ctx.strokeRect(x0 + 0.5, top + 0.5, x1 - x0 - 1, height - 1);
    ctx.setLineDash([]);
  }
  if (span.depth > 0) {
    // Nested under a call: a bracket up towards the track of the call that caused it.
    ctx.strokeStyle = color;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(Math.round(x0) + 0.5, top);
    ctx.lineTo(Math.round(x0) + 0.5, top - input.layout.trackHeight / 2);
    ctx.lineTo(Math.round(x0) + 4.5, top - input.layout.trackHeight / 2);
    ctx.stroke();
  }
  if (span.worst) marker(ctx, x0, top, input.palette.severity[span.worst]);
}

/** Where a span would be painted, without painting it. */
function boxOf(input: PaintInput, placed: Placed, x: (t: number) => number): Box {
  const { top, height } = rowBox(input.layout, placed);
  const x0 = x(placed.span.t0);
  if (placed.track === -1) return { row: placed.span.row, x0: x0 - 3, x1: x0 + 3, top, bottom: top + height, instant: true };
  const x1 = Math.max(x(placed.span.t1 ?? Math.max(input.now, placed.span.t0)), x0 + 2);
  return { row: placed.span.row, x0, x1, top, bottom: top + height, instant: false };
}

function instantColor(span: TimelineSpan, p: Palette): string {
  switch (span.kind) {
    case 'notification':
      return p.kinds.notification;
    case 'stderr':
      return p.kinds.stderr;
    case 'invalid':
    case 'orphan-response':
      return p.kinds.bad;
    case 'request':
    case 'process':
    case 'notice':
    case 'note':
    case 'http':
    case 'auth':
      return p.kinds.other;
  }
}

/** A finding: a small flag on the span's start. */
function marker(ctx: CanvasRenderingContext2D, x0: number, top: number, color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(x0, top - 1);
  ctx.lineTo(x0 + 6, top - 1);
  ctx.lineTo(x0, top + 5);
  ctx.closePath();
  ctx.fill();
}

/** The row under a point: an instant within a few pixels wins over the span behind it. */
export function hitTest(boxes: readonly Box[], px: number, py: number): number | undefined {
  return hitBox(boxes, px, py)?.row;
}

/** The box under a point, by the same rule as hitTest (a task's box says which task). */
export function hitBox(boxes: readonly Box[], px: number, py: number): Box | undefined {
  let best: Box | undefined;
  for (const box of boxes) {
    if (py < box.top - 2 || py > box.bottom + 2 || px < box.x0 - 2 || px > box.x1 + 2) continue;
    if (!best || (box.instant && !best.instant) || box.x1 - box.x0 < best.x1 - best.x0) best = box;
  }
  return best;
}
