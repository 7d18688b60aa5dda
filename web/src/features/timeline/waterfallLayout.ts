/**
 * Where the waterfall puts things: one lane per connection, and inside a lane as many tracks as
 * overlapping exchanges need (so two calls in flight at once sit one above the other), a thin
 * band on top for instant events (notifications, stderr, process events), and under it a track
 * per task running at once (a task outlives the requests that make it up, so it gets its own).
 * Pure: the canvas painter and the hit test both read this.
 */
import type { TimelineSpan, TimelineTask } from '../../../../protocol/timeline/contract.js';

export const AXIS_HEIGHT = 18;
export const LABEL_WIDTH = 120;
export const TICK_BAND = 7;
export const LANE_GAP = 3;
/** Past this many tracks a lane's extra spans share its last track (drawn over each other). */
export const MAX_TRACKS = 6;
/** Past this many tasks at once in a lane, the extra ones share its last task track. */
export const MAX_TASK_TRACKS = 3;

export interface Lane {
  /** The connection id ('' for the bridge's own events). */
  conn: string;
  top: number;
  height: number;
  tracks: number;
  /** Task tracks, between the instant band and the exchanges' tracks. */
  taskTracks: number;
}

export interface Placed {
  span: TimelineSpan;
  lane: number;
  /** -1: the instant-event band. */
  track: number;
}

export interface PlacedTask {
  task: TimelineTask;
  lane: number;
  track: number;
}

export interface Layout {
  lanes: Lane[];
  placed: Placed[];
  tasks: PlacedTask[];
  trackHeight: number;
}

/** Spans that have no length (notifications, stderr…) are instants, drawn as ticks. */
export function isInstant(span: TimelineSpan): boolean {
  return span.kind !== 'request';
}

/**
 * @param order lanes in this order (connections as they first appeared), then any other connection met
 * @param now where a pending span ends
 * @param minGap time that must separate two spans sharing a track (a couple of pixels' worth)
 */
export function layoutWaterfall(
  spans: readonly TimelineSpan[],
  order: readonly string[],
  now: number,
  minGap: number,
  height: number,
  tasks: readonly TimelineTask[] = [],
): Layout {
  const laneIndex = new Map<string, number>();
  const laneOf = (conn: string): number => {
    let i = laneIndex.get(conn);
    if (i === undefined) {
      i = laneIndex.size;
      laneIndex.set(conn, i);
    }
    return i;
  };
  for (const conn of order) laneOf(conn);
  const placed: Placed[] = [];
  const trackEnds: number[][] = [];
  const sorted = [...spans].sort((a, b) => a.t0 - b.t0 || a.depth - b.depth || a.row - b.row);
  for (const span of sorted) {
    const lane = laneOf(span.conn ?? '');
    if (isInstant(span)) {
      placed.push({ span, lane, track: -1 });
      continue;
    }
    const ends = (trackEnds[lane] ??= []);
    const end = span.t1 ?? Math.max(now, span.t0);
    let track = ends.findIndex((e) => e + minGap <= span.t0);
    if (track === -1) {
      if (ends.length < MAX_TRACKS) track = ends.length;
      else track = ends.indexOf(Math.min(...ends));
    }
    ends[track] = Math.max(ends[track] ?? -Infinity, end);
    placed.push({ span, lane, track });
  }
  const placedTasks: PlacedTask[] = [];
  const taskEnds: number[][] = [];
  for (const task of [...tasks].sort((a, b) => a.t0 - b.t0 || a.row - b.row)) {
    const lane = laneOf(task.conn ?? '');
    const ends = (taskEnds[lane] ??= []);
    let track = ends.findIndex((e) => e + minGap <= task.t0);
    if (track === -1) track = ends.length < MAX_TASK_TRACKS ? ends.length : ends.indexOf(Math.min(...ends));
    ends[track] = Math.max(ends[track] ?? -Infinity, task.t1 ?? Math.max(now, task.t0));
    placedTasks.push({ task, lane, track });
  }
  const laneCount = laneIndex.size;
  const tracksOf = (lane: number): number => Math.max(1, trackEnds[lane]?.length ?? 0);
  const taskTracksOf = (lane: number): number => taskEnds[lane]?.length ?? 0;
  let totalTracks = 0;
  for (let i = 0; i < laneCount; i++) totalTracks += tracksOf(i) + taskTracksOf(i);
  const free = height - AXIS_HEIGHT - laneCount * (TICK_BAND + LANE_GAP);
  const trackHeight = Math.max(3, Math.min(14, Math.floor(free / Math.max(1, totalTracks))));
  const lanes: Lane[] = [];
  let top = AXIS_HEIGHT;
  for (const [conn, i] of laneIndex) {
    const tracks = tracksOf(i);
    const taskTracks = taskTracksOf(i);
    const laneHeight = TICK_BAND + (taskTracks + tracks) * trackHeight + LANE_GAP;
    lanes.push({ conn, top, height: laneHeight, tracks, taskTracks });
    top += laneHeight;
  }
  return { lanes, placed, tasks: placedTasks, trackHeight };
}

/** The vertical extent of a placed task, in canvas pixels. */
export function taskBox(layout: Layout, p: PlacedTask): { top: number; height: number } {
  const lane = layout.lanes[p.lane];
  if (!lane) return { top: 0, height: 0 };
  const track = Math.min(p.track, Math.max(0, lane.taskTracks - 1));
  return { top: lane.top + TICK_BAND + track * layout.trackHeight + 1, height: Math.max(2, layout.trackHeight - 2) };
}

/** The vertical extent of a placed span, in canvas pixels. */
export function rowBox(layout: Layout, p: Placed): { top: number; height: number } {
  const lane = layout.lanes[p.lane];
  if (!lane) return { top: 0, height: 0 };
  if (p.track === -1) return { top: lane.top + 1, height: TICK_BAND - 2 };
  const track = lane.taskTracks + Math.min(p.track, lane.tracks - 1);
  return { top: lane.top + TICK_BAND + track * layout.trackHeight + 1, height: Math.max(2, layout.trackHeight - 2) };
}
