/**
 * The views' questions to the TimelineClient, as hooks. Each keeps at most one question of its
 * kind in flight and asks again once it returns if something changed meanwhile, so a flood of
 * stats (one per frame) never queues up questions the worker would answer for nothing. Answers
 * come back in the order asked, so each one shown is newer than the one before.
 */
import { useEffect, useRef, useState } from 'react';
import type { RowDetail, TimelineClient, TimelineRow, TimelineStats } from '../../../../protocol/timeline/contract.js';

/**
 * The latest stats, and a counter that moves when the rows did (a cue to ask for them again):
 * not with stats that only tell how far lint or a saved index has got.
 */
export function useTimelineStats(client: TimelineClient): { stats: TimelineStats | undefined; version: number } {
  const [state, setState] = useState<{ stats: TimelineStats | undefined; version: number }>({ stats: undefined, version: 0 });
  useEffect(() => {
    setState({ stats: undefined, version: 0 });
    return client.onStats((stats) =>
      setState((s) => {
        const moved = s.stats === undefined || s.stats.changes !== stats.changes || s.stats.epoch !== stats.epoch;
        return { stats, version: moved ? s.version + 1 : s.version };
      }),
    );
  }, [client]);
  return state;
}

/**
 * Runs `ask` whenever `key` changes, one at a time: a change while a question is out is asked
 * after it returns (only the newest). Returns the newest answer, kept across changes so the
 * screen shows the previous rows rather than blanks while the next ones come.
 */
export function useLatestAnswer<T>(key: string, ask: () => Promise<T>): T | undefined {
  const [answer, setAnswer] = useState<T | undefined>(undefined);
  const state = useRef({ inFlight: false, wanted: '', asked: '', ask, alive: true });
  state.current.ask = ask;
  state.current.wanted = key;
  useEffect(() => {
    const s = state.current;
    s.alive = true;
    const run = (): void => {
      if (s.inFlight || s.asked === s.wanted || !s.alive) return;
      s.inFlight = true;
      s.asked = s.wanted;
      s.ask().then(
        (value) => {
          s.inFlight = false;
          if (!s.alive) return;
          // Shown even when a newer question is waiting: it is still newer than what is on
          // screen, and under a flood (a question per frame) waiting for the newest would show nothing.
          setAnswer(() => value);
          run();
        },
        () => {
          s.inFlight = false;
          run();
        },
      );
    };
    run();
  }, [key]);
  useEffect(
    () => () => {
      state.current.alive = false;
    },
    [],
  );
  return answer;
}

/** Rows [start, start + count) of the filtered list, asked again whenever the data moves. */
export function useRowWindow(
  client: TimelineClient,
  start: number,
  count: number,
  version: number,
): { start: number; rows: TimelineRow[] } | undefined {
  return useLatestAnswer(`${start}:${count}:${version}`, async () => ({ start, rows: await client.window(start, count) }));
}

/** One row's detail; asked again as the data moves while the row is open. */
export function useRowDetail(client: TimelineClient, row: number | undefined, version: number): RowDetail | undefined {
  const answer = useLatestAnswer(`${row}:${version}`, async () =>
    row === undefined ? undefined : { row, detail: await client.detail(row) },
  );
  return answer?.row === row ? answer?.detail : undefined;
}
