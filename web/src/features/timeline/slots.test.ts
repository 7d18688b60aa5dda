import { describe, expect, it } from 'vitest';
import { itemAt, normalize, slotOf, totalSlots, type Expansion } from './slots.js';

describe('list slots', () => {
  it('is one slot per row when nothing is expanded', () => {
    expect(totalSlots(10, [])).toBe(10);
    expect(itemAt(7, [])).toEqual({ kind: 'row', index: 7 });
    expect(slotOf(7, [])).toBe(7);
  });

  it('puts an expanded row’s lines right under it and shifts what follows', () => {
    const ex: Expansion[] = [
      { index: 2, extra: 3 },
      { index: 5, extra: 1 },
    ];
    expect(totalSlots(10, ex)).toBe(14);
    const items = Array.from({ length: 14 }, (_, slot) => itemAt(slot, ex));
    expect(items).toEqual([
      { kind: 'row', index: 0 },
      { kind: 'row', index: 1 },
      { kind: 'row', index: 2 },
      { kind: 'sub', index: 2, sub: 0 },
      { kind: 'sub', index: 2, sub: 1 },
      { kind: 'sub', index: 2, sub: 2 },
      { kind: 'row', index: 3 },
      { kind: 'row', index: 4 },
      { kind: 'row', index: 5 },
      { kind: 'sub', index: 5, sub: 0 },
      { kind: 'row', index: 6 },
      { kind: 'row', index: 7 },
      { kind: 'row', index: 8 },
      { kind: 'row', index: 9 },
    ]);
    // slotOf is itemAt's inverse for rows.
    items.forEach((item, slot) => {
      if (item.kind === 'row') expect(slotOf(item.index, ex)).toBe(slot);
    });
  });

  it('ignores expansions of rows filtered out or past the end, and sorts the rest', () => {
    expect(
      normalize(
        [
          { index: 9, extra: 2 },
          { index: -1, extra: 4 },
          { index: 3, extra: 1 },
          { index: 12, extra: 1 },
          { index: 4, extra: 0 },
        ],
        10,
      ),
    ).toEqual([
      { index: 3, extra: 1 },
      { index: 9, extra: 2 },
    ]);
  });
});
