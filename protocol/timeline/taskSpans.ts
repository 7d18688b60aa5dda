/**
 * Tasks as the timeline sees them: told of every message row as the fold makes it, this follows
 * each task of each connection from the answer that created it (`{task}` in 2025-11-25,
 * `resultType: "task"` in 2026-07-28) through its polls, pushed statuses and input rounds to its
 * terminal status. Rows that belong to a task are remembered with their role, so the list can
 * say which task a poll is for. Memory grows with task traffic only, never with other rows.
 */
import { TASK_METHODS, TASK_STATUS_NOTIFICATIONS, isTerminal, readTask, relatedTaskId, type TaskState } from '../tasks.js';
import type { TaskInputRound, TaskPoll, TaskRowRole, TimelineTask } from './contract.js';

/** Polls kept per task: a task polled every second for a day is 86,400; the count says the rest. */
export const MAX_TASK_POLLS = 2000;

const TASK_METHOD_SET: ReadonlySet<string> = new Set(TASK_METHODS);
const STATUS_NOTIFICATION_SET: ReadonlySet<string> = new Set(TASK_STATUS_NOTIFICATIONS);

interface TaskEntry {
  conn: number;
  taskId: string;
  row: number;
  method: string | undefined;
  t0: number;
  t1: number;
  status: string;
  statusMessage: string | undefined;
  statuses: string[];
  polls: TaskPoll[];
  pollCount: number;
  rounds: TaskInputRound[];
  /** Since when the task has waited for input with no question asked or answered yet (NaN: not waiting). */
  waitingSince: number;
}

interface RowPart {
  task: TaskEntry;
  role: TaskRowRole;
  /** The row's poll or round, to fill in when its answer comes. */
  poll?: TaskPoll;
  round?: TaskInputRound;
}

export type Sender = 'client' | 'server';

export class TaskSpans {
  private readonly byKey = new Map<string, TaskEntry>();
  private readonly order: TaskEntry[] = [];
  private readonly rows = new Map<number, RowPart>();

  get size(): number {
    return this.order.length;
  }

  /** A request was sent (either way) and has its row. */
  request(conn: number, row: number, t: number, from: Sender, method: string, params: unknown): void {
    if (from === 'client' && TASK_METHOD_SET.has(method)) {
      const taskId = record(params).taskId;
      if (typeof taskId !== 'string') return;
      const task = this.taskOf(conn, taskId, row, t);
      const poll = this.addPoll(task, { row, t, method });
      if (method === 'tasks/update') {
        // The answer to the questions a poll found (2026-07-28): the round ran from the wait on.
        const round: TaskInputRound = { row, t0: Number.isNaN(task.waitingSince) ? t : task.waitingSince };
        task.waitingSince = NaN;
        task.rounds.push(round);
        this.rows.set(row, { task, role: 'poll', ...(poll ? { poll } : {}), round });
      } else this.rows.set(row, { task, role: 'poll', ...(poll ? { poll } : {}) });
      return;
    }
    const related = relatedTaskId(params);
    const task = related === undefined ? undefined : this.byKey.get(keyOf(conn, related));
    if (!task) return;
    if (from === 'server') {
      // A question asked inside the task (2025-11-25: elicitation during tasks/result).
      const round: TaskInputRound = { row, t0: t };
      task.waitingSince = NaN;
      task.rounds.push(round);
      this.rows.set(row, { task, role: 'input', round });
    } else this.rows.set(row, { task, role: 'related' });
  }

  /** A request's answer came; `result` is undefined for an error. `rowT0` is when the request went out. */
  response(conn: number, row: number, t: number, rowT0: number, method: string | undefined, result: unknown): void {
    const part = this.rows.get(row);
    if (part) {
      if (part.round && part.round.t1 === undefined) part.round.t1 = t;
      if (part.role !== 'poll' || result === undefined) return;
      const state = readTask(result);
      if (!state || state.taskId !== part.task.taskId) return;
      if (part.poll) part.poll.status = state.status;
      this.see(part.task, state, t);
      return;
    }
    if (result === undefined || method === undefined || TASK_METHOD_SET.has(method)) return;
    const created = createdBy(result);
    if (!created) return;
    const known = this.byKey.get(keyOf(conn, created.taskId));
    if (known && known.method !== undefined) return;
    // A server may push the new task's status before the answer that creates it: the task met
    // first in that push now gets its creating row and its start.
    const task = known ?? this.newTask(conn, created.taskId, row, rowT0, method);
    task.row = row;
    task.method = method;
    task.t0 = Math.min(task.t0, rowT0);
    this.rows.set(row, { task, role: 'create' });
    this.see(task, created, t);
  }

  /** A notification (either way) has its row. */
  notification(conn: number, row: number, t: number, method: string, params: unknown): void {
    if (STATUS_NOTIFICATION_SET.has(method)) {
      const state = readTask(params);
      if (!state) return;
      const task = this.taskOf(conn, state.taskId, row, t);
      const poll = this.addPoll(task, { row, t, method, status: state.status });
      this.rows.set(row, { task, role: 'poll', ...(poll ? { poll } : {}) });
      this.see(task, state, t);
      return;
    }
    const related = relatedTaskId(params);
    const task = related === undefined ? undefined : this.byKey.get(keyOf(conn, related));
    if (task) this.rows.set(row, { task, role: 'related' });
  }

  /** The task a row belongs to, and how. */
  roleOf(row: number): { taskId: string; role: TaskRowRole } | undefined {
    const part = this.rows.get(row);
    return part ? { taskId: part.task.taskId, role: part.role } : undefined;
  }

  /** The task of a row, as the views get it. */
  taskOfRow(row: number, connName: (conn: number) => string | undefined): TimelineTask | undefined {
    const part = this.rows.get(row);
    return part ? view(part.task, connName) : undefined;
  }

  /** Every task in the order created; `keep` picks by connection and creating row. */
  list(connName: (conn: number) => string | undefined, keep: (conn: number, row: number) => boolean): TimelineTask[] {
    const out: TimelineTask[] = [];
    for (const task of this.order) if (keep(task.conn, task.row)) out.push(view(task, connName));
    return out;
  }

  private see(task: TaskEntry, state: TaskState, t: number): void {
    if (task.statuses[task.statuses.length - 1] !== state.status) task.statuses.push(state.status);
    task.status = state.status;
    if (state.statusMessage !== undefined) task.statusMessage = state.statusMessage;
    if (state.status === 'input_required') {
      if (Number.isNaN(task.waitingSince)) task.waitingSince = t;
    } else task.waitingSince = NaN;
    if (isTerminal(state.status) && Number.isNaN(task.t1)) task.t1 = t;
  }

  private addPoll(task: TaskEntry, poll: TaskPoll): TaskPoll | undefined {
    task.pollCount++;
    if (task.polls.length >= MAX_TASK_POLLS) return undefined;
    task.polls.push(poll);
    return poll;
  }

  /** The task with this id, or one begun here: a poll of a task whose creation is not in view (a journal's tail). */
  private taskOf(conn: number, taskId: string, row: number, t: number): TaskEntry {
    return this.byKey.get(keyOf(conn, taskId)) ?? this.newTask(conn, taskId, row, t, undefined);
  }

  private newTask(conn: number, taskId: string, row: number, t0: number, method: string | undefined): TaskEntry {
    const task: TaskEntry = {
      conn,
      taskId,
      row,
      method,
      t0,
      t1: NaN,
      status: '',
      statusMessage: undefined,
      statuses: [],
      polls: [],
      pollCount: 0,
      rounds: [],
      waitingSince: NaN,
    };
    this.byKey.set(keyOf(conn, taskId), task);
    this.order.push(task);
    return task;
  }
}

/** The task an answer created: flat with `resultType: "task"` (2026-07-28) or under `task` (2025-11-25). */
function createdBy(result: unknown): TaskState | undefined {
  const r = record(result);
  if (r.resultType === 'task') return readTask(r);
  return 'task' in r ? readTask(r.task) : undefined;
}

function view(task: TaskEntry, connName: (conn: number) => string | undefined): TimelineTask {
  const conn = connName(task.conn);
  return {
    taskId: task.taskId,
    ...(conn === undefined ? {} : { conn }),
    row: task.row,
    ...(task.method === undefined ? {} : { method: task.method }),
    t0: task.t0,
    ...(Number.isNaN(task.t1) ? {} : { t1: task.t1 }),
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    statuses: [...task.statuses],
    polls: task.polls.map((p) => ({ ...p })),
    pollCount: task.pollCount,
    rounds: task.rounds.map((r) => ({ ...r })),
  };
}

function keyOf(conn: number, taskId: string): string {
  return `${conn}\u0000${taskId}`;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
