import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import type { ConnInfo } from '../../../../protocol/session.js';
import type { Finding } from '../../../../protocol/lint/index.js';
import { connectionName } from '../../ui/connectionName.js';
import { describeEvent, formatTime } from './describeEvent.js';
import { EventDetail } from './EventDetail.js';
import type { LogFilter } from './filterEvents.js';
import { useFilteredRows } from './useFilteredRows.js';
import { wireContext, type WireModel } from './wireContext.js';

interface Props {
  /** Grows in place as events arrive; a new `version` re-renders the log to show them. */
  events: BridgeEvent[];
  version: number;
  conns: ConnInfo[];
  /** Lint findings by seq, shown on their rows and in the detail. */
  findings?: ReadonlyMap<number, readonly Finding[]>;
  /** The pairing of each line, so the detail can say what a line answers or what became of it. */
  wire?: WireModel;
}

const ROW_HEIGHT = 24;

export function LiveLog({ events: all, conns, findings, wire }: Props) {
  const [filter, setFilter] = useState<LogFilter>({
    text: '',
    conn: '',
    streams: { stdin: true, stdout: true, stderr: true, process: true, app: true },
  });
  const [selectedSeq, setSelectedSeq] = useState<number | undefined>();
  const [follow, setFollow] = useState(true);
  const scrollRef = useRef<HTMLDivElement>(null);

  const rows = useFilteredRows(all, filter);
  const selected =
    selectedSeq === undefined ? undefined : (rows.find((e) => e.seq === selectedSeq) ?? all.find((e) => e.seq === selectedSeq));

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });

  useEffect(() => {
    if (follow && rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows.length, follow, virtualizer]);

  const onScroll = (): void => {
    const el = scrollRef.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < ROW_HEIGHT * 2;
    if (atBottom !== follow) setFollow(atBottom);
  };

  const move = (delta: number): void => {
    const index = rows.findIndex((e) => e.seq === selectedSeq);
    const next = rows[Math.max(0, Math.min(rows.length - 1, (index === -1 ? rows.length : index) + delta))];
    if (!next) return;
    setSelectedSeq(next.seq);
    virtualizer.scrollToIndex(rows.indexOf(next));
  };
  const onKey = (event: KeyboardEvent): void => {
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Escape') setSelectedSeq(undefined);
    else return;
    event.preventDefault();
  };

  const setStream = (key: keyof LogFilter['streams'], on: boolean): void =>
    setFilter((f) => ({ ...f, streams: { ...f.streams, [key]: on } }));

  return (
    <section className="log-pane" aria-label="Live log">
      <div className="log-tools">
        <input
          type="search"
          placeholder="Filter (text, method, id)"
          aria-label="Filter the log"
          value={filter.text}
          onChange={(e) => setFilter((f) => ({ ...f, text: e.target.value }))}
        />
        <select
          aria-label="Connection"
          value={filter.conn}
          onChange={(e) => setFilter((f) => ({ ...f, conn: e.target.value }))}
          style={{ width: 'auto' }}
        >
          <option value="">all connections</option>
          {conns.map((c) => (
            <option key={c.conn} value={c.conn}>
              {c.conn} · {connectionName(c)}
            </option>
          ))}
        </select>
        {(Object.keys(filter.streams) as (keyof LogFilter['streams'])[]).map((key) => (
          <label key={key}>
            <input type="checkbox" checked={filter.streams[key]} onChange={(e) => setStream(key, e.target.checked)} />
            {key}
          </label>
        ))}
        <span className="status" data-testid="log-count">
          {rows.length} of {all.length} events
        </span>
        {!follow && (
          <button type="button" onClick={() => setFollow(true)}>
            Follow
          </button>
        )}
      </div>
      <div
        className="log-scroll"
        ref={scrollRef}
        onScroll={onScroll}
        tabIndex={0}
        onKeyDown={onKey}
        role="listbox"
        aria-label="Events"
        data-testid="log"
      >
        {rows.length === 0 && <div className="empty">Nothing yet. Connect to a server: every line in both directions shows up here.</div>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const event = rows[item.index];
            if (!event) return null;
            return (
              <LogRow
                key={event.seq}
                event={event}
                top={item.start}
                selected={event.seq === selectedSeq}
                onSelect={setSelectedSeq}
                findings={findings?.get(event.seq)}
              />
            );
          })}
        </div>
      </div>
      {selected && (
        <EventDetail
          event={selected}
          findings={findings?.get(selected.seq)}
          context={wire ? wireContext(wire, selected.seq) : []}
          onClose={() => setSelectedSeq(undefined)}
        />
      )}
    </section>
  );
}

function LogRow({
  event,
  top,
  selected,
  onSelect,
  findings,
}: {
  event: BridgeEvent;
  top: number;
  selected: boolean;
  onSelect: (seq: number) => void;
  findings: readonly Finding[] | undefined;
}) {
  const view = describeEvent(event);
  return (
    <div
      className={`log-row tone-${view.tone}`}
      style={{ transform: `translateY(${top}px)` }}
      role="option"
      aria-selected={selected}
      data-testid="log-row"
      data-seq={event.seq}
      data-lane={view.lane}
      onClick={() => onSelect(event.seq)}
    >
      <span className="time">{formatTime(event.t)}</span>
      <span className="conn-id">{event.conn ?? 'bridge'}</span>
      <span className="arrow" aria-label={view.lane}>
        {view.arrow}
      </span>
      <span className="badge" data-testid="log-badge">
        {findings && (
          <span
            className={`finding-flag ${findings.some((f) => f.severity === 'error') ? 'bad' : ''}`}
            title={findings.map((f) => f.rule).join(', ')}
            data-testid="finding-flag"
          >
            ⚑{' '}
          </span>
        )}
        {view.badge}
      </span>
      <span className="preview">{view.preview}</span>
    </div>
  );
}
