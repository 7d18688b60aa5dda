import { describe, expect, it } from 'vitest';
import {
  MAX_SCROLL_PX,
  atEnd,
  contentHeight,
  maxTopSlot,
  revealSlot,
  scrollTopFor,
  slotOffset,
  topSlotAt,
  visibleSlots,
  type ScrollGeometry,
} from './scrollMap.js';

const small: ScrollGeometry = { slots: 1000, rowHeight: 24, viewport: 480 };
const huge: ScrollGeometry = { slots: 10_000_000, rowHeight: 24, viewport: 480 };

describe('scroll mapping', () => {
  it('is plain index × height while the list fits', () => {
    expect(contentHeight(small)).toBe(24_000);
    expect(topSlotAt(small, 240)).toBe(10);
    expect(scrollTopFor(small, 10)).toBe(240);
    expect(slotOffset(small, 240, 10, 12)).toBe(12 * 24);
  });

  it('keeps ten million rows under the height cap', () => {
    expect(10_000_000 * 24).toBeGreaterThan(33_554_432);
    expect(contentHeight(huge)).toBe(MAX_SCROLL_PX);
  });

  it('reaches the very last row at the end of the scrollbar', () => {
    const end = MAX_SCROLL_PX - huge.viewport;
    const top = topSlotAt(huge, end);
    expect(top).toBe(maxTopSlot(huge));
    const { first, end: past } = visibleSlots(huge, top);
    expect(past).toBe(huge.slots);
    // The last row's bottom edge sits on the viewport's bottom edge.
    expect(slotOffset(huge, end, top, huge.slots - 1) + huge.rowHeight).toBeCloseTo(end + huge.viewport, 6);
    expect(first).toBe(huge.slots - 20);
    expect(atEnd(huge, top)).toBe(true);
  });

  it('is honest: the thumb position is the position in the list', () => {
    const half = (MAX_SCROLL_PX - huge.viewport) / 2;
    expect(topSlotAt(huge, half) / maxTopSlot(huge)).toBeCloseTo(0.5, 9);
    expect(topSlotAt(huge, 0)).toBe(0);
  });

  it('maps positions back to the offsets that show them', () => {
    for (const slot of [0, 1, 12_345, 5_000_000, maxTopSlot(huge)]) {
      expect(topSlotAt(huge, scrollTopFor(huge, slot))).toBeCloseTo(slot, 3);
    }
    // Out of range asks are clamped rather than scrolled past the end.
    expect(scrollTopFor(huge, huge.slots * 2)).toBe(MAX_SCROLL_PX - huge.viewport);
    expect(scrollTopFor(small, -5)).toBe(0);
  });

  it('moves as little as it can to reveal a slot', () => {
    expect(revealSlot(small, 10, 15)).toBe(10);
    expect(revealSlot(small, 10, 5)).toBe(5);
    // 20 slots in view: slot 40 at the bottom means a top of 21.
    expect(revealSlot(small, 10, 40)).toBe(21);
    expect(revealSlot(huge, 0, huge.slots - 1)).toBe(maxTopSlot(huge));
  });

  it('handles an empty list and a list shorter than the viewport', () => {
    const empty: ScrollGeometry = { slots: 0, rowHeight: 24, viewport: 480 };
    expect(maxTopSlot(empty)).toBe(0);
    expect(topSlotAt(empty, 100)).toBe(0);
    expect(visibleSlots(empty, 0)).toEqual({ first: 0, end: 0 });
    const few: ScrollGeometry = { slots: 3, rowHeight: 24, viewport: 480 };
    expect(visibleSlots(few, 0)).toEqual({ first: 0, end: 3 });
    expect(atEnd(few, 0)).toBe(true);
  });
});
