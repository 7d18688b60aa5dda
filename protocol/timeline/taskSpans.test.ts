import { describe, expect, it } from 'vitest';
import { RELATED_TASK_META } from '../tasks.js';
import { EMPTY_FILTER } from './contract.js';
import { EventScript } from './testing.js';
import { TimelineIndex } from './timelineIndex.js';

function indexOf(script: EventScript): TimelineIndex {
  const index = new TimelineIndex();
  for (const event of script.events) index.apply(event);
  return index;
}

const related = (taskId: string) => ({ _meta: { [RELATED_TASK_META]: { taskId } } });

/** 2025-11-25: created with params.task, polled, a question during tasks/result, completed. */
function handshakeRun(): EventScript {
  const s = new EventScript().spawn('c1');
  s.request('c1', 1, 'tools/call', { name: 'research', arguments: {}, task: {} }).wait(5);
  s.result('c1', 1, { task: { taskId: 't1', status: 'working', ttl: 60000, pollInterval: 100 } }).wait(100);
  s.request('c1', 2, 'tasks/get', { taskId: 't1' }).result('c1', 2, { taskId: 't1', status: 'working' }).wait(100);
  s.notify('c1', 'stdout', 'notifications/tasks/status', { taskId: 't1', status: 'input_required', statusMessage: 'depth?' });
  s.request('c1', 3, 'tasks/get', { taskId: 't1' }).result('c1', 3, { taskId: 't1', status: 'input_required' });
  s.request('c1', 4, 'tasks/result', { taskId: 't1' }).wait(10);
  s.serverRequest('c1', 'q1', 'elicitation/create', { message: 'depth?', requestedSchema: {}, ...related('t1') }).wait(50);
  s.result('c1', 'q1', { action: 'accept', content: { depth: 'thorough' } }, 'stdin').wait(200);
  s.notify('c1', 'stdout', 'notifications/tasks/status', { taskId: 't1', status: 'completed' });
  s.result('c1', 4, { content: [{ type: 'text', text: 'done' }], ...related('t1') });
  s.request('c1', 5, 'tasks/get', { taskId: 't1' }).result('c1', 5, { taskId: 't1', status: 'completed' });
  return s;
}

describe('task spans on the timeline', () => {
  it('follows a 2025-11-25 task from its creating call through polls and a question to completed', () => {
    const s = handshakeRun();
    const index = indexOf(s);
    const [task] = index.tasks();
    expect(index.tasks()).toHaveLength(1);
    const rows = index.window(0, 100);
    const call = rows.find((r) => r.method === 'tools/call');
    expect(task).toMatchObject({ taskId: 't1', conn: 'c1', row: call?.row, method: 'tools/call', t0: call?.t0, status: 'completed' });
    expect(task?.statuses).toEqual(['working', 'input_required', 'completed']);
    expect(task?.statusMessage).toBe('depth?');
    expect(task?.polls.map((p) => p.method)).toEqual([
      'tasks/get',
      'notifications/tasks/status',
      'tasks/get',
      'tasks/result',
      'notifications/tasks/status',
      'tasks/get',
    ]);
    expect(task?.polls.map((p) => p.status)).toEqual(['working', 'input_required', 'input_required', undefined, 'completed', 'completed']);
    expect(task?.pollCount).toBe(6);
    const completed = rows.filter((r) => r.method === 'notifications/tasks/status')[1];
    expect(task?.t1).toBe(completed?.t0);
    // The question asked inside the task is its input round, from the ask to the answer.
    const question = rows.find((r) => r.method === 'elicitation/create');
    expect(task?.rounds).toEqual([{ row: question?.row, t0: question?.t0, t1: question?.t1 }]);
    expect(question?.task).toEqual({ taskId: 't1', role: 'input' });
    expect(call?.task).toEqual({ taskId: 't1', role: 'create' });
    for (const poll of rows.filter((r) => r.method?.startsWith('tasks/') || r.method === 'notifications/tasks/status'))
      expect(poll.task).toEqual({ taskId: 't1', role: 'poll' });
  });

  it('follows a 2026-07-28 task: resultType "task", the input round from the wait to tasks/update, cancelled', () => {
    const s = new EventScript().spawn('c2');
    s.request('c2', 1, 'tools/call', { name: 'research', arguments: {} });
    s.result('c2', 1, { resultType: 'task', taskId: 'abc', status: 'working', ttlMs: null, pollIntervalMs: 100 }).wait(100);
    s.request('c2', 2, 'tasks/get', { taskId: 'abc' });
    s.result('c2', 2, { resultType: 'complete', taskId: 'abc', status: 'input_required', inputRequests: { q: {} } }).wait(300);
    s.request('c2', 3, 'tasks/update', { taskId: 'abc', inputResponses: { q: {} } })
      .wait(5)
      .result('c2', 3, {})
      .wait(100);
    s.request('c2', 4, 'tasks/get', { taskId: 'abc' }).result('c2', 4, { taskId: 'abc', status: 'working' });
    s.request('c2', 5, 'tasks/cancel', { taskId: 'abc' }).result('c2', 5, {}).wait(100);
    s.request('c2', 6, 'tasks/get', { taskId: 'abc' }).result('c2', 6, { taskId: 'abc', status: 'cancelled' });
    const index = indexOf(s);
    const [task] = index.tasks();
    const rows = index.window(0, 100);
    const waited = rows.find((r) => r.id === 2);
    const update = rows.find((r) => r.method === 'tasks/update');
    expect(task?.statuses).toEqual(['working', 'input_required', 'working', 'cancelled']);
    expect(task?.rounds).toEqual([{ row: update?.row, t0: waited?.t1, t1: update?.t1 }]);
    expect(task?.t1).toBe(rows.find((r) => r.id === 6)?.t1);
    expect(task?.polls.map((p) => p.method)).toEqual(['tasks/get', 'tasks/update', 'tasks/get', 'tasks/cancel', 'tasks/get']);
  });

  it('leaves a task open without a terminal status, and tells tasks of two connections apart', () => {
    const s = new EventScript();
    for (const conn of ['a', 'b']) {
      s.request(conn, 1, 'tools/call', { name: 'x', task: {} });
      s.result(conn, 1, { task: { taskId: 'same', status: 'working' } });
    }
    s.request('a', 2, 'tasks/get', { taskId: 'same' }).result('a', 2, { taskId: 'same', status: 'failed' });
    const index = indexOf(s);
    expect(index.tasks().map((t) => [t.conn, t.status, t.t1 !== undefined])).toEqual([
      ['a', 'failed', true],
      ['b', 'working', false],
    ]);
    expect(index.tasks('b')).toHaveLength(1);
  });

  it('ignores plain answers, polls of an error, and a task met first in a poll starts there', () => {
    const s = new EventScript();
    s.request('c', 1, 'tools/call', { name: 'x' }).result('c', 1, { content: [] });
    s.request('c', 2, 'tasks/get', { taskId: 'old' }).error('c', 2, -32602, 'no such task');
    s.request('c', 3, 'tasks/get', {}).result('c', 3, { taskId: 'x', status: 'working' });
    const index = indexOf(s);
    const tasks = index.tasks();
    expect(tasks.map((t) => [t.taskId, t.status, t.method])).toEqual([['old', '', undefined]]);
    expect(index.window(0, 10).find((r) => r.id === 3)?.task).toBeUndefined();
  });

  it('takes the creating answer as the start even when the server pushed the status first', () => {
    const s = new EventScript();
    s.request('c', 1, 'tools/call', { name: 'x', task: {} });
    s.notify('c', 'stdout', 'notifications/tasks/status', { taskId: 'early', status: 'working' });
    s.result('c', 1, { task: { taskId: 'early', status: 'working' } });
    const index = indexOf(s);
    const call = index.window(0, 10).find((r) => r.method === 'tools/call');
    expect(index.tasks()).toMatchObject([{ taskId: 'early', row: call?.row, t0: call?.t0, method: 'tools/call', pollCount: 1 }]);
    expect(call?.task).toEqual({ taskId: 'early', role: 'create' });
  });

  it('shows a task only while its creating row passes the filter, but always for its connection', () => {
    const index = indexOf(handshakeRun());
    index.setFilter({ ...EMPTY_FILTER, methods: ['tasks/get'] }, { column: 'time', descending: false });
    expect(index.tasks()).toHaveLength(0);
    expect(index.tasks('c1')).toHaveLength(1);
  });

  it('gives the detail of a poll its task, with the polls to link to', () => {
    const index = indexOf(handshakeRun());
    const poll = index.window(0, 100).find((r) => r.method === 'tasks/get');
    const detail = index.detail(poll?.row ?? -1);
    expect(detail?.task?.taskId).toBe('t1');
    expect(detail?.task?.polls.map((p) => p.row)).toContain(poll?.row);
  });
});
