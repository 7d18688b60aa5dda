/**
 * A task on the waterfall: one bar from its creation to its terminal status (open: to now, its
 * end dashed), a tick per poll (a pushed status a shorter one), its input rounds as a bar nested
 * in its lower half, and its short id when there is room. Colours are the theme's, read into the
 * palette, so both themes work; the id is drawn on a canvas, which holds no markup.
 */
import type { TimelineTask } from '../../../../protocol/timeline/contract.js';
import { fitText, type Box, type Palette, type PaintInput } from './waterfallCanvas.js';
import { taskBox, type PlacedTask } from './waterfallLayout.js';
import type { Tone } from './format.js';

/** The tone a task's status is drawn in: the same as a row's of the same outcome. */
export function taskTone(status: string): Tone {
  switch (status) {
    case 'completed':
      return 'ok';
    case 'failed':
      return 'bad';
    case 'cancelled':
      return 'muted';
    case 'input_required':
      return 'round';
    case 'working':
      return 'pending';
    default:
      return 'warn';
  }
}

function endOf(task: TimelineTask, now: number): number {
  return task.t1 ?? Math.max(now, task.t0);
}

/** Where a task's bar lies, for the hit test: it selects the task's creating row. */
export function taskBoxOf(input: PaintInput, placed: PlacedTask, x: (t: number) => number): Box {
  const { top, height } = taskBox(input.layout, placed);
  const x0 = x(placed.task.t0);
  const x1 = Math.max(x(endOf(placed.task, input.now)), x0 + 3);
  return { row: placed.task.row, x0, x1, top, bottom: top + height, instant: false, task: placed.task.taskId };
}

export function paintTask(ctx: CanvasRenderingContext2D, input: PaintInput, placed: PlacedTask, x: (t: number) => number): void {
  const { task } = placed;
  const p: Palette = input.palette;
  const { top, height } = taskBox(input.layout, placed);
  const x0 = x(task.t0);
  const x1 = Math.max(x(endOf(task, input.now)), x0 + 3);
  const color = p.tones[taskTone(task.status)];
  const open = task.t1 === undefined;
  ctx.globalAlpha = input.hovered === task.row ? 0.4 : 0.22;
  ctx.fillStyle = color;
  ctx.fillRect(x0, top, x1 - x0, height);
  ctx.globalAlpha = 1;
  ctx.strokeStyle = color;
  ctx.lineWidth = 1;
  if (open) ctx.setLineDash([3, 2]);
  ctx.strokeRect(x0 + 0.5, top + 0.5, x1 - x0 - 1, height - 1);
  ctx.setLineDash([]);
  // Its start, and its terminal status: solid caps.
  ctx.fillRect(x0, top, 2, height);
  if (!open) ctx.fillRect(x1 - 2, top, 2, height);
  // Input rounds: nested in the lower half, in the colour of a round.
  const half = Math.max(1, Math.floor(height / 2));
  ctx.fillStyle = p.tones.round;
  for (const round of task.rounds) {
    const r0 = x(round.t0);
    const r1 = Math.max(x(round.t1 ?? Math.max(input.now, round.t0)), r0 + 2);
    ctx.fillRect(r0, top + height - half, r1 - r0, half);
  }
  // Polls: a full-height tick each; a pushed status (a notification) half as tall.
  ctx.fillStyle = p.fg;
  for (const poll of task.polls) {
    const px = Math.round(x(poll.t));
    const pushed = poll.method.startsWith('notifications/');
    ctx.fillRect(px, pushed ? top : top + 1, 1, pushed ? half : height - 2);
  }
  if (x1 - x0 > 70 && height >= 9) {
    ctx.fillStyle = p.fg;
    ctx.textBaseline = 'middle';
    const label = `task ${task.taskId} · ${task.status || '?'}`;
    ctx.fillText(fitText(ctx, label, Math.min(200, x1 - x0 - 10)), x0 + 5, top + height / 2);
  }
}
