/**
 * The list's rows: the sortable header, one exchange per row, a placeholder for a row whose
 * window is still on its way, and the lines shown under an expanded row. Every string here may
 * come from a server, and React renders each as text.
 */
import { memo } from 'react';
import type { SortColumn, TimelineRow, TimelineSort } from '../../../../protocol/timeline/contract.js';
import { describeBytes, base64Decode } from '../../../../protocol/bytes.js';
import {
  COLUMNS,
  directionArrow,
  directionLabel,
  formatBytes,
  formatDuration,
  formatId,
  formatTime,
  kindLabel,
  rowDuration,
  statusLabel,
  statusTone,
} from './format.js';
import type { SubItem } from './useExpansions.js';

export function HeaderRow({ sort, onSort }: { sort: TimelineSort; onSort: (column: SortColumn) => void }) {
  return (
    <div className="tl-row tl-head" role="row" aria-rowindex={1}>
      {COLUMNS.map((c) => {
        const on = sort.column === c.id;
        return (
          <div
            key={c.id}
            role="columnheader"
            className={c.numeric ? 'num' : undefined}
            aria-sort={on ? (sort.descending ? 'descending' : 'ascending') : 'none'}
          >
            <button
              type="button"
              onClick={() => onSort(c.id)}
              title={`Sort by ${c.title.toLowerCase()}`}
              data-testid={`timeline-sort-${c.id}`}
            >
              <span aria-label={c.title}>{c.label}</span>
              <span className="tl-sort-mark" aria-hidden="true">
                {on ? (sort.descending ? '▼' : '▲') : ''}
              </span>
            </button>
          </div>
        );
      })}
      <div role="columnheader" aria-sort="none" className="tl-summary-head">
        Summary
      </div>
    </div>
  );
}

interface RowProps {
  row: TimelineRow;
  index: number;
  top: number;
  selected: boolean;
  expanded: boolean;
  connName: string;
  onPick: (row: TimelineRow, index: number) => void;
  onToggle: (row: number) => void;
}

/** A window asked again brings new row objects with, mostly, the same content: re-render only what changed. */
function sameRow(a: RowProps, b: RowProps): boolean {
  const x = a.row;
  const y = b.row;
  return (
    a.index === b.index &&
    a.top === b.top &&
    a.selected === b.selected &&
    a.expanded === b.expanded &&
    a.connName === b.connName &&
    a.onPick === b.onPick &&
    a.onToggle === b.onToggle &&
    x.row === y.row &&
    // Row numbers start over with a new epoch: what never changes for a row tells two apart.
    x.t0 === y.t0 &&
    x.kind === y.kind &&
    x.id === y.id &&
    x.conn === y.conn &&
    x.status === y.status &&
    x.t1 === y.t1 &&
    x.bytesIn === y.bytesIn &&
    x.bytesOut === y.bytesOut &&
    x.events === y.events &&
    x.children === y.children &&
    x.findings === y.findings &&
    x.worst === y.worst &&
    x.depth === y.depth &&
    x.method === y.method &&
    x.summary === y.summary &&
    x.task?.taskId === y.task?.taskId &&
    x.task?.role === y.task?.role
  );
}

export const DataRow = memo(function DataRow({ row, index, top, selected, expanded, connName, onPick, onToggle }: RowProps) {
  const duration = rowDuration(row);
  const expandable = row.children > 0 || row.events > 1;
  return (
    <div
      id={`tl-row-${row.row}`}
      className={`tl-row tone-${statusTone(row.status)}${row.depth > 0 ? ' nested' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-level={row.depth + 1}
      {...(expandable ? { 'aria-expanded': expanded } : {})}
      data-testid="timeline-row"
      data-row={row.row}
      data-kind={row.kind}
      data-status={row.status}
      data-conn={row.conn ?? ''}
      data-method={row.method ?? ''}
      data-id={formatId(row.id)}
      data-direction={row.direction}
      data-events={row.events}
      data-depth={row.depth}
      onClick={() => onPick(row, index)}
      onDoubleClick={() => onToggle(row.row)}
    >
      <div role="gridcell" className="tl-time">
        {formatTime(row.t0)}
      </div>
      <div role="gridcell" className="tl-conn" title={row.conn}>
        {row.conn === undefined ? 'bridge' : connName}
      </div>
      <div role="gridcell" className={`tl-dir dir-${row.direction}`} title={directionLabel(row.direction)}>
        {directionArrow(row.direction)}
      </div>
      <div role="gridcell" className="tl-method" style={{ paddingLeft: row.depth * 14 }}>
        {expandable ? (
          <button
            type="button"
            className="tl-twisty"
            tabIndex={-1}
            aria-label={expanded ? 'Collapse' : 'Expand'}
            onClick={(e) => {
              e.stopPropagation();
              onToggle(row.row);
            }}
          >
            {expanded ? '▾' : '▸'}
          </button>
        ) : (
          <span className="tl-twisty" />
        )}
        {row.depth > 0 && (
          <span className="tl-nest" aria-hidden="true">
            ↳{' '}
          </span>
        )}
        {row.findings > 0 && (
          <span
            className={`finding-flag${row.worst === 'error' ? ' bad' : ''}`}
            title={`${row.findings} lint finding(s)`}
            data-testid="finding-flag"
          >
            ⚑{' '}
          </span>
        )}
        {row.method ?? kindLabel(row.kind)}
        {row.children > 0 && <span className="tl-count"> +{row.children}</span>}
      </div>
      <div role="gridcell" className="tl-id">
        {formatId(row.id)}
      </div>
      <div role="gridcell" className="tl-status">
        {statusLabel(row.status)}
      </div>
      <div role="gridcell" className="num">
        {duration === undefined ? (row.status === 'pending' ? '…' : '') : formatDuration(duration)}
      </div>
      <div role="gridcell" className="num">
        {row.bytesOut > 0 ? formatBytes(row.bytesOut) : ''}
      </div>
      <div role="gridcell" className="num">
        {row.bytesIn > 0 ? formatBytes(row.bytesIn) : ''}
      </div>
      <div role="gridcell" className="tl-summary">
        {row.task && <TaskChip taskId={row.task.taskId} role={row.task.role} />}
        {row.summary}
      </div>
    </div>
  );
}, sameRow);

const ROLE_WORDS: Record<NonNullable<TimelineRow['task']>['role'], string> = {
  create: 'created task',
  poll: 'a poll of task',
  input: 'an input round of task',
  related: 'tied to task',
};

/** Which task a row belongs to; the id is the server's, shown as text and clipped. */
function TaskChip({ taskId, role }: NonNullable<TimelineRow['task']>) {
  return (
    <span className={`tl-task-chip role-${role}`} title={`${ROLE_WORDS[role]} ${taskId}`} data-testid="task-chip" data-task={taskId}>
      {role === 'create' ? 'creates ' : ''}task {shortTaskId(taskId)}
    </span>
  );
}

/** Task ids are often UUIDs: the first characters tell tasks of one session apart. */
export function shortTaskId(taskId: string): string {
  return taskId.length > 10 ? `${taskId.slice(0, 8)}…` : taskId;
}

export function PlaceholderRow({ index, top }: { index: number; top: number }) {
  return (
    <div
      className="tl-row tl-placeholder"
      style={{ transform: `translateY(${top}px)` }}
      role="row"
      aria-rowindex={index + 2}
      aria-busy="true"
    >
      <div role="gridcell">…</div>
    </div>
  );
}

const STREAM_ARROW = { stdin: '→', stdout: '←', stderr: '⚠' } as const;
const SUB_TEXT = 400;

export function SubRow({
  item,
  top,
  onPickRow,
  onOpenDetail,
}: {
  item: SubItem;
  top: number;
  onPickRow: (row: number) => void;
  onOpenDetail: (row: number) => void;
}) {
  const style = { transform: `translateY(${top}px)` };
  switch (item.kind) {
    case 'child': {
      const duration = rowDuration(item.row);
      return (
        <div className={`tl-sub tl-sub-child tone-${statusTone(item.row.status)}`} style={style} role="row" data-testid="timeline-child">
          <div role="gridcell">
            <button type="button" className="link" onClick={() => onPickRow(item.row.row)}>
              ↳ {item.row.method ?? kindLabel(item.row.kind)} {formatId(item.row.id)}
            </button>{' '}
            <span className="tl-status">{statusLabel(item.row.status)}</span> {duration === undefined ? '' : formatDuration(duration)}
          </div>
        </div>
      );
    }
    case 'line': {
      const { line } = item;
      const text = line.text ?? describeBytes(base64Decode(line.b64 ?? '').subarray(0, SUB_TEXT));
      return (
        <div className="tl-sub tl-sub-line" style={style} role="row" data-testid="timeline-line" data-seq={line.seq}>
          <div role="gridcell">
            <span className={`tl-dir dir-${line.stream === 'stdin' ? 'out' : 'in'}`}>{STREAM_ARROW[line.stream]}</span>{' '}
            <span className="tl-offset">+{formatDuration(line.t - item.t0) || '0 ms'}</span>{' '}
            <span className="tl-line-text">{text.slice(0, SUB_TEXT)}</span>
          </div>
        </div>
      );
    }
    case 'more':
      return (
        <div className="tl-sub" style={style} role="row">
          <div role="gridcell">
            <button type="button" className="link" onClick={() => onOpenDetail(item.row)}>
              {item.count} more: open the detail
            </button>
          </div>
        </div>
      );
  }
}
