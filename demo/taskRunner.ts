// The demo's tasks in neither revision's words: a task is a job running on timers, with a status,
// a message, a lifetime and, while it waits, one question for the client. The wire layers
// (tasksHandshake.ts for 2025-11-25, tasksStateless.ts for the 2026-07-28 extension) create tasks
// here, read them and say them in their revision's shape; nothing here knows JSON-RPC.
//
// Invariants both revisions ask for: a task starts `working`; it moves only working ⇄
// input_required and from either to one terminal status (completed, failed, cancelled), after
// which nothing changes it; a cancelled task never gets a result, even if its job was about to
// finish; a task is forgotten once its ttl has run out, counted from its creation.

import { randomUUID } from 'node:crypto';

import type { CallToolResult, ElicitRequestFormParams } from '@modelcontextprotocol/server';

import { SERVER_NAME } from './info.js';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** What a waiting task asks: one form elicitation, under a key unique in the task's life. */
export interface TaskQuestion {
  key: string;
  params: ElicitRequestFormParams;
}

export interface TaskError {
  code: number;
  message: string;
}

export interface TaskState {
  readonly taskId: string;
  readonly createdAt: string;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  status: TaskStatus;
  statusMessage: string;
  lastUpdatedAt: string;
  /** While `input_required`. */
  question?: TaskQuestion;
  /** Once `completed`. */
  result?: CallToolResult;
  /** Once `failed`. */
  error?: TaskError;
}

/** What a job may do with its task. */
export interface TaskWork {
  /** Aborted when the task is cancelled or expires: every timer of the job listens to it. */
  readonly signal: AbortSignal;
  /** A new status message while working. */
  report(statusMessage: string): void;
  /** Waits in `input_required` until the question is answered; resolves with the answer as the client sent it. */
  ask(question: TaskQuestion, statusMessage: string): Promise<unknown>;
}

/** The work behind a task: resolves with the tool's result, or throws (the task fails). */
export type TaskJob = (work: TaskWork) => Promise<CallToolResult>;

export interface TaskEvents {
  /** After any change; `statusMoved` when the status itself changed, not only its message. */
  changed(task: Readonly<TaskState>, statusMoved: boolean): void;
  /** After a task outlived its ttl and was forgotten. */
  expired(task: Readonly<TaskState>): void;
}

export const POLL_INTERVAL_MS = 200;
export const DEFAULT_TTL_MS = 60_000;
/** The lifetimes a client may ask for are held to this range (the receiver may choose another). */
export const MIN_TTL_MS = 1_000;
export const MAX_TTL_MS = 3_600_000;

/** The ttl a task gets for the one a client asked for (none: the default). */
export function grantedTtl(requested: unknown): number {
  if (typeof requested !== 'number' || !Number.isFinite(requested)) return DEFAULT_TTL_MS;
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, Math.round(requested)));
}

interface Entry {
  task: TaskState;
  abort: AbortController;
  expiry: NodeJS.Timeout;
  /** Settles the pending `ask`, if any. */
  answer?: (response: unknown) => void;
}

export class TaskRunner {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly events: TaskEvents) {}

  /** Creates a task, `working` at once (so `tasks/get` finds it), and starts its job on the next turn. */
  start(job: TaskJob, ttlMs: number, statusMessage: string): Readonly<TaskState> {
    const now = new Date().toISOString();
    const task: TaskState = {
      taskId: randomUUID(),
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs,
      pollIntervalMs: POLL_INTERVAL_MS,
      status: 'working',
      statusMessage,
    };
    const entry: Entry = { task, abort: new AbortController(), expiry: setTimeout(() => this.expire(entry), ttlMs) };
    // A lifetime is no reason to keep the process up once the client has gone.
    entry.expiry.unref();
    this.entries.set(task.taskId, entry);
    // The caller answers the creating request first; the job's first move comes after it.
    setImmediate(() => void this.run(entry, job));
    return task;
  }

  get(taskId: string): Readonly<TaskState> | undefined {
    return this.entries.get(taskId)?.task;
  }

  list(): Array<Readonly<TaskState>> {
    return [...this.entries.values()].map((entry) => entry.task);
  }

  /** Hands the answer to the task's question; false when the task does not wait on that key (ignored). */
  answer(taskId: string, key: string, response: unknown): boolean {
    const entry = this.entries.get(taskId);
    if (entry?.task.status !== 'input_required' || entry.task.question?.key !== key || !entry.answer) return false;
    const settle = entry.answer;
    entry.answer = undefined;
    settle(response);
    return true;
  }

  /** Stops the job and marks the task cancelled; a task already terminal stays as it is. */
  cancel(taskId: string): Readonly<TaskState> | undefined {
    const entry = this.entries.get(taskId);
    if (!entry) return undefined;
    if (!isTerminal(entry.task.status)) {
      this.settle(entry, { status: 'cancelled', statusMessage: 'cancelled by request' });
      entry.abort.abort(new Error('task cancelled'));
    }
    return entry.task;
  }

  /** Stops every job and forgets every task (the connection closed). */
  close(): void {
    for (const entry of this.entries.values()) {
      clearTimeout(entry.expiry);
      entry.abort.abort(new Error('connection closed'));
    }
    this.entries.clear();
  }

  private async run(entry: Entry, job: TaskJob): Promise<void> {
    const { signal } = entry.abort;
    const work: TaskWork = {
      signal,
      report: (statusMessage) => {
        if (entry.task.status === 'working' && entry.task.statusMessage !== statusMessage) this.update(entry, { statusMessage });
      },
      ask: (question, statusMessage) =>
        new Promise((resolve, reject) => {
          if (signal.aborted) return reject(signal.reason as Error);
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
          entry.answer = (response) => {
            this.update(entry, { status: 'working', statusMessage: 'answer received', question: undefined });
            resolve(response);
          };
          this.update(entry, { status: 'input_required', statusMessage, question });
        }),
    };
    try {
      const result = await job(work);
      this.settle(entry, { status: 'completed', statusMessage: 'completed', result });
    } catch (error) {
      // Cancelled or expired: the task is settled already, or gone, and the job's timers stopped.
      if (signal.aborted) {
        console.error(`${SERVER_NAME}: task ${entry.task.taskId} stopped: ${(signal.reason as Error).message}`);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      this.settle(entry, { status: 'failed', statusMessage: `failed: ${message}`, error: { code: -32603, message } });
    }
  }

  /** The one way to a terminal status: only from a live task, and it drops the question. */
  private settle(entry: Entry, change: Partial<TaskState> & { status: TaskStatus }): void {
    if (isTerminal(entry.task.status)) return;
    entry.answer = undefined;
    this.update(entry, { ...change, question: undefined });
  }

  private update(entry: Entry, change: Partial<TaskState>): void {
    const before = entry.task.status;
    Object.assign(entry.task, change, { lastUpdatedAt: new Date().toISOString() });
    if (entry.task.question === undefined) delete entry.task.question;
    this.events.changed(entry.task, entry.task.status !== before);
  }

  private expire(entry: Entry): void {
    entry.abort.abort(new Error('task expired'));
    this.entries.delete(entry.task.taskId);
    this.events.expired(entry.task);
  }
}
