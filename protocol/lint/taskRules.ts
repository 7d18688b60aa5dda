/**
 * Tasks in both revisions. A task is a state machine its receiver runs: working and
 * input_required move freely between each other and to an end; completed, failed and cancelled
 * are ends and never change. The linter follows every task it sees end, by receiver and id
 * (in 2025-11-25 a client may run tasks too), and holds each later message about it to that end.
 *
 * Where each revision shows a task:
 * - 2025-11-25 (experimental core): `result.task` answering a request that carried
 *   `params.task`; the flat task of a tasks/get or tasks/cancel result; `tasks` of a tasks/list
 *   result; notifications/tasks/status. A tasks/result answer shows only that the task ended:
 *   tasks/result waits for an end before it answers.
 * - 2026-07-28 (the io.modelcontextprotocol/tasks extension): a flat `resultType: "task"`
 *   result; the flat task of a tasks/get result, with the result, error or inputRequests of its
 *   status; notifications/tasks.
 *
 * Order is judged only where it is certain: a result answers a request, so one whose request
 * was sent after an end was seen shows the task after that end. A notification has no request:
 * one that says it was last updated before the end was is stale, not a change; without both
 * times to compare, the order of the lines decides on stdio, and nothing does over HTTP, whose
 * streams interleave.
 */
import type { Side } from '../exchanges.js';
import { isTerminal, TASK_STATUSES, TASKS_EXTENSION } from '../tasks.js';
import { asRecord, describeRequest, formatId, type Check, type RequestInfo, type TaskEnd } from './state.js';

const STATUSES: ReadonlySet<string> = new Set(TASK_STATUSES);
/** Methods of the extension that a client must declare it for (else the answer is -32021). */
export const TASK_EXTENSION_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);
/** The methods a server may answer with a task in 2026-07-28. */
const TASK_CREATING_METHODS: ReadonlySet<string> = new Set(['tools/call']);
/** Ended tasks remembered per connection; the oldest is forgotten past this. */
export const MAX_ENDED_TASKS = 10_000;

type Revision = '2025-11-25' | '2026-07-28';

/** How one message shows one task. */
interface Shown {
  /** The side that runs the task: the one that answered the request, or sent the notification. */
  receiver: Side;
  task: Record<string, unknown>;
  /** `The server's tasks/get (id 3) result`, `The server's notifications/tasks`. */
  label: string;
  /** A result: the seq of the request it answers. */
  asked?: number;
  /** A CreateTaskResult: the task starts here. */
  created?: boolean;
}

/** Whether a value is a 2025-11-25 CreateTaskResult's task (a task-augmented answer, asked for or not). */
export function isLegacyTask(value: unknown): boolean {
  const task = asRecord(value);
  return typeof task?.taskId === 'string' && typeof task.status === 'string';
}

/** A result, from either side (in 2025-11-25 a client runs tasks for sampling and elicitation). */
export function checkTaskResult(check: Check, request: RequestInfo, result: Record<string, unknown>): void {
  if (check.flow === 'handshake') legacyResult(check, request, result);
  else if (check.flow === 'stateless' && check.message.from === 'server') extensionResult(check, request, result);
}

/** notifications/tasks/status (2025-11-25) and notifications/tasks (2026-07-28). */
export function checkTaskNotification(check: Check): void {
  const { message, flow } = check;
  const c = message.classified;
  if (c.kind !== 'notification') return;
  const params = asRecord(c.params);
  if (!params) return;
  const label = `The ${message.from}'s ${c.method}`;
  if (flow === 'handshake' && c.method === 'notifications/tasks/status') {
    see(check, '2025-11-25', { receiver: message.from, task: params, label });
  } else if (flow === 'stateless' && c.method === 'notifications/tasks' && message.from === 'server') {
    see(check, '2026-07-28', { receiver: 'server', task: params, label }, true);
  }
}

function legacyResult(check: Check, request: RequestInfo, result: Record<string, unknown>): void {
  const { message, report } = check;
  const receiver = message.from;
  const label = `The ${receiver}'s ${describeRequest(request)} result`;
  const created = asRecord(result.task);
  if (created && (request.taskAugmented || isLegacyTask(created))) {
    if (!request.taskAugmented) {
      report(
        'task-not-requested',
        `${label} is a CreateTaskResult (task ${formatId(created.taskId)}), but the request carried no params.task; a request that does not ask for a task gets its own result`,
      );
      return;
    }
    see(check, '2025-11-25', { receiver, task: created, label, created: true });
    return;
  }
  switch (request.method) {
    case 'tasks/get':
      see(check, '2025-11-25', { receiver, task: result, label, asked: request.seq });
      return;
    case 'tasks/cancel':
      // What follow() said of this answer already covers it (an ended task shown cancelled, or otherwise).
      if (see(check, '2025-11-25', { receiver, task: result, label, asked: request.seq }) !== 'sound') return;
      if (result.status !== 'cancelled') {
        report(
          'task-status-transition',
          `${label} shows task ${formatId(result.taskId)} ${String(result.status)}; a cancellation that is accepted moves the task to cancelled before it is answered (one of a task that already ended is refused with -32602)`,
        );
      }
      return;
    case 'tasks/list':
      listed(check, receiver, result, label, request.seq);
      return;
    case 'tasks/result':
      if (request.taskId !== undefined) ended(check, receiver, request.taskId);
      return;
    default:
      return;
  }
}

function extensionResult(check: Check, request: RequestInfo, result: Record<string, unknown>): void {
  const { report } = check;
  const label = `The server's ${describeRequest(request)} result`;
  if (request.method === 'tasks/result' || request.method === 'tasks/list') {
    report(
      'stateless-task-method-removed',
      `${label} answers a method the tasks extension of 2026-07-28 does not have (${request.method === 'tasks/result' ? 'the result comes with tasks/get' : 'there is no listing of tasks'}); the answer must be -32601`,
    );
    return;
  }
  if (TASK_EXTENSION_METHODS.has(request.method)) {
    if (request.tasks !== true) {
      report(
        'task-not-requested',
        `${label} came to a request that did not declare the ${TASKS_EXTENSION} extension; such a ${request.method} is answered -32021 naming it`,
      );
    } else if (request.method === 'tasks/get') {
      see(check, '2026-07-28', { receiver: 'server', task: result, label, asked: request.seq }, true);
    }
    return;
  }
  if (result.resultType === 'task') {
    if (request.tasks !== true || !TASK_CREATING_METHODS.has(request.method)) {
      const why =
        request.tasks !== true
          ? `the request did not declare the ${TASKS_EXTENSION} extension in its clientCapabilities`
          : `only tools/call may be answered with a task`;
      report('task-not-requested', `${label} is a task (resultType "task"), but ${why}`);
      return;
    }
    see(check, '2026-07-28', { receiver: 'server', task: result, label, created: true });
  }
}

/** A tasks/list page (2025-11-25): each task on it, its shape problems said once for the page. */
function listed(check: Check, receiver: Side, result: Record<string, unknown>, label: string, asked: number): void {
  if (!Array.isArray(result.tasks)) return;
  const problems: string[] = [];
  for (const [index, entry] of result.tasks.entries()) {
    const task = asRecord(entry);
    const found = task ? shapeProblems(task, '2025-11-25', false) : ['is not an object'];
    if (found.length > 0) problems.push(`tasks[${index}] ${found.join(', ')}`);
    else if (task) follow(check, { receiver, task, label, asked });
  }
  if (problems.length > 0) reportShape(check, `${label} lists a malformed task`, problems);
}

/**
 * One task shown by one message: its shape, its outcome (2026-07-28 detailed tasks), and its
 * status against the end it was seen in. Says whether the task was malformed, broke its end, or
 * was sound.
 */
function see(check: Check, revision: Revision, shown: Shown, detailed = false): 'malformed' | 'broke' | 'sound' {
  const problems = shapeProblems(shown.task, revision, detailed);
  if (problems.length > 0) {
    reportShape(check, `${shown.label} has a malformed task`, problems);
    return 'malformed';
  }
  if (detailed) checkOutcome(check, shown);
  return follow(check, shown) ? 'broke' : 'sound';
}

function reportShape(check: Check, what: string, problems: readonly string[]): void {
  const shown = problems.slice(0, 5);
  if (problems.length > 5) shown.push(`and ${problems.length - 5} more`);
  check.report('task-shape', `${what}: ${shown.join('; ')}`);
}

function shapeProblems(task: Record<string, unknown>, revision: Revision, detailed: boolean): string[] {
  const legacy = revision === '2025-11-25';
  const ttlKey = legacy ? 'ttl' : 'ttlMs';
  const pollKey = legacy ? 'pollInterval' : 'pollIntervalMs';
  const problems: string[] = [];
  const absentOr = (key: string, what: string): string =>
    task[key] === undefined ? `no ${key}` : `${key} ${formatId(task[key])} (${what})`;
  if (typeof task.taskId !== 'string') problems.push(absentOr('taskId', 'not a string'));
  if (typeof task.status !== 'string' || !STATUSES.has(task.status)) {
    problems.push(absentOr('status', 'not working, input_required, completed, failed or cancelled'));
  }
  for (const key of ['createdAt', 'lastUpdatedAt']) if (typeof task[key] !== 'string') problems.push(absentOr(key, 'not a string'));
  if (!(task[ttlKey] === null || Number.isInteger(task[ttlKey]))) problems.push(absentOr(ttlKey, 'not an integer or null'));
  if (task[pollKey] !== undefined && !Number.isInteger(task[pollKey])) problems.push(absentOr(pollKey, 'not an integer'));
  if (detailed && task.status === 'input_required' && asRecord(task.inputRequests) === undefined) {
    problems.push('status input_required without an inputRequests object');
  }
  return problems;
}

/** 2026-07-28: completed carries the result, failed the error, and no other status either. */
function checkOutcome(check: Check, shown: Shown): void {
  const { task, label } = shown;
  const status = String(task.status);
  const problems: string[] = [];
  if (status === 'completed' && asRecord(task.result) === undefined) problems.push('it is completed without a result object');
  if (status !== 'completed' && task.result !== undefined) problems.push(`it carries a result while ${status}`);
  if (status === 'failed' && asRecord(task.error) === undefined) problems.push('it is failed without an error object');
  if (status !== 'failed' && task.error !== undefined) problems.push(`it carries an error while ${status}`);
  if (problems.length === 0) return;
  check.report(
    'task-result-status',
    `${label} shows task ${formatId(task.taskId)}, but ${problems.join(' and ')}; a task carries its result once completed, its error once failed`,
  );
}

/**
 * The task's status held to the end it was seen in; an end seen for the first time is
 * remembered. Returns whether it reported.
 */
function follow(check: Check, shown: Shown): boolean {
  const { task } = shown;
  const taskId = String(task.taskId);
  const status = String(task.status);
  const tasks = check.state.tasks;
  const key = taskKey(shown.receiver, taskId);
  const end = shown.created ? undefined : tasks.get(key);
  // A task created with an id seen before starts again (the id's reuse is no status change).
  if (shown.created) tasks.delete(key);
  const updated = timeOf(task.lastUpdatedAt);
  if (!end) {
    if (isTerminal(status)) remember(tasks, key, { status, seq: check.message.seq, ...(updated === undefined ? {} : { updated }) });
    return false;
  }
  if (status === end.status) return false;
  if (end.status === undefined && isTerminal(status)) {
    // tasks/result said it ended; now it is known how.
    end.status = status;
    if (updated !== undefined) end.updated = updated;
    return false;
  }
  if (!later(shown, end, updated, check.state.http === true)) return false;
  if (end.status === undefined) {
    check.report(
      'task-result-status',
      `${shown.label} shows task ${formatId(taskId)} ${status}, after tasks/result had answered with its result (#${end.seq}); tasks/result answers only once the task has ended`,
    );
  } else {
    check.report(
      'task-status-transition',
      `${shown.label} shows task ${formatId(taskId)} ${status}, after #${end.seq} showed it ${end.status}; a completed, failed or cancelled task never changes status`,
    );
  }
  return true;
}

/** Whether a message certainly shows the task after the end was seen (see the file's opening). */
function later(shown: Shown, end: TaskEnd, updated: number | undefined, http: boolean): boolean {
  if (shown.asked !== undefined) return shown.asked > end.seq;
  if (updated !== undefined && end.updated !== undefined) return updated >= end.updated;
  return !http;
}

/** 2025-11-25: a tasks/result answered with a result: the task had ended, however it ended. */
function ended(check: Check, receiver: Side, taskId: string): void {
  const tasks = check.state.tasks;
  const key = taskKey(receiver, taskId);
  if (!tasks.has(key)) remember(tasks, key, { seq: check.message.seq });
}

function remember(tasks: Map<string, TaskEnd>, key: string, end: TaskEnd): void {
  tasks.set(key, end);
  if (tasks.size > MAX_ENDED_TASKS) {
    const oldest = tasks.keys().next().value;
    if (oldest !== undefined) tasks.delete(oldest);
  }
}

function taskKey(receiver: Side, taskId: string): string {
  return `${receiver}:${taskId}`;
}

function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : t;
}
