import { useRef } from 'react';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import { matchesFilter, type LogFilter } from './filterEvents.js';

/**
 * The events the log shows. The event list only ever grows, so while the filter stays the same
 * only the new events are looked at: a flood costs each update its new lines, not the whole log.
 */
export function useFilteredRows(events: BridgeEvent[], filter: LogFilter): BridgeEvent[] {
  const cache = useRef<{ events: BridgeEvent[]; filter: LogFilter; seen: number; rows: BridgeEvent[] } | undefined>(undefined);
  let state = cache.current;
  if (!state || state.events !== events || state.filter !== filter || state.seen > events.length) {
    state = { events, filter, seen: 0, rows: [] };
  }
  if (state.seen < events.length) {
    const added: BridgeEvent[] = [];
    for (let i = state.seen; i < events.length; i++) {
      const event = events[i];
      if (event && matchesFilter(event, filter)) added.push(event);
    }
    // A new array when rows were added, so React and the virtualizer see the change.
    state = { ...state, seen: events.length, rows: added.length > 0 ? state.rows.concat(added) : state.rows };
  }
  cache.current = state;
  return state.rows;
}
