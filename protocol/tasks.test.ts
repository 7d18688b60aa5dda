// A task's run against a scripted server of each revision: the lines the client writes, the
// waits it makes, the input rounds, cancel, and what it makes of answers that are not a task.
import { describe, expect, it } from 'vitest';

import { ClientSession, type InputAnswers } from './clientSession.js';
import { META_KEYS, STATELESS_VERSION, type Flow } from './flows.js';
import { classifyText, type JsonRpcId } from './jsonrpc.js';
import {
  TASKS_EXTENSION,
  readTask,
  relatedTaskId,
  runTask,
  serverCancelsTasks,
  serverListsTasks,
  taskRequestOptions,
  toolTaskMode,
  type TaskStep,
} from './tasks.js';

/** The `_meta` key that ties a message to its task. */
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

type Message = Record<string, unknown> & { id?: JsonRpcId; method?: string; params?: Record<string, unknown> };

/**
 * A server the test scripts: each request the client writes goes to `answer`, which returns the
 * result (or error) to send back, or undefined to hold it; `push` writes any line to the client.
 */
function harness(flow: Flow, answer: (m: Message, h: { push: (v: unknown) => void }) => unknown) {
  const sent: Message[] = [];
  const waits: number[] = [];
  let n = 0;
  const push = (value: unknown): void => queueMicrotask(() => session.onMessage(classifyText(JSON.stringify(value))));
  const session: ClientSession = new ClientSession({
    flow,
    protocolVersion: flow === 'stateless' ? STATELESS_VERSION : '2025-11-25',
    send: (line) => {
      const m = JSON.parse(line) as Message;
      sent.push(m);
      if (m.method === undefined || m.id === undefined) return;
      const reply = answer(m, { push });
      if (reply !== undefined) push({ jsonrpc: '2.0', id: m.id, ...(reply as Record<string, unknown>) });
    },
    nextId: () => ++n,
    capabilities: { elicitation: { form: {} } },
    onServerRequest: async (method, params) => ({ result: { action: 'accept', content: { depth: 'thorough' }, asked: method, params } }),
  });
  const sleep = (ms: number): Promise<void> => {
    waits.push(ms);
    return Promise.resolve();
  };
  return { session, sent, waits, sleep, methods: () => sent.map((m) => m.method ?? (m.id !== undefined ? 'response' : '?')) };
}

const answers = async (): Promise<InputAnswers> => ({
  kind: 'answered',
  responses: { depth: { action: 'accept', content: { depth: 'brief' } } },
});

describe('runTask, 2025-11-25', () => {
  it('creates with params.task, polls at the pollInterval, asks tasks/result at input_required, and answers the related question', async () => {
    const statuses = ['working', 'input_required'];
    const task = (status: string) => ({ taskId: 't1', status, createdAt: 'c', lastUpdatedAt: 'u', ttl: 30000, pollInterval: 250 });
    let ended = false;
    const h = harness('handshake', (m, { push }) => {
      if (m.method === 'tools/call') return { result: { task: task('working') } };
      if (m.method === 'tasks/get') return { result: task(ended ? 'completed' : (statuses.shift() ?? 'input_required')) };
      if (m.method === 'tasks/result') {
        // The server's question, tied to the task, comes while tasks/result waits.
        push({
          jsonrpc: '2.0',
          id: 'q1',
          method: 'elicitation/create',
          params: { message: 'depth?', _meta: { [RELATED_TASK]: { taskId: 't1' } } },
        });
        return undefined;
      }
      return { error: { code: -32601, message: 'no' } };
    });
    const steps: TaskStep[] = [];
    const run = runTask(
      h.session,
      'tools/call',
      { name: 'research', arguments: { topic: 'x' } },
      { ttlMs: 30000, answer: answers, onStep: (s) => steps.push(s), sleep: h.sleep },
    );
    // The answer to the question reaches the server; then the server ends the task and answers tasks/result.
    await expect.poll(() => h.sent.find((m) => m.id === 'q1' && 'result' in m)).toBeTruthy();
    ended = true;
    const resultRequest = h.sent.find((m) => m.method === 'tasks/result');
    h.session.onMessage(
      classifyText(
        JSON.stringify({
          jsonrpc: '2.0',
          id: resultRequest?.id,
          result: { content: [{ type: 'text', text: 'done' }], _meta: { [RELATED_TASK]: { taskId: 't1' } } },
        }),
      ),
    );
    const outcome = await run.done;

    expect(h.sent[0]?.params).toEqual({ name: 'research', arguments: { topic: 'x' }, task: { ttl: 30000 } });
    expect(h.methods()).toEqual(['tools/call', 'tasks/get', 'tasks/get', 'tasks/result', 'response', 'tasks/get']);
    expect(h.waits).toEqual([250, 250]);
    expect(outcome).toMatchObject({
      kind: 'ended',
      task: { taskId: 't1', status: 'completed', ttlMs: 30000, pollIntervalMs: 250 },
      result: { content: [{ type: 'text', text: 'done' }] },
    });
    expect(steps.filter((s) => s.kind === 'status').map((s) => s.kind === 'status' && s.task.status)).toEqual([
      'working',
      'working',
      'input_required',
      'completed',
    ]);
  });

  it('a cancel sends tasks/cancel, and the run ends cancelled with the error tasks/result gives', async () => {
    let cancelled = false;
    const task = () => ({ taskId: 't2', status: cancelled ? 'cancelled' : 'working', createdAt: 'c', lastUpdatedAt: 'u', ttl: null });
    const h = harness('handshake', (m) => {
      if (m.method === 'tools/call') return { result: { task: task() } };
      if (m.method === 'tasks/get') return { result: task() };
      if (m.method === 'tasks/cancel') {
        cancelled = true;
        return { result: task() };
      }
      if (m.method === 'tasks/result') return { error: { code: -32603, message: 'cancelled' } };
      return undefined;
    });
    let polls = 0;
    const run = runTask(
      h.session,
      'tools/call',
      { name: 'research' },
      {
        answer: answers,
        sleep: async () => {
          if (++polls === 2) run.cancel();
        },
      },
    );
    const outcome = await run.done;
    expect(h.methods()).toContain('tasks/cancel');
    expect(h.methods().indexOf('tasks/cancel')).toBeLessThan(h.methods().indexOf('tasks/result'));
    expect(outcome).toMatchObject({ kind: 'ended', task: { status: 'cancelled', ttlMs: null }, error: { code: -32603 } });
  });

  it('a server that answers the call itself: the plain outcome, nothing polled', async () => {
    const h = harness('handshake', () => ({ result: { content: [] } }));
    const outcome = await runTask(h.session, 'tools/call', { name: 'echo' }, { answer: answers, sleep: h.sleep }).done;
    expect(outcome).toEqual({ kind: 'plain', outcome: { kind: 'result', id: 1, result: { content: [] } } });
    expect(h.methods()).toEqual(['tools/call']);
  });

  it('a cancel before the task exists cancels the request itself', async () => {
    const h = harness('handshake', () => undefined);
    const run = runTask(h.session, 'tools/call', { name: 'slow' }, { answer: answers, sleep: h.sleep });
    run.cancel();
    const outcome = await run.done;
    expect(outcome).toMatchObject({ kind: 'plain', outcome: { kind: 'cancelled' } });
    expect(h.sent[1]).toMatchObject({ method: 'notifications/cancelled', params: { requestId: 1 } });
  });

  it('a poll that fails loses the task, saying why', async () => {
    const h = harness('handshake', (m) =>
      m.method === 'tools/call'
        ? { result: { task: { taskId: 't3', status: 'working' } } }
        : { error: { code: -32602, message: 'unknown task' } },
    );
    const outcome = await runTask(h.session, 'tools/call', { name: 'x' }, { answer: answers, sleep: h.sleep }).done;
    expect(outcome).toEqual({
      kind: 'lost',
      task: { taskId: 't3', status: 'working' },
      reason: 'tasks/get failed: error -32602: unknown task',
    });
  });
});

describe('runTask, 2026-07-28 (the Tasks extension)', () => {
  const flat = (status: string, extra: Record<string, unknown> = {}) => ({
    resultType: 'complete',
    taskId: 'k1',
    status,
    createdAt: 'c',
    lastUpdatedAt: 'u',
    ttlMs: 60000,
    pollIntervalMs: 200,
    ...extra,
  });

  it('declares the extension on every request, answers inputRequests with tasks/update, and takes the result from tasks/get', async () => {
    const script = ['working', 'input_required', 'working', 'completed'];
    const h = harness('stateless', (m) => {
      if (m.method === 'tools/call') return { result: { ...flat('working'), resultType: 'task' } };
      if (m.method === 'tasks/update') return { result: { resultType: 'complete' } };
      if (m.method === 'tasks/get') {
        const status = script.shift() ?? 'completed';
        if (status === 'input_required')
          return { result: flat(status, { inputRequests: { depth: { method: 'elicitation/create', params: { message: 'depth?' } } } }) };
        if (status === 'completed') return { result: flat(status, { result: { content: [{ type: 'text', text: 'ok' }] } }) };
        return { result: flat(status) };
      }
      return undefined;
    });
    const asked: unknown[] = [];
    const outcome = await runTask(
      h.session,
      'tools/call',
      { name: 'research' },
      {
        answer: async (requests) => {
          asked.push(requests);
          return answers();
        },
        sleep: h.sleep,
      },
    ).done;
    expect(h.methods()).toEqual(['tools/call', 'tasks/get', 'tasks/get', 'tasks/update', 'tasks/get', 'tasks/get']);
    for (const m of h.sent) {
      const caps = (m.params?._meta as Record<string, Record<string, Record<string, unknown>>>)[META_KEYS.clientCapabilities];
      expect(caps?.extensions).toHaveProperty([TASKS_EXTENSION]);
      expect(caps?.elicitation).toEqual({ form: {} });
    }
    expect(h.sent[3]?.params).toMatchObject({ taskId: 'k1', inputResponses: { depth: { action: 'accept', content: { depth: 'brief' } } } });
    expect(asked).toEqual([{ depth: { method: 'elicitation/create', params: { message: 'depth?' } } }]);
    expect(h.waits).toEqual([200, 200, 200, 200]);
    expect(outcome).toMatchObject({
      kind: 'ended',
      task: { status: 'completed', pollIntervalMs: 200 },
      result: { content: [{ type: 'text', text: 'ok' }] },
    });
  });

  it('a declined question cancels the task; a failed task carries its error', async () => {
    let cancelled = false;
    const h = harness('stateless', (m) => {
      if (m.method === 'tools/call') return { result: { ...flat('working'), resultType: 'task' } };
      if (m.method === 'tasks/cancel') {
        cancelled = true;
        return { result: { resultType: 'complete' } };
      }
      if (m.method === 'tasks/get')
        return {
          result: cancelled
            ? flat('failed', { error: { code: -32000, message: 'gave up' } })
            : flat('input_required', { inputRequests: { q: {} } }),
        };
      return undefined;
    });
    const outcome = await runTask(
      h.session,
      'tools/call',
      { name: 'r' },
      { answer: async () => ({ kind: 'declined', reason: 'no' }), sleep: h.sleep },
    ).done;
    expect(h.methods()).toEqual(['tools/call', 'tasks/get', 'tasks/cancel', 'tasks/get']);
    expect(outcome).toMatchObject({ kind: 'ended', task: { status: 'failed' }, error: { code: -32000, message: 'gave up' } });
  });

  it('input_required before any task is the plain multi round-trip; a complete answer is plain', async () => {
    const h = harness('stateless', (m) =>
      m.params?.inputResponses === undefined
        ? { result: { resultType: 'input_required', inputRequests: { a: {} }, requestState: 's1' } }
        : { result: { resultType: 'complete', content: [] } },
    );
    const outcome = await runTask(h.session, 'tools/call', { name: 'r' }, { answer: answers, sleep: h.sleep }).done;
    expect(outcome).toMatchObject({ kind: 'plain', outcome: { kind: 'result', result: { resultType: 'complete' } } });
    expect(h.sent[1]?.params).toMatchObject({ requestState: 's1' });
  });

  it('a pushed status wakes the wait and is seen', async () => {
    const h = harness('stateless', (m) =>
      m.method === 'tools/call' ? { result: { ...flat('working'), resultType: 'task' } } : { result: flat('completed', { result: {} }) },
    );
    const steps: TaskStep[] = [];
    const pushed = { jsonrpc: '2.0', method: 'notifications/tasks', params: flat('working', { statusMessage: 'half way' }) };
    await runTask(
      h.session,
      'tools/call',
      { name: 'r' },
      {
        answer: answers,
        onStep: (s) => {
          steps.push(s);
          // Once the task exists, the server pushes its status: the run, waiting on a clock that never rings, polls at once.
          if (s.kind === 'status' && s.via === 'create') setTimeout(() => h.session.onMessage(classifyText(JSON.stringify(pushed))));
        },
        sleep: () => new Promise(() => undefined),
      },
    ).done;
    expect(steps.some((s) => s.kind === 'status' && s.via === 'push' && s.task.statusMessage === 'half way')).toBe(true);
    expect(h.methods()).toEqual(['tools/call', 'tasks/get']);
  });
});

describe('what a server and a tool allow', () => {
  it('2025-11-25: the capability and the tool’s taskSupport; 2026-07-28: the extension', () => {
    const caps = { tasks: { requests: { tools: { call: {} } } } };
    expect(toolTaskMode('handshake', caps, { execution: { taskSupport: 'required' } })).toBe('required');
    expect(toolTaskMode('handshake', caps, {})).toBe('forbidden');
    expect(toolTaskMode('handshake', {}, { execution: { taskSupport: 'optional' } })).toBe('forbidden');
    expect(toolTaskMode('stateless', { extensions: { [TASKS_EXTENSION]: {} } }, {})).toBe('optional');
    expect(toolTaskMode('stateless', {}, {})).toBe('forbidden');
  });

  it('reads either revision’s task fields into one shape', () => {
    expect(readTask({ taskId: 'a', status: 'working', ttl: 5, pollInterval: 9 })).toEqual({
      taskId: 'a',
      status: 'working',
      ttlMs: 5,
      pollIntervalMs: 9,
    });
    expect(readTask({ taskId: 'a', status: 'working', ttlMs: null, pollIntervalMs: 9 })).toEqual({
      taskId: 'a',
      status: 'working',
      ttlMs: null,
      pollIntervalMs: 9,
    });
    expect(readTask({ status: 'working' })).toBeUndefined();
  });
});

describe('what a server says of tasks, for the Tasks panel and the timeline', () => {
  it('lists tasks only in 2025-11-25 with tasks.list, and cancels with tasks.cancel or the extension', () => {
    const handshake = { tasks: { list: {}, cancel: {} } };
    expect(serverListsTasks('handshake', handshake)).toBe(true);
    expect(serverListsTasks('handshake', { tasks: { cancel: {} } })).toBe(false);
    expect(serverListsTasks('stateless', { extensions: { [TASKS_EXTENSION]: {} }, tasks: { list: {} } })).toBe(false);
    expect(serverCancelsTasks('handshake', handshake)).toBe(true);
    expect(serverCancelsTasks('handshake', { tasks: {} })).toBe(false);
    expect(serverCancelsTasks('stateless', { extensions: { [TASKS_EXTENSION]: {} } })).toBe(true);
  });

  it('declares the extension on a 2026-07-28 request about a task, and adds nothing in 2025-11-25', () => {
    const caps = { elicitation: {}, extensions: { other: {} } };
    expect(taskRequestOptions({ flow: 'stateless', capabilities: caps }, { timeoutMs: 5 })).toEqual({
      timeoutMs: 5,
      capabilities: { elicitation: {}, extensions: { other: {}, [TASKS_EXTENSION]: {} } },
    });
    expect(taskRequestOptions({ flow: 'handshake', capabilities: caps })).toEqual({});
  });

  it('reads the related task of a message from its _meta, and nothing from a malformed one', () => {
    expect(relatedTaskId({ _meta: { [RELATED_TASK]: { taskId: 't1' } } })).toBe('t1');
    expect(relatedTaskId({ _meta: { [RELATED_TASK]: { taskId: 7 } } })).toBeUndefined();
    expect(relatedTaskId('nope')).toBeUndefined();
  });
});
