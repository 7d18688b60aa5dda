/**
 * The list's scroll position as a slot position (see scrollMap.ts), kept in step with the scroll
 * element. The element's own scrolling (scrollbar drag, touch, keys in an unscaled list) is read
 * back from scrollTop; wheel turns in a scaled list are taken over and moved by rows, since a
 * pixel there stands for several rows. Following the end writes scrollTop at most once a frame,
 * from numbers already known: no layout is read to decide it.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { atEnd, isScaled, maxTopSlot, scrollTopFor, topSlotAt, type ScrollGeometry } from './scrollMap.js';

export const ROW_HEIGHT = 24;
/** The sticky header row inside the scroll element. */
export const HEADER_HEIGHT = 26;

export interface ListScroll {
  geometry: ScrollGeometry;
  topSlot: number;
  scrollTop: number;
  following: boolean;
  /** Puts a slot position at the top (clamped); stops following unless it is the end. */
  scrollToSlot: (topSlot: number) => void;
  follow: () => void;
  /** Stops following, where the view is. */
  hold: () => void;
}

export function useListScroll(ref: RefObject<HTMLDivElement | null>, slots: number): ListScroll {
  const [viewport, setViewport] = useState(0);
  const [pos, setPos] = useState({ topSlot: 0, scrollTop: 0 });
  const [following, setFollowing] = useState(true);
  const geometry: ScrollGeometry = { slots, rowHeight: ROW_HEIGHT, viewport: Math.max(viewport - HEADER_HEIGHT, ROW_HEIGHT) };
  const live = useRef({ geometry, pos, following, anchor: undefined as { scrollTop: number; topSlot: number } | undefined, frame: 0 });
  live.current.geometry = geometry;
  live.current.pos = pos;
  live.current.following = following;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver((entries) => {
      const h = entries[0]?.contentRect.height;
      if (h !== undefined) setViewport(h);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);

  const write = useCallback(
    (topSlot: number) => {
      const el = ref.current;
      const g = live.current.geometry;
      const clamped = Math.min(Math.max(topSlot, 0), maxTopSlot(g));
      const scrollTop = scrollTopFor(g, clamped);
      // The scroll event that follows reports a rounded offset: remember which position it means.
      live.current.anchor = { scrollTop, topSlot: clamped };
      // Several wheel events can land before the next render: each must start where the last left off.
      live.current.pos = { topSlot: clamped, scrollTop };
      setPos({ topSlot: clamped, scrollTop });
      if (el && Math.abs(el.scrollTop - scrollTop) >= 0.5) el.scrollTop = scrollTop;
    },
    [ref],
  );

  const scrollToSlot = useCallback(
    (topSlot: number) => {
      const g = live.current.geometry;
      const following = atEnd(g, topSlot);
      setFollowing(following);
      live.current.following = following;
      write(topSlot);
    },
    [write],
  );

  const follow = useCallback(() => {
    setFollowing(true);
    live.current.following = true;
    write(maxTopSlot(live.current.geometry));
  }, [write]);

  const hold = useCallback(() => {
    setFollowing(false);
    live.current.following = false;
  }, []);

  // The element scrolled (by us or by the user): read the position it stands for.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onScroll = (): void => {
      const l = live.current;
      const anchor = l.anchor;
      const topSlot = anchor && Math.abs(anchor.scrollTop - el.scrollTop) < 1 ? anchor.topSlot : topSlotAt(l.geometry, el.scrollTop);
      if (!anchor || Math.abs(anchor.scrollTop - el.scrollTop) >= 1) {
        l.anchor = undefined;
        // Only a move towards the start leaves the end: a late event of our own write, read
        // against a list that has grown since, must not stop following.
        const towardsStart = el.scrollTop < l.pos.scrollTop - 1;
        const following = l.following && !towardsStart ? true : atEnd(l.geometry, topSlot);
        if (following !== l.following) {
          l.following = following;
          setFollowing(following);
        }
      }
      setPos((p) => (p.topSlot === topSlot && p.scrollTop === el.scrollTop ? p : { topSlot, scrollTop: el.scrollTop }));
    };
    const onWheel = (event: WheelEvent): void => {
      const g = live.current.geometry;
      if (!isScaled(g) || event.ctrlKey || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
      event.preventDefault();
      const rows =
        event.deltaMode === 1
          ? event.deltaY
          : event.deltaMode === 2
            ? event.deltaY * (g.viewport / g.rowHeight)
            : event.deltaY / g.rowHeight;
      scrollToSlot(live.current.pos.topSlot + rows);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('wheel', onWheel);
    };
  }, [ref, scrollToSlot]);

  // Rows came or went, or the viewport changed size. Following, the view moves to the new end;
  // otherwise it stays on the same rows (in a scaled list the same offset would now mean other
  // rows, so the offset moves instead). Once per frame at most.
  useEffect(() => {
    const l = live.current;
    const target = l.following ? maxTopSlot(l.geometry) : Math.min(l.pos.topSlot, maxTopSlot(l.geometry));
    if (l.pos.topSlot === target && Math.abs(l.pos.scrollTop - scrollTopFor(l.geometry, target)) < 0.5) return;
    cancelAnimationFrame(l.frame);
    l.frame = requestAnimationFrame(() => {
      const now = live.current;
      write(now.following ? maxTopSlot(now.geometry) : Math.min(now.pos.topSlot, maxTopSlot(now.geometry)));
    });
  }, [following, slots, geometry.viewport, write]);
  useEffect(() => () => cancelAnimationFrame(live.current.frame), []);

  return { geometry, topSlot: pos.topSlot, scrollTop: pos.scrollTop, following, scrollToSlot, follow, hold };
}
