/**
 * The time-axis view above the list: lanes per connection, each exchange a span from request to
 * answer. Only the spans of the visible range are asked for. Zoom: wheel, ctrl+wheel (a
 * trackpad pinch arrives as that), +/-. Pan: drag, horizontal wheel or shift+wheel, arrows.
 * Following keeps the right edge at "now" until the user moves the view.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { TimelineClient, TimelineSpan, TimelineStats, TimelineTask } from '../../../../protocol/timeline/contract.js';
import { formatDuration, kindLabel, statusLabel } from './format.js';
import { fit, follow, pan, reveal, tAt, width, zoom, type TimeRange } from './timeAxis.js';
import { useLatestAnswer } from './useTimelineData.js';
import { useThrottled } from './useThrottled.js';
import { LABEL_WIDTH, layoutWaterfall } from './waterfallLayout.js';
import { boxesOf, hitBox, paintWaterfall, readPalette, type Palette, type PaintInput } from './waterfallPaint.js';
import { TaskTip, WaterfallTaskList } from './WaterfallTaskList.js';

/** Spans asked per pixel of the time axis: more could not be told apart. */
const SPANS_PER_PX = 2;
/** A growing live session is shown whole until it is this long; then the view slides. */
const AUTO_FOLLOW_MAX_MS = 30_000;

export interface RevealRequest {
  t0: number;
  t1?: number;
  nonce: number;
}

interface Props {
  client: TimelineClient;
  stats: TimelineStats | undefined;
  version: number;
  live: boolean;
  lanes: readonly string[];
  laneLabel: (conn: string) => string;
  selected: number | undefined;
  revealRequest: RevealRequest | undefined;
  onSelect: (row: number) => void;
  /** Shown at the right of the waterfall's toolbar (the row counts). */
  children?: ReactNode;
}

/**
 * Under a flood the data moves every frame; the waterfall follows it a few times a second, which
 * reads the same to the eye and leaves the frames to the list and the rest of the page.
 */
const DATA_MS = 150;

export function Waterfall({
  client,
  stats: liveStats,
  version: liveVersion,
  live,
  lanes,
  laneLabel,
  selected,
  revealRequest,
  onSelect,
  children,
}: Props) {
  const stats = useThrottled(liveStats, DATA_MS);
  const version = useThrottled(liveVersion, DATA_MS);
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  /** What was last painted, for the hit test. */
  const painted = useRef<PaintInput | undefined>(undefined);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const [range, setRange] = useState<TimeRange | undefined>();
  const [following, setFollowing] = useState(live);
  /** The width kept while following; undefined grows with the session (up to AUTO_FOLLOW_MAX_MS). */
  const [followWidth, setFollowWidth] = useState<number | undefined>();
  const [hover, setHover] = useState<{ span?: TimelineSpan; task?: TimelineTask; row: number; x: number; y: number } | undefined>();
  const [palette, setPalette] = useState<Palette | undefined>();
  const [clock, setClock] = useState(() => Date.now());
  const drag = useRef<{ x: number; range: TimeRange; moved: boolean } | undefined>(undefined);

  const hasRows = stats !== undefined && stats.rows > 0;
  const tMin = stats?.tMin ?? 0;
  const tMax = stats?.tMax ?? 0;
  const now = live ? Math.max(clock, tMax) : tMax;

  useLayoutEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) setSize({ w: Math.floor(box.width), h: Math.floor(box.height) });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // The theme switch lands on <html> after this component's own effects ran: watch it there.
  useEffect(() => {
    const root = document.documentElement;
    setPalette(readPalette(root));
    const observer = new MutationObserver(() => setPalette(readPalette(root)));
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
    return () => observer.disconnect();
  }, []);

  // A live session's "now" moves even when nothing arrives: pending spans grow. With nothing
  // pending the view moves with the data alone, so an idle tab does no work (ticking anyway
  // cost a tenth of a core per open tab).
  const pending = live && (stats?.facets.statuses.pending ?? 0) > 0;
  useEffect(() => {
    if (!pending) return;
    setClock(Date.now());
    const timer = setInterval(() => setClock(Date.now()), 250);
    return () => {
      clearInterval(timer);
      setClock(Date.now());
    };
  }, [pending]);

  // The first rows decide the first view; following moves it with the data.
  useEffect(() => {
    if (!hasRows) return;
    if (range === undefined) {
      setRange(fit(tMin, live ? Math.max(tMax, now) : tMax));
      return;
    }
    if (!following) return;
    const w = followWidth ?? Math.max(width(range), Math.min(width(fit(tMin, now)), AUTO_FOLLOW_MAX_MS));
    const next = follow({ t0: 0, t1: w }, now);
    if (Math.abs(next.t0 - range.t0) > 1e-6 || Math.abs(next.t1 - range.t1) > 1e-6) setRange(next);
  }, [hasRows, tMin, tMax, now, following, followWidth, range, live]);

  // A row selected in the list: bring its span into view.
  useEffect(() => {
    if (!revealRequest) return;
    setRange((r) => {
      if (!r) return r;
      const next = reveal(r, revealRequest.t0, revealRequest.t1 ?? revealRequest.t0);
      if (next !== r) setFollowing(false);
      return next;
    });
  }, [revealRequest]);

  const plot = Math.max(1, size.w - LABEL_WIDTH);
  // The answer carries the "now" and the range it was asked for: new data moves all three, and
  // painting as each arrived painted twice per update (15 paints a second under a flood, a tenth
  // of the page's main thread). A range the user moves is painted at once, with the spans at hand.
  const answer = useLatestAnswer(range && size.w > 0 ? `${range.t0}:${range.t1}:${version}:${plot}` : '', async () => ({
    spans: range ? await client.spans(range.t0, range.t1, Math.max(200, Math.round(plot * SPANS_PER_PX))) : [],
    // Tasks are few (one per task-augmented request), asked whole: each spans many exchanges.
    tasks: range ? await client.tasks() : [],
    now,
    range,
  }));
  const spans = answer?.spans;
  const allTasks = answer?.tasks;
  // While something is pending, "now" ticks on its own and each tick is painted.
  const paintNow = pending || answer === undefined ? now : answer.now;
  const paintRange = following && answer?.range ? answer.range : range;

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || !palette || size.w === 0 || size.h === 0) return;
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width !== size.w * dpr || canvas.height !== size.h * dpr) {
      canvas.width = size.w * dpr;
      canvas.height = size.h * dpr;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    // Before the first range is chosen, the data's own extent: a range at the epoch's start
    // labelled from the session's start read "-1796380368971.0 ms" across the axis.
    const r = paintRange ?? fit(tMin, tMax);
    const minGap = (width(r) / plot) * 3;
    const shownTasks = (allTasks ?? []).filter((task) => task.t0 <= r.t1 && (task.t1 ?? paintNow) >= r.t0);
    const layout = layoutWaterfall(spans ?? [], lanes, paintNow, minGap, size.h, shownTasks);
    const input: PaintInput = {
      layout,
      range: r,
      width: size.w,
      height: size.h,
      now: paintNow,
      origin: tMin,
      selected,
      hovered: hover?.row,
      laneLabel,
      palette,
    };
    paintWaterfall(ctx, input);
    painted.current = input;
  }, [spans, allTasks, lanes, paintNow, size, palette, paintRange, plot, selected, hover, laneLabel, tMin, tMax]);

  const boxAt = (px: number, py: number) => (painted.current ? hitBox(boxesOf(painted.current), px, py) : undefined);
  const rowAt = (px: number, py: number): number | undefined => boxAt(px, py)?.row;

  const move = (next: TimeRange): void => {
    setFollowing(false);
    setRange(next);
  };

  // Wheel needs a listener that may cancel the page's own scroll, which React's onWheel cannot.
  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const onWheel = (event: WheelEvent): void => {
      if (!range) return;
      event.preventDefault();
      const px = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? plot : 1;
      const dx = event.shiftKey ? event.deltaY : event.deltaX;
      const x = event.clientX - el.getBoundingClientRect().left - LABEL_WIDTH;
      if (!event.shiftKey && Math.abs(event.deltaY) >= Math.abs(event.deltaX)) {
        // A pinch reports small deltas with ctrlKey set: scale it up to feel the same.
        const speed = event.ctrlKey ? 0.01 : 0.0015;
        setFollowing(false);
        setRange((r) => (r ? zoom(r, tAt(r, plot, x), Math.exp(-event.deltaY * px * speed)) : r));
      } else {
        setFollowing(false);
        setRange((r) => (r ? pan(r, (dx * px * width(r)) / plot) : r));
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [range, plot]);

  const pointerX = (event: PointerEvent): number => event.clientX - event.currentTarget.getBoundingClientRect().left;
  const pointerY = (event: PointerEvent): number => event.clientY - event.currentTarget.getBoundingClientRect().top;
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>): void => {
    if (!range || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, range, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>): void => {
    const d = drag.current;
    if (d) {
      const dx = event.clientX - d.x;
      if (Math.abs(dx) > 3) d.moved = true;
      if (d.moved) move(pan(d.range, (-dx * width(d.range)) / plot));
      return;
    }
    const box = boxAt(pointerX(event), pointerY(event));
    const where = { row: box?.row ?? -1, x: pointerX(event), y: pointerY(event) };
    const task = box?.task === undefined ? undefined : allTasks?.find((t) => t.row === box.row && t.taskId === box.task);
    const span = box === undefined || task ? undefined : spans?.find((s) => s.row === box.row);
    setHover(task ? { task, ...where } : span ? { span, ...where } : undefined);
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>): void => {
    const d = drag.current;
    drag.current = undefined;
    if (d && !d.moved) {
      const row = rowAt(pointerX(event), pointerY(event));
      if (row !== undefined) onSelect(row);
    }
  };

  const onKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (!range) return;
    const center = (range.t0 + range.t1) / 2;
    switch (event.key) {
      case '+':
      case '=':
        move(zoom(range, center, 1.5));
        break;
      case '-':
      case '_':
        move(zoom(range, center, 1 / 1.5));
        break;
      case 'ArrowLeft':
        move(pan(range, -width(range) * 0.2));
        break;
      case 'ArrowRight':
        move(pan(range, width(range) * 0.2));
        break;
      case 'f':
      case '0':
        fitAll();
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const fitAll = (): void => {
    setFollowing(false);
    setRange(fit(tMin, live ? Math.max(tMax, now) : tMax));
  };
  const toggleFollow = (): void => {
    if (following) return setFollowing(false);
    setFollowWidth(range ? width(range) : undefined);
    setFollowing(true);
  };

  return (
    <section className="tl-waterfall" aria-label="Waterfall">
      <div className="tl-waterfall-tools">
        <button type="button" onClick={fitAll} data-testid="waterfall-fit" disabled={!hasRows}>
          Fit all
        </button>
        {/* A recording does not grow: there is nothing live to follow. */}
        {live && (
          <button
            type="button"
            onClick={toggleFollow}
            aria-pressed={following}
            className={following ? 'on' : ''}
            data-testid="waterfall-follow"
            disabled={!hasRows}
          >
            Follow live
          </button>
        )}
        <span className="status">{range ? `${formatDuration(width(range)) || '0 ms'} in view` : ''}</span>
        <span className="spacer" />
        {children}
      </div>
      <div
        ref={wrapRef}
        className="tl-waterfall-canvas"
        tabIndex={0}
        role="img"
        aria-label="Exchanges on a time axis, one lane per connection. Plus and minus zoom, arrows pan, f fits all."
        onKeyDown={onKey}
        data-testid="waterfall"
        data-t0={range ? round3(range.t0) : ''}
        data-t1={range ? round3(range.t1) : ''}
        data-following={following}
        data-spans={spans?.length ?? 0}
        data-tasks={allTasks?.length ?? 0}
      >
        <canvas
          ref={canvasRef}
          style={{ width: size.w, height: size.h }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerLeave={() => setHover(undefined)}
        />
        {hover?.task && <TaskTip task={hover.task} left={Math.min(hover.x + 12, size.w - 220)} top={hover.y + 12} />}
        {hover?.span && (
          <div className="tl-tip" style={{ left: Math.min(hover.x + 12, size.w - 220), top: hover.y + 12 }} role="tooltip">
            <strong>{hover.span.method ?? kindLabel(hover.span.kind)}</strong> {statusLabel(hover.span.status)}
            {hover.span.t1 !== undefined && hover.span.kind === 'request'
              ? ` · ${formatDuration(hover.span.t1 - hover.span.t0) || '0 ms'}`
              : ''}
            {hover.span.worst ? ` · ${hover.span.worst} finding` : ''}
          </div>
        )}
      </div>
      <WaterfallTaskList tasks={allTasks ?? []} selected={selected} onSelect={onSelect} />
    </section>
  );
}

function round3(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}
