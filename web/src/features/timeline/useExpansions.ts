/**
 * What an expanded row shows under itself: the rows nested under it (rounds of a multi
 * round-trip request, server requests made while it was open) and its lines. Asked of the client
 * for the few expanded rows only, again at most a few times a second while the data moves.
 */
import type { RowDetail, TimelineClient, TimelineRow } from '../../../../protocol/timeline/contract.js';
import type { Expansion } from './slots.js';
import { useLatestAnswer } from './useTimelineData.js';
import { useThrottled } from './useThrottled.js';

/** More than this and the rest is one "open the detail" line. */
const MAX_SUBS = 60;
const MAX_CHILDREN = 20;

export type SubItem =
  | { kind: 'child'; row: TimelineRow }
  | { kind: 'line'; line: RowDetail['lines'][number]; t0: number }
  | { kind: 'more'; count: number; row: number };

export interface Expanded extends Expansion {
  row: number;
  subs: SubItem[];
}

export function useExpansions(client: TimelineClient, expanded: readonly number[], version: number): Expanded[] {
  const slow = useThrottled(version, 250);
  const answer = useLatestAnswer(`${expanded.join(',')}:${slow}`, () => Promise.all(expanded.map((row) => expansionOf(client, row))));
  return (answer ?? []).filter((e): e is Expanded => e !== undefined && expanded.includes(e.row));
}

async function expansionOf(client: TimelineClient, row: number): Promise<Expanded | undefined> {
  const [index, detail] = await Promise.all([client.position(row), client.detail(row)]);
  if (!detail || index < 0) return undefined;
  const children = await Promise.all(detail.childRows.slice(0, MAX_CHILDREN).map((child) => client.detail(child)));
  const subs: SubItem[] = [];
  for (const child of children) if (child) subs.push({ kind: 'child', row: child.row });
  for (const line of detail.lines) {
    if (subs.length >= MAX_SUBS) break;
    subs.push({ kind: 'line', line, t0: detail.row.t0 });
  }
  const shown = subs.filter((s) => s.kind === 'line').length + subs.filter((s) => s.kind === 'child').length;
  const total = detail.lines.length + detail.childRows.length;
  if (total > shown) subs.push({ kind: 'more', count: total - shown, row });
  return { row, index, extra: subs.length, subs };
}
