/**
 * The timeline's contract: what the index (protocol/timeline, run in a Web Worker) answers and
 * what the views (web/src/features/timeline) ask. Rows are exchanges, not lines: a request and
 * everything that became of it is one row; notifications, stderr, process events, notices and
 * notes are rows of their own. Pure types, shared by the worker, the page and the benchmarks.
 */

/** What a row stands for. */
export type RowKind =
  /** A JSON-RPC request and what became of it (its response, progress, cancel). */
  | 'request'
  | 'notification'
  /** A response whose id matches no request. */
  | 'orphan-response'
  /** A line that is not JSON, not UTF-8, or not JSON-RPC. */
  | 'invalid'
  | 'stderr'
  /** spawn, spawn-error, exit, stop. */
  | 'process'
  /** The bridge's own notices. */
  | 'notice'
  /** The app's own notes (connect steps, comparison markers, flags). */
  | 'note'
  /** One step of an HTTP exchange (request, response, SSE event, end or error), beside the lines it carried. */
  | 'http'
  /** One step of an OAuth flow (the authorization lane): an HTTP request or response of it, a wait, a verdict. */
  | 'auth';

/** Who sent a row's first line: the client (stdin), the server (stdout or stderr), or neither. */
export type Direction = 'out' | 'in' | 'none';

export type RowStatus =
  | 'pending'
  | 'ok'
  /** Answered with a JSON-RPC error. */
  | 'error'
  /** A tool result with isError: true. */
  | 'isError'
  /** A stateless result with resultType input_required: a round of a multi round-trip request. */
  | 'input_required'
  | 'timeout'
  | 'cancelled'
  /** Still pending when its connection ended. */
  | 'unanswered'
  | 'orphan'
  /** A response that breaks JSON-RPC, or a line that is not JSON-RPC at all. */
  | 'invalid'
  /** Rows that have no outcome (notifications, stderr, process events, notices, notes). */
  | 'none';

export type Severity = 'error' | 'warning' | 'info';

/** One row as the list shows it. Built on demand for a window; never kept for every row. */
export interface TimelineRow {
  /** Position in arrival order (of the row's first line), stable for the session. */
  row: number;
  kind: RowKind;
  conn?: string;
  direction: Direction;
  /** The request's or notification's method; a response row knows its request's method. */
  method?: string;
  /** The JSON-RPC id as sent (a string id stays a string). */
  id?: string | number;
  status: RowStatus;
  /** ms, epoch-aligned (the bridge's `t`) of the first line. */
  t0: number;
  /** ms of the last line that closed the row (the response, the cancel); absent while pending. */
  t1?: number;
  /** Bytes written to the server for this row (request, cancel), without line ends. */
  bytesOut: number;
  /** Bytes read from the server for this row (response, progress). */
  bytesIn: number;
  /** The row this one is nested under: a later round of a multi round-trip request, or a server
   * request made while a client request was open on the same connection. */
  parent?: number;
  depth: number;
  /** Rows nested under this one. */
  children: number;
  /** Lint findings on any line of the row, and the worst severity. */
  findings: number;
  worst?: Severity;
  /** One line summary for the list (the line's text, clipped; stderr text; `exit 1`). */
  summary: string;
  /**
   * The seqs of the row's events, in order (request, progress…, response): the first 1,000 at
   * most (a long call can have millions of progress notifications); `events` counts them all.
   * A journal line that was not a bridge event has seq -1.
   */
  seqs: number[];
  /** How many events the row has. */
  events: number;
  /** The task this row belongs to (it created it, polled it, answered its question…), and how. */
  task?: { taskId: string; role: TaskRowRole };
}

/** How a row takes part in a task (taskSpans.ts). */
export type TaskRowRole =
  /** The request whose answer created the task. */
  | 'create'
  /** tasks/get, tasks/result, tasks/update, tasks/cancel, or a status notification. */
  | 'poll'
  /** A question asked inside the task (a server request tied to it), or its answer (tasks/update). */
  | 'input'
  /** Any other message tied to the task by `io.modelcontextprotocol/related-task`. */
  | 'related';

/** A poll of a task: a request about it, or a status the server pushed. */
export interface TaskPoll {
  row: number;
  t: number;
  method: string;
  /** The status the poll's answer (or the notification) carried, if any. */
  status?: string;
}

/** An input round: from the task waiting for input (or the question asked) to the answer. */
export interface TaskInputRound {
  row: number;
  t0: number;
  /** Absent while unanswered. */
  t1?: number;
}

/** One task as the timeline saw it on the wire, from creation to its terminal status. */
export interface TimelineTask {
  taskId: string;
  conn?: string;
  /** The row of the request whose answer created it (or, for a task met first in a poll, that poll's). */
  row: number;
  /** The creating request's method (tools/call…); absent when the creation was not seen. */
  method?: string;
  t0: number;
  /** When a terminal status (completed, failed, cancelled) was first seen; absent while open. */
  t1?: number;
  /** The last status seen, as the server wrote it. */
  status: string;
  statusMessage?: string;
  /** Each status in the order seen, repeats folded. */
  statuses: string[];
  /** The first MAX_TASK_POLLS polls; `pollCount` counts them all. */
  polls: TaskPoll[];
  pollCount: number;
  rounds: TaskInputRound[];
}

/** Facets combine with AND; values inside one facet with OR. An empty list means "any". */
export interface TimelineFilter {
  conns: string[];
  directions: Direction[];
  kinds: RowKind[];
  methods: string[];
  statuses: RowStatus[];
  findingsOnly: boolean;
  /** Case-insensitive substring over the raw text of every line of the row. */
  text: string;
}

export const EMPTY_FILTER: TimelineFilter = {
  conns: [],
  directions: [],
  kinds: [],
  methods: [],
  statuses: [],
  findingsOnly: false,
  text: '',
};

export type SortColumn = 'time' | 'conn' | 'direction' | 'method' | 'id' | 'status' | 'duration' | 'bytesOut' | 'bytesIn';
export interface TimelineSort {
  column: SortColumn;
  descending: boolean;
}

/** The figures a view needs to lay itself out, sent whenever they change (at most per frame). */
export interface TimelineStats {
  /** Events folded so far, and how many the source holds (a journal still being read). */
  indexed: number;
  total: number;
  /** Rows in the session and rows passing the current filter. */
  rows: number;
  matching: number;
  /** Time range of the whole session (ms). */
  tMin: number;
  tMax: number;
  /** Every value seen per facet, with counts over all rows (for the facet menus). */
  facets: {
    conns: Record<string, number>;
    methods: Record<string, number>;
    statuses: Partial<Record<RowStatus, number>>;
    kinds: Partial<Record<RowKind, number>>;
  };
  /** A filter still being applied to rows indexed before it changed. */
  filtering: boolean;
  /** A journal source: bytes read so far and its size, when the bridge said it. */
  bytesRead?: number;
  bytesTotal?: number;
  /**
   * Bumped whenever row numbers start over (a new source, or the whole journal replacing the
   * preview of its tail): a view drops its selection and asks again.
   */
  epoch: number;
  /** A journal source has been read to its end (always true for a live source). */
  complete: boolean;
  /**
   * Moves whenever a row or the filtered list changed. Views ask for rows again only then: stats
   * that tell progress alone (lint, a saved index) must not cost a round of queries each.
   */
  changes: number;
  /**
   * Lint run apart from the index (ADR 6): events linted so far, and whether it has read the
   * whole source. Absent when lint runs within the index's own fold.
   */
  lint?: { linted: number; done: boolean };
  /**
   * An earlier session's saved index (ADR 7): `loaded` when the journal was opened from it,
   * `saving` (bytes sent so far) and `saved` once a fold of it was kept, `failed` with why.
   * Absent when there is none and none is being kept (small journals, the live session).
   */
  saved?: { state: 'loaded' | 'saving' | 'saved' | 'failed'; bytes?: number; message?: string };
}

/** A span for the waterfall: rows overlapping a time range, in lanes per connection. */
export interface TimelineSpan {
  row: number;
  conn?: string;
  kind: RowKind;
  status: RowStatus;
  t0: number;
  /** Absent while pending (draw to "now"). Ticks (notifications, stderr) have t1 === t0. */
  t1?: number;
  depth: number;
  worst?: Severity;
  method?: string;
}

/** Everything the detail pane shows for one row. */
export interface RowDetail {
  row: TimelineRow;
  lines: Array<{
    seq: number;
    t: number;
    stream: 'stdin' | 'stdout' | 'stderr';
    /** The exact text, or undefined for bytes that are not UTF-8 (then b64 holds them). At most 2,000 lines. */
    text?: string;
    b64?: string;
    eol: string;
    /** JSON-parsed value when the line is JSON. */
    json?: unknown;
  }>;
  /** Non-line events of the row (process events, notes), as journaled. */
  events: unknown[];
  findings: Array<{ seq: number; rule: string; severity: Severity; message: string; spec?: string }>;
  /** The protocol revision of the row's connection, for spec links. */
  revision?: string;
  /** The row's parent and children, for navigation. */
  parent?: number;
  childRows: number[];
  /** The task the row belongs to, with its polls (links in the detail pane). */
  task?: TimelineTask;
}

/** Page -> worker. Every query carries a `q` the answer echoes. */
export type TimelineQuery =
  /** Start over on a source: the live session (events pushed with `events`) or a journal URL. */
  | {
      type: 'source';
      source:
        | {
            kind: 'live';
            session: string;
            /**
             * The session's journal up to now (a reloaded tab): read first, newest rows first,
             * while frames pushed meanwhile wait, so the page need not replay the backlog.
             */
            backlog?: { url: string; token: string };
          }
        | {
            kind: 'journal';
            url: string;
            token: string;
            /** Where the session's saved index is read from and kept (ADR 7). */
            index?: string;
          };
    }
  /** Live events as the socket delivered them: the frame's raw JSON text, parsed in the worker. */
  | { type: 'frame'; text: string }
  | { type: 'filter'; q: number; filter: TimelineFilter; sort: TimelineSort }
  /** Rows [start, start + count) of the filtered, sorted list. */
  | { type: 'window'; q: number; start: number; count: number }
  /** Spans of rows passing the filter with any part in [t0, t1] for the waterfall, at most `limit` (the longest first). */
  | { type: 'spans'; q: number; t0: number; t1: number; limit: number }
  | { type: 'detail'; q: number; row: number }
  /** Where a row sits in the filtered, sorted list (-1 when filtered out). */
  | { type: 'position'; q: number; row: number }
  /** The row holding an event (for links from other panels). */
  | { type: 'rowOf'; q: number; seq: number }
  /** The tasks seen on the wire (of one connection, or all) whose creating row passes the filter. */
  | { type: 'tasks'; q: number; conn?: string };

/** Worker -> page. */
export type TimelineAnswer =
  | { type: 'stats'; stats: TimelineStats }
  | { type: 'window'; q: number; start: number; rows: TimelineRow[] }
  | { type: 'spans'; q: number; spans: TimelineSpan[] }
  | { type: 'detail'; q: number; detail: RowDetail | undefined }
  | { type: 'position'; q: number; index: number }
  | { type: 'rowOf'; q: number; row: number }
  | { type: 'tasks'; q: number; tasks: TimelineTask[] }
  | { type: 'filtered'; q: number }
  /** A source that could not be read whole: what was read stays, with the reason. */
  | { type: 'problem'; message: string };

/**
 * What the views hold: the page-side handle on the worker (web/src/features/timeline/client.ts
 * implements it). Answers arrive in the order asked; a view drops an answer older than its last
 * question of the same type.
 */
export interface TimelineClient {
  setFilter(filter: TimelineFilter, sort: TimelineSort): Promise<void>;
  window(start: number, count: number): Promise<TimelineRow[]>;
  spans(t0: number, t1: number, limit: number): Promise<TimelineSpan[]>;
  detail(row: number): Promise<RowDetail | undefined>;
  position(row: number): Promise<number>;
  rowOf(seq: number): Promise<number>;
  /** Tasks seen on the wire, in the order created; `conn` narrows to one connection and ignores the filter. */
  tasks(conn?: string): Promise<TimelineTask[]>;
  /** Called with every new stats (at most once per animation frame); returns the unsubscribe. */
  onStats(listener: (stats: TimelineStats) => void): () => void;
  onProblem(listener: (message: string) => void): () => void;
  dispose(): void;
}
