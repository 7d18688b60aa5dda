/**
 * Tasks, both revisions, from the client's side: what a task looks like on the wire, whether a
 * server and a tool take tasks, and the run of one task-augmented request from its creation to
 * its terminal status (polls at the server's interval, input rounds, cancel).
 *
 * - 2025-11-25 (core, experimental): the request carries `params.task`; the answer is
 *   `{task: {...}}`; polls are `tasks/get`; the result comes from `tasks/result`, which blocks
 *   until the task ends (and during which the server sends its own requests, tied to the task
 *   by `io.modelcontextprotocol/related-task`, answered like any server request).
 * - 2026-07-28 (the `io.modelcontextprotocol/tasks` extension): the request declares the
 *   extension in its clientCapabilities; the server may answer `resultType: "task"` (flat);
 *   `tasks/get` carries the result (or error) once terminal and the questions
 *   (`inputRequests`) while `input_required`; answers go back with `tasks/update`.
 */
import { describeOutcome, type ClientSession, type InputAnswers, type Outcome, type RequestOptions } from './clientSession.js';
import type { Flow } from './flows.js';
import type { JsonRpcError, JsonRpcId } from './jsonrpc.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** The `_meta` key that ties a message to a task (a question asked inside it, its result). */
export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';

/** The requests a client makes about a task it already has, in either revision. */
export const TASK_METHODS = ['tasks/get', 'tasks/result', 'tasks/update', 'tasks/cancel'] as const;
export type TaskMethod = (typeof TASK_METHODS)[number];
/** A task's status pushed by the server: 2025-11-25's name, and the shorter one some servers use. */
export const TASK_STATUS_NOTIFICATIONS = ['notifications/tasks/status', 'notifications/tasks'] as const;

/** The task a message says it belongs to (`params._meta` or `result._meta`), if it says one. */
export function relatedTaskId(paramsOrResult: unknown): string | undefined {
  const related = record(record(record(paramsOrResult)._meta)[RELATED_TASK_META]);
  return typeof related.taskId === 'string' ? related.taskId : undefined;
}

export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export type TerminalStatus = Extract<TaskStatus, 'completed' | 'failed' | 'cancelled'>;

export function isTerminal(status: string): status is TerminalStatus {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** One task as either revision states it, with the revision's field names made one. */
export interface TaskState {
  taskId: string;
  /** As the server wrote it: a status outside TASK_STATUSES is kept, for the lint to name. */
  status: string;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  /** `ttl` (2025-11-25) or `ttlMs` (2026-07-28); null: unlimited. */
  ttlMs?: number | null;
  /** `pollInterval` (2025-11-25) or `pollIntervalMs` (2026-07-28). */
  pollIntervalMs?: number;
}

/** What a tool says of tasks (2025-11-25 `execution.taskSupport`; absent means forbidden). */
export type TaskSupport = 'forbidden' | 'optional' | 'required';

export function taskSupportOf(tool: unknown): TaskSupport {
  const execution = record(record(tool).execution);
  const support = execution.taskSupport;
  return support === 'optional' || support === 'required' ? support : 'forbidden';
}

/** Whether the server takes task-augmented tool calls: the capability (2025-11-25) or the extension (2026-07-28). */
export function serverTakesToolTasks(flow: Flow, capabilities: unknown): boolean {
  const caps = record(capabilities);
  if (flow === 'stateless') return TASKS_EXTENSION in record(caps.extensions);
  return 'call' in record(record(record(caps.tasks).requests).tools);
}

/** Whether the server answers `tasks/list`: 2025-11-25's `tasks.list` capability (2026-07-28 has no tasks/list). */
export function serverListsTasks(flow: Flow, capabilities: unknown): boolean {
  return flow === 'handshake' && 'list' in record(record(capabilities).tasks);
}

/** Whether a client may send `tasks/cancel`: 2025-11-25's `tasks.cancel` capability, or the 2026-07-28 extension. */
export function serverCancelsTasks(flow: Flow, capabilities: unknown): boolean {
  const caps = record(capabilities);
  if (flow === 'stateless') return TASKS_EXTENSION in record(caps.extensions);
  return 'cancel' in record(caps.tasks);
}

/**
 * Options for a request about tasks: in 2026-07-28 every one declares the extension in its own
 * clientCapabilities (the server refuses it otherwise); 2025-11-25 needs nothing more.
 */
export function taskRequestOptions(session: Pick<ClientSession, 'flow' | 'capabilities'>, base: RequestOptions = {}): RequestOptions {
  if (session.flow === 'handshake') return base;
  const caps = session.capabilities;
  return { ...base, capabilities: { ...caps, extensions: { ...record(caps.extensions), [TASKS_EXTENSION]: {} } } };
}

/**
 * How a tool may be run here: as a task where both the server and the tool allow it. In
 * 2026-07-28 the server decides per request, so a declared extension is all a client can offer.
 */
export function toolTaskMode(flow: Flow, serverCapabilities: unknown, tool: unknown): TaskSupport {
  if (!serverTakesToolTasks(flow, serverCapabilities)) return 'forbidden';
  return flow === 'stateless' ? 'optional' : taskSupportOf(tool);
}

/** A task from a task's own fields (a tasks/get result, a status notification, a list entry). */
export function readTask(value: unknown): TaskState | undefined {
  const v = record(value);
  if (typeof v.taskId !== 'string' || typeof v.status !== 'string') return undefined;
  const ttl = 'ttlMs' in v ? v.ttlMs : v.ttl;
  const poll = 'pollIntervalMs' in v ? v.pollIntervalMs : v.pollInterval;
  return {
    taskId: v.taskId,
    status: v.status,
    ...(typeof v.statusMessage === 'string' ? { statusMessage: v.statusMessage } : {}),
    ...(typeof v.createdAt === 'string' ? { createdAt: v.createdAt } : {}),
    ...(typeof v.lastUpdatedAt === 'string' ? { lastUpdatedAt: v.lastUpdatedAt } : {}),
    ...(typeof ttl === 'number' || ttl === null ? { ttlMs: ttl } : {}),
    ...(typeof poll === 'number' && Number.isFinite(poll) ? { pollIntervalMs: poll } : {}),
  };
}

/** The task a request's answer created, if it created one: `{task}` (2025-11-25) or `resultType: "task"` (2026-07-28). */
export function createdTask(flow: Flow, result: Record<string, unknown>): TaskState | undefined {
  if (flow === 'stateless') return result.resultType === 'task' ? readTask(result) : undefined;
  return 'task' in result ? readTask(result.task) : undefined;
}

/** One step of a task's run, for the record and the app: each request it made and each status seen. */
export type TaskStep =
  | { kind: 'request'; role: 'create' | 'poll' | 'result' | 'update' | 'cancel'; id: JsonRpcId }
  | { kind: 'status'; task: TaskState; via: 'create' | 'poll' | 'push' | 'cancel' };

export type TaskOutcome =
  /** The task ended: `result` when completed (2026-07-28 from tasks/get, 2025-11-25 from tasks/result), `error` when failed. */
  | { kind: 'ended'; task: TaskState; result?: Record<string, unknown>; error?: JsonRpcError }
  /** The server answered without a task (it may: the decision is its own), or refused: the plain outcome. */
  | { kind: 'plain'; outcome: Outcome }
  /** The run could not follow the task any more (a poll failed, the connection closed): why, and the last status seen. */
  | { kind: 'lost'; task?: TaskState; reason: string };

export interface TaskRunOptions {
  /** The lifetime to ask for, in ms (the server may choose another). */
  ttlMs?: number;
  /** Poll this often whatever the server suggests (ms). */
  pollIntervalMs?: number;
  /** 2026-07-28: the questions of an `input_required` round (in the task or before it), answered or declined. */
  answer: (inputRequests: Record<string, unknown>) => Promise<InputAnswers>;
  onStep?: (step: TaskStep) => void;
  /** Options for each request of the run (timeouts, the exact line sent). */
  request?: Omit<RequestOptions, 'capabilities'>;
  /** How the run waits between polls (tests give their own clock). */
  sleep?: (ms: number) => Promise<void>;
}

/** The poll interval when the server suggests none, and the bounds a suggestion is held to. */
export const DEFAULT_POLL_MS = 1000;
const MIN_POLL_MS = 50;
const MAX_POLL_MS = 60_000;

/** A task-augmented request on its way: its outcome, and a cancel that works at any point. */
export interface TaskRun {
  done: Promise<TaskOutcome>;
  /** The task's id once the server gave one. */
  readonly taskId: string | undefined;
  /** Cancels the task (`tasks/cancel`), or the request that would create it if none exists yet. */
  cancel(): void;
}

/**
 * Runs `method` as a task: sends it task-augmented, follows the task to its end and returns
 * what became of it. Never rejects.
 */
export function runTask(session: ClientSession, method: string, params: Record<string, unknown>, options: TaskRunOptions): TaskRun {
  return new TaskDriver(session, method, params, options).start();
}

class TaskDriver implements TaskRun {
  done!: Promise<TaskOutcome>;
  private task: TaskState | undefined;
  private createId: JsonRpcId | undefined;
  private cancelled = false;
  private cancelSent = false;
  private wake: (() => void) | undefined;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly session: ClientSession,
    private readonly method: string,
    private readonly params: Record<string, unknown>,
    private readonly options: TaskRunOptions,
  ) {
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  get taskId(): string | undefined {
    return this.task?.taskId;
  }

  start(): this {
    this.done = this.run().catch((error: unknown) => ({ kind: 'lost', ...this.last(), reason: (error as Error).message }) as const);
    return this;
  }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    if (this.task === undefined) {
      if (this.createId !== undefined) this.session.cancel(this.createId, 'cancelled by the user before the task was created');
      return;
    }
    void this.sendCancel();
    this.wake?.();
  }

  private get flow(): Flow {
    return this.session.flow;
  }

  /** The session's capabilities with the extension declared: every request of a 2026-07-28 run carries it. */
  private requestOptions(): RequestOptions {
    return taskRequestOptions(this.session, this.options.request ?? {});
  }

  private last(): { task?: TaskState } {
    return this.task ? { task: this.task } : {};
  }

  private see(task: TaskState, via: Extract<TaskStep, { kind: 'status' }>['via']): void {
    // A pushed or polled status for a task already ended is the server's to answer for (the lint says so); the run keeps the end.
    if (this.task && isTerminal(this.task.status) && via !== 'poll') return;
    this.task = task;
    this.options.onStep?.({ kind: 'status', task, via });
  }

  private send(
    role: Extract<TaskStep, { kind: 'request' }>['role'],
    method: string,
    params: Record<string, unknown>,
    opts?: RequestOptions,
  ) {
    const sent = this.session.request(method, params, opts ?? this.requestOptions());
    this.options.onStep?.({ kind: 'request', role, id: sent.id });
    return sent;
  }

  private async run(): Promise<TaskOutcome> {
    const created = await this.create();
    if (created.kind !== 'task') return created.outcome;
    const unwatch = this.session.watchTask(created.task.taskId, (pushed) => {
      const task = readTask(pushed);
      if (task) this.see(task, 'push');
      this.wake?.();
    });
    try {
      return this.flow === 'stateless' ? await this.followStateless() : await this.followHandshake();
    } finally {
      unwatch();
    }
  }

  /** Sends the request task-augmented: a task, or the plain answer the server gave instead. */
  private async create(): Promise<{ kind: 'task'; task: TaskState } | { kind: 'plain'; outcome: TaskOutcome }> {
    let outcome: Outcome;
    if (this.flow === 'stateless') {
      // Before a task exists the server may ask questions the plain way (input_required); the task comes after.
      outcome = await this.session.requestWithInput(this.method, this.params, this.options.answer, this.requestOptions(), (_round, id) => {
        this.createId = id;
        this.options.onStep?.({ kind: 'request', role: 'create', id });
      });
    } else {
      const task = this.options.ttlMs === undefined ? {} : { ttl: this.options.ttlMs };
      const sent = this.send('create', this.method, { ...this.params, task });
      this.createId = sent.id;
      outcome = await sent.done;
    }
    const task = outcome.kind === 'result' ? createdTask(this.flow, outcome.result) : undefined;
    if (!task) return { kind: 'plain', outcome: { kind: 'plain', outcome } };
    this.see(task, 'create');
    if (this.cancelled) void this.sendCancel();
    return { kind: 'task', task };
  }

  /** Waits the poll interval, or less if a push or a cancel comes first. */
  private async pause(): Promise<void> {
    const suggested = this.options.pollIntervalMs ?? this.task?.pollIntervalMs ?? DEFAULT_POLL_MS;
    const ms = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested));
    await new Promise<void>((resolve) => {
      this.wake = resolve;
      void this.sleep(ms).then(resolve);
    });
    this.wake = undefined;
  }

  /** One tasks/get: the task as it stands, or why it could not be read. */
  private async poll(): Promise<{ task: TaskState; result: Record<string, unknown> } | { lost: string }> {
    const taskId = this.task?.taskId ?? '';
    const outcome = await this.send('poll', 'tasks/get', { taskId }).done;
    if (outcome.kind !== 'result') return { lost: `tasks/get failed: ${describeOutcome(outcome)}` };
    const task = readTask(outcome.result);
    if (!task) return { lost: 'tasks/get answered without a task (no taskId or status)' };
    this.see(task, 'poll');
    return { task, result: outcome.result };
  }

  private async sendCancel(): Promise<void> {
    if (this.cancelSent || this.task === undefined || isTerminal(this.task.status)) return;
    this.cancelSent = true;
    const outcome = await this.send('cancel', 'tasks/cancel', { taskId: this.task.taskId }).done;
    // 2025-11-25 answers with the task, cancelled; 2026-07-28 with an empty ack (cooperative: polls tell the end).
    const task = outcome.kind === 'result' ? readTask(outcome.result) : undefined;
    if (task) this.see(task, 'cancel');
    this.wake?.();
  }

  private async followStateless(): Promise<TaskOutcome> {
    for (;;) {
      if (!this.task || !isTerminal(this.task.status)) await this.pause();
      const polled = await this.poll();
      if ('lost' in polled) return { kind: 'lost', ...this.last(), reason: polled.lost };
      const { task, result } = polled;
      if (task.status === 'completed') return { kind: 'ended', task, result: record(result.result) };
      if (task.status === 'failed') return { kind: 'ended', task, ...errorOf(result.error) };
      if (task.status === 'cancelled') return { kind: 'ended', task };
      if (task.status === 'input_required' && !this.cancelled) {
        const requests = record(result.inputRequests);
        const answers = Object.keys(requests).length > 0 ? await this.options.answer(requests) : { kind: 'declined' as const, reason: '' };
        if (answers.kind === 'declined') {
          // No answer to give: the task cannot go on, so it is cancelled rather than left waiting.
          this.cancelled = true;
          await this.sendCancel();
          continue;
        }
        const ack = await this.send('update', 'tasks/update', { taskId: task.taskId, inputResponses: answers.responses }).done;
        if (ack.kind !== 'result') return { kind: 'lost', task, reason: `tasks/update failed: ${describeOutcome(ack)}` };
      }
    }
  }

  /**
   * 2025-11-25: poll until the task needs input or ends, then ask `tasks/result`, which blocks
   * until the end (the server's questions come meanwhile, and the session answers them); a last
   * tasks/get shows the terminal status the result belongs to.
   */
  private async followHandshake(): Promise<TaskOutcome> {
    while (this.task && this.task.status === 'working' && !this.cancelled) {
      await this.pause();
      if (this.cancelled) break;
      const polled = await this.poll();
      if ('lost' in polled) return { kind: 'lost', ...this.last(), reason: polled.lost };
    }
    const taskId = this.task?.taskId ?? '';
    const base = this.options.request ?? {};
    // The wait is the task's, not a request's: no idle timeout while the server works.
    const outcome = await this.send('result', 'tasks/result', { taskId }, { ...base, timeoutMs: Infinity }).done;
    if (!this.task || !isTerminal(this.task.status)) {
      const polled = await this.poll();
      if ('lost' in polled) return { kind: 'lost', ...this.last(), reason: polled.lost };
    }
    const task = this.task ?? { taskId, status: 'completed' };
    if (outcome.kind === 'result') return { kind: 'ended', task, result: outcome.result };
    if (outcome.kind === 'error') return { kind: 'ended', task, error: outcome.error };
    return { kind: 'lost', task, reason: `tasks/result failed: ${describeOutcome(outcome)}` };
  }
}

/** A task's end as the outcome a plain call would have had; `id` is the request whose answer carried it. */
export function outcomeOfTask(ended: TaskOutcome, id: JsonRpcId): Outcome {
  switch (ended.kind) {
    case 'plain':
      return ended.outcome;
    case 'lost':
      return { kind: 'closed', id, reason: `the task was lost: ${ended.reason}` };
    case 'ended':
      if (ended.result !== undefined) return { kind: 'result', id, result: ended.result };
      if (ended.error !== undefined) return { kind: 'error', id, error: ended.error };
      return {
        kind: 'cancelled',
        id,
        reason: `the task ended ${ended.task.status}${ended.task.statusMessage ? ` (${ended.task.statusMessage})` : ''}, with no result`,
      };
    default: {
      const never: never = ended;
      return never;
    }
  }
}

function errorOf(value: unknown): { error?: JsonRpcError } {
  const e = record(value);
  return typeof e.code === 'number' && typeof e.message === 'string' ? { error: e as unknown as JsonRpcError } : {};
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
