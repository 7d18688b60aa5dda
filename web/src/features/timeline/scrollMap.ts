/**
 * Row positions for a list taller than any element may be. Browsers cap an element's height
 * (Chromium at 33,554,432 px; Firefox lower), which 24 px rows pass at about 1.4 million. Below
 * the cap a row sits at index × height, as anywhere. Above it the scroll height stays at the cap
 * and the scroll offset maps linearly to a row position, so the scrollbar still says where you
 * are (the thumb at three quarters is three quarters down the list) and its end is the last row.
 * Wheel and keys then move by rows rather than by pixels (see useScrollMap), since one pixel of
 * scrollbar can stand for several rows.
 *
 * Positions are fractional "slots" (rows, plus the lines shown under an expanded row), measured
 * at the viewport's top edge.
 */

/** Under every browser's cap with room to spare. */
export const MAX_SCROLL_PX = 15_000_000;

export interface ScrollGeometry {
  /** Slots in the list. */
  slots: number;
  /** Height of one slot (px). */
  rowHeight: number;
  /** Height of the scroll element's viewport (px). */
  viewport: number;
}

/** The height to give the scroll element's content. */
export function contentHeight(g: ScrollGeometry): number {
  return Math.min(g.slots * g.rowHeight, MAX_SCROLL_PX);
}

export function isScaled(g: ScrollGeometry): boolean {
  return g.slots * g.rowHeight > MAX_SCROLL_PX;
}

/** The highest top position: the last slot's bottom edge on the viewport's bottom edge. */
export function maxTopSlot(g: ScrollGeometry): number {
  return Math.max(0, g.slots - g.viewport / g.rowHeight);
}

function maxScrollTop(g: ScrollGeometry): number {
  return Math.max(0, contentHeight(g) - g.viewport);
}

/** The slot position at the viewport's top edge for a scroll offset. */
export function topSlotAt(g: ScrollGeometry, scrollTop: number): number {
  const top = clamp(scrollTop, 0, maxScrollTop(g));
  if (!isScaled(g)) return top / g.rowHeight;
  const range = maxScrollTop(g);
  return range === 0 ? 0 : (top / range) * maxTopSlot(g);
}

/** The scroll offset that puts a slot position at the viewport's top edge. */
export function scrollTopFor(g: ScrollGeometry, topSlot: number): number {
  const slot = clamp(topSlot, 0, maxTopSlot(g));
  if (!isScaled(g)) return slot * g.rowHeight;
  const max = maxTopSlot(g);
  return max === 0 ? 0 : (slot / max) * maxScrollTop(g);
}

/**
 * Where to draw a slot inside the scroll content (px from its top), given the current offset
 * and the top position it stands for. In an unscaled list this is slot × rowHeight.
 */
export function slotOffset(g: ScrollGeometry, scrollTop: number, topSlot: number, slot: number): number {
  return scrollTop + (slot - topSlot) * g.rowHeight;
}

/** The slots at least partly in view: [first, end). */
export function visibleSlots(g: ScrollGeometry, topSlot: number): { first: number; end: number } {
  const first = Math.max(0, Math.floor(topSlot));
  const end = Math.min(g.slots, Math.ceil(topSlot + g.viewport / g.rowHeight));
  return { first, end: Math.max(first, end) };
}

/** The top position that brings a slot into view with the least movement (unchanged if already in view). */
export function revealSlot(g: ScrollGeometry, topSlot: number, slot: number): number {
  const rows = g.viewport / g.rowHeight;
  if (slot < topSlot) return clamp(slot, 0, maxTopSlot(g));
  if (slot + 1 > topSlot + rows) return clamp(slot + 1 - rows, 0, maxTopSlot(g));
  return topSlot;
}

/** Within one slot of the end counts as the end, so a following list keeps following. */
export function atEnd(g: ScrollGeometry, topSlot: number): boolean {
  return topSlot >= maxTopSlot(g) - 1;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
