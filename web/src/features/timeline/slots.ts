/**
 * The list's slots: every row of the filtered list takes one, and an expanded row takes more
 * below it (its nested rows and its lines). Expansions are few (capped by the view state), so a
 * walk over them is cheap; nothing here grows with the number of rows.
 */

export interface Expansion {
  /** The expanded row's position in the filtered, sorted list. */
  index: number;
  /** Slots shown under it. */
  extra: number;
}

export type SlotItem = { kind: 'row'; index: number } | { kind: 'sub'; index: number; sub: number };

/** Expansions in list order, without those outside [0, count). */
export function normalize<T extends Expansion>(expansions: readonly T[], count: number): T[] {
  return expansions.filter((e) => e.index >= 0 && e.index < count && e.extra > 0).sort((a, b) => a.index - b.index);
}

export function totalSlots(count: number, expansions: readonly Expansion[]): number {
  let total = count;
  for (const e of expansions) total += e.extra;
  return total;
}

/** What a slot shows: a row (by list index) or the sub-th line under an expanded row. */
export function itemAt(slot: number, expansions: readonly Expansion[]): SlotItem {
  let offset = 0;
  for (const e of expansions) {
    const rowSlot = e.index + offset;
    if (slot <= rowSlot) break;
    if (slot <= rowSlot + e.extra) return { kind: 'sub', index: e.index, sub: slot - rowSlot - 1 };
    offset += e.extra;
  }
  return { kind: 'row', index: slot - offset };
}

/** The slot a row (by list index) sits in. */
export function slotOf(index: number, expansions: readonly Expansion[]): number {
  let offset = 0;
  for (const e of expansions) {
    if (e.index >= index) break;
    offset += e.extra;
  }
  return index + offset;
}
