/**
 * The timeline panel (the Log's replacement): filters, the waterfall, the list and the detail
 * pane over one TimelineClient, with the view (filter, sort, selection) in the URL fragment.
 * Selection is by row number, which is stable for a session; list positions are asked of the
 * client whenever the filter, the sort or the data move.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { SortColumn, TimelineClient, TimelineFilter, TimelineRow } from '../../../../protocol/timeline/contract.js';
import type { ConnInfo } from '../../../../protocol/session.js';
import { connectionName } from '../../ui/connectionName.js';
import { DetailPane, type AuthContext } from './DetailPane.js';
import { useElicitAnswer } from './CopyButtons.js';
import type { ConnectionConfig } from '../../../../protocol/envelope.js';
import { FilterBar } from './FilterBar.js';
import { ShortcutsDialog } from './ShortcutsDialog.js';
import { StatsLine } from './StatsLine.js';
import { CopyViewLink } from './CopyViewLink.js';
import { TimelineList, type ListHandle } from './TimelineList.js';
import { Waterfall, type RevealRequest } from './Waterfall.js';
import { isTextField, listAction, panelAction, type ListAction } from './keys.js';
import { useLatestAnswer, useRowDetail, useTimelineStats } from './useTimelineData.js';
import { useTimelineView } from './useTimelineView.js';
import { MAX_EXPANDED } from './viewState.js';
import type { ResendProps } from './ResendAction.js';
import './timeline.css';

interface Props {
  client: TimelineClient;
  conns: readonly ConnInfo[];
  /**
   * For "Copy as CLI": the words that run the CLI here, where servers run, and the configs this
   * tab launched in clear (a live session's only: a file's connection ids are its own).
   */
  commandBase?: { cli?: readonly string[] | undefined; serverCwd?: string | undefined; clear?: ReadonlyMap<string, ConnectionConfig> };
  /** A live session grows and has a "now"; a past one does not. */
  live: boolean;
  /** Keep the view in the URL fragment (the live session's view). */
  inUrl: boolean;
  /** The live session's "Edit and resend" on a request row (see DetailPane). */
  resend?: (p: ResendProps) => ReactNode;
  /** The session's authorization steps (an auth row's diagram), and the live session's way to step them. */
  auth?: AuthContext;
}

export function TimelinePanel({ client, conns, live, inUrl, commandBase, resend, auth }: Props) {
  const [view, update] = useTimelineView(inUrl);
  const { stats, version } = useTimelineStats(client);
  const [applied, setApplied] = useState(0);
  const [shortcuts, setShortcuts] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [revealRequest, setRevealRequest] = useState<RevealRequest | undefined>();
  const listRef = useRef<ListHandle>(null);
  /** Where the keyboard last moved the selection: its index, and the row once known. */
  const cursor = useRef<{ index: number; row?: number } | undefined>(undefined);
  const searchRef = useRef<HTMLInputElement>(null);
  /** Moves the list to the selection once its position is known (a bookmark, a waterfall click). */
  const revealInList = useRef(view.selected !== undefined);
  const dataVersion = version + applied;

  useEffect(() => client.onProblem(setProblem), [client]);

  // Row numbers start over with a new epoch (a restarted bridge, a journal read whole after its
  // tail): a selection or an expansion would now name another row.
  const epoch = stats?.epoch;
  const lastEpoch = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (epoch === undefined) return;
    if (lastEpoch.current !== undefined && lastEpoch.current !== epoch) {
      update((v) => {
        const { selected: _dropped, ...rest } = v;
        return { ...rest, detail: false, expanded: [] };
      });
    }
    lastEpoch.current = epoch;
  }, [epoch, update]);

  const filterKey = JSON.stringify([view.filter, view.sort]);
  useEffect(() => {
    let alive = true;
    void client.setFilter(view.filter, view.sort).then(() => alive && setApplied((a) => a + 1));
    return () => {
      alive = false;
    };
    // The key stands for filter and sort: a new object with the same content asks nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, filterKey]);

  const selected = view.selected;
  const selectedIndex = useLatestAnswer(`${selected}:${dataVersion}`, async () => ({
    row: selected,
    index: selected === undefined ? -1 : await client.position(selected),
  }));
  const index = selectedIndex?.row === selected ? (selectedIndex?.index ?? -1) : -1;
  useEffect(() => {
    if (revealInList.current && index >= 0) {
      revealInList.current = false;
      listRef.current?.reveal(index);
    }
  }, [index]);

  const detailOpen = view.detail && selected !== undefined;
  const detail = useRowDetail(client, detailOpen ? selected : undefined, dataVersion);
  const elicit = useElicitAnswer(client, detail);

  const byConn = useMemo(() => new Map(conns.map((c) => [c.conn, c])), [conns]);
  // The session's snapshot and the stats are new objects on every update; what the rows and
  // the waterfall draw from them changes rarely. Keyed by content, so a flood redraws neither.
  const names = conns.map((c) => [c.conn, connectionName(c)] as const);
  const namesKey = JSON.stringify(names);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const connName = useMemo(() => connectionNames(names), [namesKey]);
  const laneOrder = conns.map((c) => c.conn);
  for (const conn of Object.keys(stats?.facets.conns ?? {})) if (!laneOrder.includes(conn)) laneOrder.push(conn);
  const shownLanes = view.filter.conns.length > 0 ? laneOrder.filter((c) => view.filter.conns.includes(c)) : laneOrder;
  const lanesKey = shownLanes.join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const lanes = useMemo(() => shownLanes, [lanesKey]);

  const setFilter = useCallback((filter: TimelineFilter) => update((v) => ({ ...v, filter })), [update]);
  const onSort = useCallback(
    (column: SortColumn) =>
      update((v) => ({
        ...v,
        sort: {
          column,
          descending: v.sort.column === column ? !v.sort.descending : column !== 'time' && column !== 'conn' && column !== 'method',
        },
      })),
    [update],
  );

  /** Selects a row. From the list, the waterfall follows; from elsewhere, the list does. */
  const pick = useCallback(
    (row: TimelineRow, _index: number) => {
      // A row picked by hand stays in view: the list stops following the newest rows.
      listRef.current?.hold();
      cursor.current = undefined;
      update((v) => ({ ...v, selected: row.row, detail: true }));
      setRevealRequest({ t0: row.t0, ...(row.t1 === undefined ? {} : { t1: row.t1 }), nonce: Date.now() });
    },
    [update],
  );
  const pickRow = useCallback(
    (row: number) => {
      revealInList.current = true;
      cursor.current = undefined;
      update((v) => ({ ...v, selected: row }));
    },
    [update],
  );
  /** Selects the row holding an event (a replay verdict's link to the exchange it judged). */
  const pickSeq = useCallback(
    (seq: number) =>
      void client.rowOf(seq).then((row) => {
        if (row >= 0) pickRow(row);
      }),
    [client, pickRow],
  );
  const openDetail = useCallback(
    (row: number) => {
      cursor.current = undefined;
      update((v) => ({ ...v, selected: row, detail: true }));
    },
    [update],
  );
  const toggleExpand = useCallback(
    (row: number) =>
      update((v) => ({
        ...v,
        expanded: v.expanded.includes(row) ? v.expanded.filter((r) => r !== row) : [...v.expanded, row].slice(-MAX_EXPANDED),
      })),
    [update],
  );

  const moveTo = async (target: number): Promise<void> => {
    const matching = stats?.matching ?? 0;
    if (matching === 0) return;
    const next = Math.max(0, Math.min(matching - 1, target));
    // Known at once, so a key pressed before this row's place is asked back moves on from it.
    cursor.current = { index: next };
    const row = listRef.current?.rowAt(next) ?? (await client.window(next, 1))[0];
    if (!row) return;
    if (cursor.current.index === next && cursor.current.row === undefined) cursor.current = { index: next, row: row.row };
    update((v) => ({ ...v, selected: row.row }));
    setRevealRequest({ t0: row.t0, ...(row.t1 === undefined ? {} : { t1: row.t1 }), nonce: Date.now() });
    listRef.current?.reveal(next);
  };

  const runListAction = (action: ListAction): void => {
    const page = listRef.current?.pageSize() ?? 10;
    // Where the keyboard is: a move still finding its row; else the selection's place as the
    // list last said; else where the last move put it, its place not asked back yet. Keys
    // pressed faster than that answer came moved from nowhere: to the first row, or the last.
    const c = cursor.current;
    let from: number | undefined;
    if (c && c.row === undefined) from = c.index;
    else if (index >= 0) from = index;
    else if (c && c.row === selected) from = c.index;
    switch (action.type) {
      case 'move':
        void moveTo(from === undefined ? (action.by > 0 ? 0 : (stats?.matching ?? 1) - 1) : from + action.by);
        return;
      case 'page':
        void moveTo((from ?? 0) + action.by * page);
        return;
      case 'first':
        void moveTo(0);
        return;
      case 'last':
        void moveTo((stats?.matching ?? 1) - 1);
        return;
      case 'toggleDetail':
        if (selected === undefined) void moveTo(0);
        else update((v) => ({ ...v, detail: !v.detail }));
        return;
      case 'expand': {
        const row = from === undefined ? undefined : listRef.current?.rowAt(from);
        if (row && (row.children > 0 || row.events > 1) && !view.expanded.includes(row.row)) toggleExpand(row.row);
        return;
      }
      case 'collapse': {
        const row = from === undefined ? undefined : listRef.current?.rowAt(from);
        if (!row) return;
        if (view.expanded.includes(row.row)) toggleExpand(row.row);
        else if (row.parent !== undefined) pickRow(row.parent);
        return;
      }
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    const action = listAction(event);
    if (!action) return;
    event.preventDefault();
    runListAction(action);
  };

  const escape = (target: EventTarget | null): boolean => {
    if (target === searchRef.current && view.filter.text !== '') {
      setFilter({ ...view.filter, text: '' });
      return true;
    }
    if (selected !== undefined) {
      update((v) => {
        const { selected: _dropped, ...rest } = v;
        return { ...rest, detail: false };
      });
      if (target === searchRef.current) listRef.current?.focus();
      return true;
    }
    return false;
  };

  const onPanelKey = (event: KeyboardEvent<HTMLElement> | globalThis.KeyboardEvent): void => {
    if (event.defaultPrevented) return;
    const action = panelAction(event, isTextField(event.target));
    switch (action) {
      case undefined:
        return;
      case 'search':
        searchRef.current?.focus();
        searchRef.current?.select();
        break;
      case 'shortcuts':
        setShortcuts(true);
        break;
      case 'escape':
        if (!escape(event.target)) return;
        break;
      case 'move-down':
      case 'move-up':
        // The list takes the keyboard from here on, so Enter, the arrows and Home/End that
        // follow act on the row just selected.
        listRef.current?.focus();
        runListAction({ type: 'move', by: action === 'move-down' ? 1 : -1 });
        break;
    }
    event.preventDefault();
  };

  // With nothing focused (just after loading, or after a click on blank space) the panel's keys still work.
  const onPanelKeyRef = useRef(onPanelKey);
  onPanelKeyRef.current = onPanelKey;
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if (event.target === document.body || event.target === document.documentElement) onPanelKeyRef.current(event);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const selectedConn = detail?.row.conn;
  return (
    // Focused when its tab is switched to (panelTabs.ts), so its keys work from there.
    <section className="tl" aria-label="Timeline" data-testid="timeline" onKeyDown={onPanelKey} tabIndex={-1} data-panel-focus>
      <FilterBar ref={searchRef} filter={view.filter} stats={stats} onChange={setFilter} connName={connName} />
      {problem && (
        <div className="banner bad" role="alert">
          {problem}
        </div>
      )}
      <Waterfall
        client={client}
        stats={stats}
        version={dataVersion}
        live={live}
        lanes={lanes}
        laneLabel={connName}
        selected={selected}
        revealRequest={revealRequest}
        onSelect={pickRow}
      >
        <StatsLine stats={stats} onShortcuts={() => setShortcuts(true)} />
        {inUrl && <CopyViewLink view={view} />}
      </Waterfall>
      <div className={`tl-body${detailOpen ? ' with-detail' : ''}`}>
        <TimelineList
          ref={listRef}
          client={client}
          matching={stats?.matching ?? 0}
          version={dataVersion}
          sort={view.sort}
          onSort={onSort}
          selected={selected}
          selectedIndex={index}
          expanded={view.expanded}
          onPick={pick}
          onPickRow={pickRow}
          onToggleExpand={toggleExpand}
          onOpenDetail={openDetail}
          onKey={onListKey}
          connName={connName}
        />
        {detailOpen && (
          <DetailPane
            detail={detail}
            conn={selectedConn === undefined ? undefined : byConn.get(selectedConn)}
            connName={connName(selectedConn)}
            onClose={() => update((v) => ({ ...v, detail: false }))}
            onPickRow={pickRow}
            onPickSeq={pickSeq}
            commandContext={{
              cli: commandBase?.cli,
              serverCwd: commandBase?.serverCwd,
              clear: selectedConn === undefined ? undefined : commandBase?.clear?.get(selectedConn),
              elicit,
            }}
            resend={resend}
            auth={auth}
          />
        )}
      </div>
      {shortcuts && <ShortcutsDialog onClose={() => setShortcuts(false)} />}
    </section>
  );
}

/** Display names of connections; two that would read the same are told apart by their ids. */
function connectionNames(entries: readonly (readonly [string, string])[]): (conn: string | undefined) => string {
  const names = new Map(entries);
  const seen = new Map<string, number>();
  for (const name of names.values()) seen.set(name, (seen.get(name) ?? 0) + 1);
  return (conn) => {
    if (conn === undefined || conn === '') return 'bridge';
    const name = names.get(conn);
    if (name === undefined) return conn;
    return (seen.get(name) ?? 0) > 1 ? `${conn} · ${name}` : name;
  };
}
