/**
 * The task state machine alone, with jobs written for the test: the paths between statuses, what
 * a terminal status keeps, answers, failures and the ttl. Each wait is on the runner's own
 * events (a change, an expiry), never on time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { grantedTtl, TaskRunner, type TaskEvents, type TaskJob, type TaskState, type TaskStatus } from './taskRunner.js';

const QUESTION = {
  key: 'depth',
  params: { mode: 'form' as const, message: 'How deep?', requestedSchema: { type: 'object' as const, properties: {} } },
};

/** A runner whose events the test can wait on. */
function harness() {
  const moves: TaskStatus[] = [];
  let listeners: Array<() => void> = [];
  const expired: string[] = [];
  const events: TaskEvents = {
    changed: (task, moved) => {
      if (moved) moves.push(task.status);
      for (const listener of listeners) listener();
    },
    expired: (task) => {
      expired.push(task.taskId);
      for (const listener of listeners) listener();
    },
  };
  const runner = new TaskRunner(events);
  /** Resolves once `check` holds, checked after every event. */
  const until = (check: () => boolean) =>
    new Promise<void>((resolve) => {
      const listener = () => {
        if (!check()) return;
        listeners = listeners.filter((l) => l !== listener);
        resolve();
      };
      listeners.push(listener);
      listener();
    });
  return { runner, moves, expired, until };
}

/** A job that asks once and returns what it was told. */
const asking: TaskJob = async (work) => {
  const answer = await work.ask(QUESTION, 'waiting');
  return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
};

/** A job that never ends on its own. */
const forever: TaskJob = (work) =>
  new Promise((_resolve, reject) => work.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true }));

let h: ReturnType<typeof harness>;
afterEach(() => h.runner.close());

const statusOf = (task: Readonly<TaskState> | undefined): TaskStatus | undefined => task?.status;

describe('TaskRunner', () => {
  it('working, input_required, working again on the answer, then completed with the result', async () => {
    h = harness();
    const task = h.runner.start(asking, 60_000, 'starting');
    expect(task).toMatchObject({ status: 'working', statusMessage: 'starting', ttlMs: 60_000, pollIntervalMs: 200 });
    await h.until(() => statusOf(h.runner.get(task.taskId)) === 'input_required');
    expect(h.runner.get(task.taskId)?.question).toEqual(QUESTION);
    expect(h.runner.answer(task.taskId, 'other', { action: 'accept' })).toBe(false);
    expect(h.runner.answer(task.taskId, 'depth', { action: 'decline' })).toBe(true);
    await h.until(() => statusOf(h.runner.get(task.taskId)) === 'completed');
    expect(h.moves).toEqual(['input_required', 'working', 'completed']);
    const done = h.runner.get(task.taskId);
    expect(done?.result?.content).toEqual([{ type: 'text', text: '{"action":"decline"}' }]);
    expect(done).not.toHaveProperty('question');
    // Terminal is final: no cancel, no answer changes it.
    expect(h.runner.cancel(task.taskId)?.status).toBe('completed');
    expect(h.runner.answer(task.taskId, 'depth', {})).toBe(false);
  });

  it('a cancel while the task waits ends the wait: cancelled, no question, no result', async () => {
    h = harness();
    const task = h.runner.start(asking, 60_000, 'starting');
    await h.until(() => statusOf(h.runner.get(task.taskId)) === 'input_required');
    expect(h.runner.cancel(task.taskId)).toMatchObject({ status: 'cancelled' });
    const after = h.runner.get(task.taskId);
    expect(after).not.toHaveProperty('question');
    expect(after).not.toHaveProperty('result');
    expect(h.moves).toEqual(['input_required', 'cancelled']);
  });

  it('a job that throws fails the task with a JSON-RPC error', async () => {
    h = harness();
    const task = h.runner.start(() => Promise.reject(new Error('the archive is closed')), 60_000, 'starting');
    await h.until(() => statusOf(h.runner.get(task.taskId)) === 'failed');
    expect(h.runner.get(task.taskId)).toMatchObject({
      statusMessage: 'failed: the archive is closed',
      error: { code: -32603, message: 'the archive is closed' },
    });
  });

  it('a task is forgotten once its ttl runs out, and its job stops', async () => {
    h = harness();
    const task = h.runner.start(forever, 30, 'starting');
    expect(h.runner.list()).toHaveLength(1);
    await h.until(() => h.expired.includes(task.taskId));
    expect(h.runner.get(task.taskId)).toBeUndefined();
    expect(h.runner.list()).toEqual([]);
  });

  it('the ttl a client asks for is kept within 1 s and 1 h; none asked gives 60 s', () => {
    expect(grantedTtl(undefined)).toBe(60_000);
    expect(grantedTtl(30_000)).toBe(30_000);
    expect(grantedTtl(5)).toBe(1_000);
    expect(grantedTtl(1e9)).toBe(3_600_000);
    expect(grantedTtl('soon')).toBe(60_000);
  });
});
