/** How the timeline's figures and words read: pure, shared by the list, the waterfall and the detail. */
import type { Direction, RowKind, RowStatus, SortColumn, TimelineRow } from '../../../../protocol/timeline/contract.js';

export { formatTime } from '../../ui/time.js';

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1) return '<1 ms';
  if (ms < 100) return `${trim(ms.toFixed(1))} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${trim((ms / 1000).toFixed(ms < 10_000 ? 2 : 1))} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${trim((bytes / 1000).toFixed(1))} kB`;
  if (bytes < 1_000_000_000) return `${trim((bytes / 1_000_000).toFixed(1))} MB`;
  return `${trim((bytes / 1_000_000_000).toFixed(2))} GB`;
}

/** How long a row took; undefined for rows that have no span (notifications, stderr…) or are still open. */
export function rowDuration(row: Pick<TimelineRow, 't0' | 't1' | 'kind'>): number | undefined {
  return row.kind === 'request' && row.t1 !== undefined ? row.t1 - row.t0 : undefined;
}

export function statusLabel(status: RowStatus): string {
  switch (status) {
    case 'pending':
      return 'pending';
    case 'ok':
      return 'ok';
    case 'error':
      return 'error';
    case 'isError':
      return 'isError';
    case 'input_required':
      return 'input required';
    case 'timeout':
      return 'timed out';
    case 'cancelled':
      return 'cancelled';
    case 'unanswered':
      return 'unanswered';
    case 'orphan':
      return 'orphan';
    case 'invalid':
      return 'invalid';
    case 'none':
      return '';
  }
}

/** The colour family of a status: the list and the waterfall agree on it. */
export type Tone = 'ok' | 'bad' | 'warn' | 'round' | 'pending' | 'muted';

export function statusTone(status: RowStatus): Tone {
  switch (status) {
    case 'ok':
      return 'ok';
    case 'error':
    case 'timeout':
    case 'orphan':
    case 'invalid':
      return 'bad';
    case 'isError':
      return 'warn';
    case 'input_required':
      return 'round';
    case 'pending':
      return 'pending';
    case 'cancelled':
    case 'unanswered':
    case 'none':
      return 'muted';
  }
}

export function kindLabel(kind: RowKind): string {
  switch (kind) {
    case 'request':
      return 'request';
    case 'notification':
      return 'notification';
    case 'orphan-response':
      return 'orphan response';
    case 'invalid':
      return 'invalid line';
    case 'stderr':
      return 'stderr';
    case 'process':
      return 'process';
    case 'notice':
      return 'bridge notice';
    case 'note':
      return 'app note';
    case 'http':
      return 'HTTP';
    case 'auth':
      return 'authorization';
  }
}

export function directionArrow(direction: Direction): string {
  switch (direction) {
    case 'out':
      return '→';
    case 'in':
      return '←';
    case 'none':
      return '·';
  }
}

export function directionLabel(direction: Direction): string {
  switch (direction) {
    case 'out':
      return 'to the server';
    case 'in':
      return 'from the server';
    case 'none':
      return 'neither';
  }
}

export interface Column {
  id: SortColumn;
  label: string;
  /** Screen-reader name when the label is a symbol. */
  title: string;
  /** Numbers read right-aligned. */
  numeric?: boolean;
}

export const COLUMNS: readonly Column[] = [
  { id: 'time', label: 'Time', title: 'Time of the first line' },
  { id: 'conn', label: 'Connection', title: 'Connection' },
  { id: 'direction', label: '⇄', title: 'Direction' },
  { id: 'method', label: 'Method', title: 'Method' },
  { id: 'id', label: 'Id', title: 'JSON-RPC id' },
  { id: 'status', label: 'Status', title: 'Status' },
  { id: 'duration', label: 'Duration', title: 'Duration', numeric: true },
  { id: 'bytesOut', label: 'Sent', title: 'Bytes sent to the server', numeric: true },
  { id: 'bytesIn', label: 'Received', title: 'Bytes received from the server', numeric: true },
];

/** A JSON-RPC id as it was sent: a string id keeps its quotes, so "1" and 1 never look alike. */
export function formatId(id: string | number | undefined): string {
  if (id === undefined) return '';
  return typeof id === 'string' ? JSON.stringify(id) : String(id);
}

function trim(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}
