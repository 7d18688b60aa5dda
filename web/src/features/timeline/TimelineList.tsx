/**
 * The network-panel list: one row per exchange, a window of rows fetched from the client as it
 * scrolls into view (never every row in the page), positioned by slot so ten million rows still
 * scroll to their end (scrollMap.ts). Deliberately not @tanstack/react-virtual: it keeps one
 * measurement object per row and rebuilds them as the count grows, which is the cost the issue's
 * profile found; with fixed-height rows the positions are arithmetic.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { SortColumn, TimelineClient, TimelineRow, TimelineSort } from '../../../../protocol/timeline/contract.js';
import { contentHeight, revealSlot, slotOffset, visibleSlots } from './scrollMap.js';
import { itemAt, normalize, slotOf, totalSlots } from './slots.js';
import { DataRow, HeaderRow, PlaceholderRow, SubRow } from './ListRows.js';
import { useExpansions } from './useExpansions.js';
import { useListScroll } from './useListScroll.js';
import { useRowWindow } from './useTimelineData.js';

/** Rows fetched around the visible ones, in blocks, so small scrolls ask nothing new. */
const BLOCK = 50;
const OVERSCAN = 4;

export interface ListHandle {
  /** Scrolls a list index into view, with as little movement as it takes. */
  reveal: (index: number) => void;
  focus: () => void;
  /** Stops following the newest rows. */
  hold: () => void;
  /** The row at a list index, when it is in the fetched window. */
  rowAt: (index: number) => TimelineRow | undefined;
  /** Rows in view, for paging. */
  pageSize: () => number;
}

interface Props {
  client: TimelineClient;
  matching: number;
  version: number;
  sort: TimelineSort;
  onSort: (column: SortColumn) => void;
  selected: number | undefined;
  /** The selection's list index, -1 when unknown or filtered out. */
  selectedIndex: number;
  expanded: readonly number[];
  onPick: (row: TimelineRow, index: number) => void;
  onPickRow: (row: number) => void;
  onToggleExpand: (row: number) => void;
  onOpenDetail: (row: number) => void;
  onKey: (event: KeyboardEvent<HTMLDivElement>) => void;
  connName: (conn: string | undefined) => string;
}

export const TimelineList = forwardRef<ListHandle, Props>(function TimelineList(props, handle) {
  const {
    client,
    matching,
    version,
    sort,
    onSort,
    selected,
    selectedIndex,
    expanded,
    onPick,
    onPickRow,
    onToggleExpand,
    onOpenDetail,
    onKey,
    connName,
  } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const expansionList = useExpansions(client, expanded, version);
  const expansions = normalize(expansionList, matching);
  const slots = totalSlots(matching, expansions);
  const scroll = useListScroll(scrollRef, slots);
  const { geometry, topSlot, scrollTop } = scroll;

  const { first, end } = visibleSlots(geometry, topSlot);
  const from = Math.max(0, first - OVERSCAN);
  const to = Math.min(slots, end + OVERSCAN);
  const firstIndex = itemAt(from, expansions).index;
  const lastIndex = to > from ? itemAt(to - 1, expansions).index : firstIndex;
  const fetchStart = Math.max(0, Math.floor(firstIndex / BLOCK) * BLOCK - BLOCK);
  const fetchEnd = Math.min(matching, (Math.floor(lastIndex / BLOCK) + 2) * BLOCK);
  const win = useRowWindow(client, fetchStart, Math.max(0, fetchEnd - fetchStart), version);
  const rowAt = useCallback(
    (index: number): TimelineRow | undefined => (win && index >= win.start ? win.rows[index - win.start] : undefined),
    [win],
  );

  const reveal = (index: number): void => {
    const slot = slotOf(index, expansions);
    const top = revealSlot(geometry, topSlot, slot);
    if (top !== topSlot) scroll.scrollToSlot(top);
  };
  // The list got shorter (the detail opened under it): keep the selected row in view.
  const revealRef = useRef(reveal);
  revealRef.current = reveal;
  const selectedRef = useRef(selectedIndex);
  selectedRef.current = selectedIndex;
  useEffect(() => {
    if (selectedRef.current >= 0 && !scroll.following) revealRef.current(selectedRef.current);
    // Only a change of height: scrolling away from the selection must stay possible.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [geometry.viewport]);

  // Rows expanded or collapsed above the view (or their lines arriving) must not move what is
  // on screen: the top keeps showing the same row.
  const expansionKey = expansions.map((e) => `${e.index}:${e.extra}`).join(',');
  const anchor = useRef({ key: expansionKey, expansions, topSlot });
  useLayoutEffect(() => {
    const before = anchor.current;
    anchor.current = { key: expansionKey, expansions, topSlot };
    if (before.key === expansionKey || scroll.following) return;
    const whole = Math.floor(before.topSlot);
    const item = itemAt(whole, before.expansions);
    const extra = expansions.find((e) => e.index === item.index)?.extra ?? 0;
    const base = slotOf(item.index, expansions) + (item.kind === 'sub' ? Math.min(item.sub + 1, extra) : 0);
    const next = base + (before.topSlot - whole);
    if (Math.abs(next - topSlot) > 1e-6) scroll.scrollToSlot(next);
    // Only a change of expansions moves the view here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expansionKey]);
  useLayoutEffect(() => {
    anchor.current.topSlot = topSlot;
  }, [topSlot]);

  useImperativeHandle(
    handle,
    () => ({
      reveal: (index) => revealRef.current(index),
      hold: scroll.hold,
      focus: () => scrollRef.current?.focus({ preventScroll: true }),
      rowAt,
      pageSize: () => Math.max(1, Math.floor(geometry.viewport / geometry.rowHeight) - 1),
    }),
    [scroll.hold, rowAt, geometry],
  );

  const items = [];
  for (let slot = from; slot < to; slot++) {
    const item = itemAt(slot, expansions);
    const top = slotOffset(geometry, scrollTop, topSlot, slot);
    if (item.kind === 'sub') {
      const subItem = expansions.find((e) => e.index === item.index)?.subs[item.sub];
      if (subItem)
        items.push(
          <SubRow key={`s${item.index}:${item.sub}`} item={subItem} top={top} onPickRow={onPickRow} onOpenDetail={onOpenDetail} />,
        );
      continue;
    }
    const row = rowAt(item.index);
    if (!row) {
      items.push(<PlaceholderRow key={`p${item.index}`} index={item.index} top={top} />);
      continue;
    }
    items.push(
      <DataRow
        key={row.row}
        row={row}
        index={item.index}
        top={top}
        selected={row.row === selected}
        expanded={expanded.includes(row.row)}
        connName={connName(row.conn)}
        onPick={onPick}
        onToggle={onToggleExpand}
      />,
    );
  }

  const selectedShown = selected !== undefined && items.some((i) => i.key === String(selected));
  return (
    <div className="tl-list-wrap">
      <div
        className="tl-list"
        ref={scrollRef}
        role="treegrid"
        aria-label="Exchanges"
        aria-rowcount={matching + 1}
        aria-colcount={10}
        aria-multiselectable={false}
        {...(selectedShown ? { 'aria-activedescendant': `tl-row-${selected}` } : {})}
        tabIndex={0}
        onKeyDown={onKey}
        data-testid="timeline-list"
        data-following={scroll.following}
      >
        <HeaderRow sort={sort} onSort={onSort} />
        <div className="tl-spacer" style={{ height: contentHeight(geometry) }}>
          {items}
        </div>
      </div>
      {matching === 0 && (
        <div className="tl-empty empty">
          {version > 1 ? 'No rows match.' : 'Nothing yet: connect to a server and every exchange shows up here.'}
        </div>
      )}
      {!scroll.following && matching > 0 && (
        <button type="button" className="tl-jump" onClick={scroll.follow} data-testid="timeline-jump-end">
          {sort.column === 'time' && !sort.descending ? '↓ Newest' : '↓ End'}
        </button>
      )}
    </div>
  );
});
