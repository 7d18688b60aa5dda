/**
 * The research tool as a 2025-11-25 task, on the compiled demo server over stdio, line by line:
 * the capability and the tool's taskSupport, a task through its input round to its result,
 * cancellation, the plain call beside it, and the errors. Every wait is on a message (a status
 * notification, the server's question, an answer) or a line on stderr, never on time.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnStdioPeer, type StdioPeer } from './testing/stdioPeer.js';

const server = path.resolve(import.meta.dirname, '..', 'dist', 'node', 'demo', 'server.js');
const RELATED = 'io.modelcontextprotocol/related-task';

type Message = Record<string, unknown>;
type Task = { taskId: string; status: string; statusMessage?: string; ttl: number; pollInterval: number } & Message;

let peer: StdioPeer | undefined;
let nextId = 0;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

const resultOf = (answer: Message): Message => answer.result as Message;
const errorOf = (answer: Message): { code: number; message: string } => answer.error as { code: number; message: string };

/** A handshake opened on 2025-11-25, with or without form elicitation declared. */
async function open(elicitation: boolean): Promise<{ p: StdioPeer; init: Message }> {
  const p = (peer = spawnStdioPeer(process.execPath, [server]));
  const capabilities = elicitation ? { elicitation: {} } : {};
  const init = await p.request({
    id: ++nextId,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'tasks-test', version: '1' } },
  });
  p.notify({ method: 'notifications/initialized' });
  return { p, init: resultOf(init) };
}

const call = (p: StdioPeer, method: string, params: Message = {}) => p.request({ id: ++nextId, method, params });

async function startTask(p: StdioPeer, args: Message, task: Message = {}): Promise<Task> {
  const created = resultOf(await call(p, 'tools/call', { name: 'research', arguments: { topic: 'owls', ...args }, task }));
  return created.task as Task;
}

const get = async (p: StdioPeer, taskId: string): Promise<Task> => resultOf(await call(p, 'tasks/get', { taskId })) as Task;

/** The status notification of `taskId` for `status`. */
const statusNote = (p: StdioPeer, taskId: string, status: string) =>
  p.message(
    (m) => m.method === 'notifications/tasks/status' && (m.params as Task).taskId === taskId && (m.params as Task).status === status,
  );

const question = (p: StdioPeer) => p.message((m) => m.method === 'elicitation/create');

describe('demo server, handshake flow: research as a 2025-11-25 task', () => {
  it('initialize declares tasks, and tools/list marks research (only) as optionally a task', async () => {
    const { p, init } = await open(true);
    expect((init.capabilities as Message).tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const tools = resultOf(await call(p, 'tools/list')).tools as Message[];
    const research = tools.find((t) => t.name === 'research');
    expect(research).toMatchObject({ title: 'Research (a task)', execution: { taskSupport: 'optional' } });
    expect(research?.inputSchema).toMatchObject({ required: ['topic'], properties: { steps: { default: 4 }, stepMs: { default: 300 } } });
    expect(tools.filter((t) => 'execution' in t).map((t) => t.name)).toEqual(['research']);
  });

  it('runs a task: working, input_required, the question on tasks/result, working, completed, and the result tied to the task', async () => {
    const { p } = await open(true);
    const task = await startTask(p, { steps: 4, stepMs: 150 }, { ttl: 30_000 });
    expect(task).toMatchObject({ status: 'working', statusMessage: 'step 1 of 4', ttl: 30_000, pollInterval: 200 });
    expect(Date.parse(task.createdAt as string)).not.toBeNaN();
    expect((await get(p, task.taskId)).status).toBe('working');

    await statusNote(p, task.taskId, 'input_required');
    expect(await get(p, task.taskId)).toMatchObject({ status: 'input_required', statusMessage: 'waiting for your answer' });
    // The question waits for tasks/result, where the spec has the client receive it.
    expect(p.lines.some((line) => line.includes('"elicitation/create"'))).toBe(false);

    const payload = call(p, 'tasks/result', { taskId: task.taskId });
    const asked = await question(p);
    const params = asked.params as Message;
    expect(typeof asked.id).toBe('string');
    expect(params._meta).toEqual({ [RELATED]: { taskId: task.taskId } });
    expect(params).toMatchObject({
      mode: 'form',
      requestedSchema: { properties: { depth: { enum: ['brief', 'thorough'] } }, required: ['depth'] },
    });
    p.notify({ id: asked.id, result: { action: 'accept', content: { depth: 'thorough' } } });

    await statusNote(p, task.taskId, 'working');
    expect((await get(p, task.taskId)).status).toBe('working');

    const result = resultOf(await payload);
    expect(result).toMatchObject({
      content: [{ type: 'text', text: 'Research on "owls" done: thorough depth, 4 of 4 steps.' }],
      structuredContent: { topic: 'owls', depth: 'thorough', depthChosenBy: 'client', steps: 4 },
      _meta: { [RELATED]: { taskId: task.taskId } },
    });
    await statusNote(p, task.taskId, 'completed');
    expect((await get(p, task.taskId)).status).toBe('completed');
    const notes = p.lines.filter((l) => l.includes('notifications/tasks/status')).map((l) => (JSON.parse(l) as { params: Task }).params);
    expect(notes.map((n) => n.status)).toEqual(['input_required', 'working', 'completed']);
    // The status notification names its task in its params, not in _meta.
    expect(notes.every((n) => n._meta === undefined)).toBe(true);
    const listed = resultOf(await call(p, 'tasks/list')).tasks as Task[];
    expect(listed).toEqual([expect.objectContaining({ taskId: task.taskId, status: 'completed' })]);
    // Asked again once it ended, tasks/result answers the same at once.
    expect(resultOf(await call(p, 'tasks/result', { taskId: task.taskId })).structuredContent).toMatchObject({ depth: 'thorough' });
  });

  it('a tasks/result opened first gets the question as soon as the task waits, and a declined answer gives the brief depth', async () => {
    const { p } = await open(true);
    const task = await startTask(p, { steps: 2, stepMs: 50 });
    expect(task.ttl).toBe(60_000);
    const payload = call(p, 'tasks/result', { taskId: task.taskId });
    const asked = await question(p);
    p.notify({ id: asked.id, result: { action: 'decline' } });
    expect(resultOf(await payload).structuredContent).toEqual({ topic: 'owls', depth: 'brief', depthChosenBy: 'default', steps: 2 });
  });

  it('a client without form elicitation is never asked: the task runs straight through, brief', async () => {
    const { p } = await open(false);
    const task = await startTask(p, { steps: 2, stepMs: 50 });
    const result = resultOf(await call(p, 'tasks/result', { taskId: task.taskId }));
    expect(result.structuredContent).toMatchObject({ depth: 'brief', depthChosenBy: 'default' });
    const statuses = p.lines
      .filter((l) => l.includes('notifications/tasks/status'))
      .map((l) => (JSON.parse(l) as { params: Task }).params.status);
    expect(statuses).toEqual(['completed']);
    expect(p.lines.some((line) => line.includes('"elicitation/create"'))).toBe(false);
  });

  it('tasks/cancel stops the work: cancelled at once, the timers stopped, and no result ever', async () => {
    const { p } = await open(true);
    const task = await startTask(p, { steps: 20, stepMs: 200 });
    const cancelled = resultOf(await call(p, 'tasks/cancel', { taskId: task.taskId }));
    expect(cancelled).toMatchObject({ taskId: task.taskId, status: 'cancelled', statusMessage: 'cancelled by request' });
    await p.stderrMatch(new RegExp(`task ${task.taskId} stopped: task cancelled`));
    expect((await get(p, task.taskId)).status).toBe('cancelled');
    const result = errorOf(await call(p, 'tasks/result', { taskId: task.taskId }));
    expect(result.code).toBe(-32602);
    expect(result.message).toContain('cancelled');
    expect(errorOf(await call(p, 'tasks/cancel', { taskId: task.taskId }))).toEqual({
      code: -32602,
      message: "Cannot cancel task: already in terminal status 'cancelled'",
    });
    const notes = p.lines.filter((l) => l.includes('notifications/tasks/status') && l.includes(task.taskId));
    expect(notes.map((l) => (JSON.parse(l) as { params: Task }).params.status)).toEqual(['cancelled']);
  });

  it('cancelling a task that waits withdraws its question and ends the open tasks/result', async () => {
    const { p } = await open(true);
    const task = await startTask(p, { steps: 2, stepMs: 50 });
    const payload = call(p, 'tasks/result', { taskId: task.taskId });
    const asked = await question(p);
    await call(p, 'tasks/cancel', { taskId: task.taskId });
    const withdrawn = await p.message((m) => m.method === 'notifications/cancelled');
    expect(withdrawn.params).toMatchObject({ requestId: asked.id });
    expect(errorOf(await payload).code).toBe(-32602);
    // A late answer is the layer's to drop: the SDK never hears of it, and the task stays cancelled.
    p.notify({ id: asked.id, result: { action: 'accept', content: { depth: 'thorough' } } });
    expect((await get(p, task.taskId)).status).toBe('cancelled');
  });

  it('a plain call (no params.task) runs synchronously, its input round a plain elicitation/create', async () => {
    const { p } = await open(true);
    const plain = call(p, 'tools/call', { name: 'research', arguments: { topic: 'bats', steps: 2, stepMs: 20 } });
    const asked = await question(p);
    expect(typeof asked.id).toBe('number');
    expect((asked.params as Message)._meta).not.toHaveProperty([RELATED]);
    p.notify({ id: asked.id, result: { action: 'accept', content: { depth: 'thorough' } } });
    const result = resultOf(await plain);
    expect(result.structuredContent).toEqual({ topic: 'bats', depth: 'thorough', depthChosenBy: 'client', steps: 2 });
    expect(result).not.toHaveProperty('task');
    expect(result._meta).toBeUndefined();
  });

  it('without elicitation a plain call answers at once, brief', async () => {
    const { p } = await open(false);
    const result = resultOf(await call(p, 'tools/call', { name: 'research', arguments: { topic: 'bats', steps: 2, stepMs: 20 } }));
    expect(result.structuredContent).toMatchObject({ depth: 'brief', depthChosenBy: 'default' });
  });

  it('errors: an unknown task is -32602 on every task method; a task call of another tool is -32601; bad arguments get the tool error', async () => {
    const { p } = await open(true);
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
      const error = errorOf(await call(p, method, { taskId: 'no-such-task' }));
      expect(error.code).toBe(-32602);
      expect(error.message).toContain('Task not found: "no-such-task"');
    }
    expect(errorOf(await call(p, 'tools/call', { name: 'echo', arguments: { message: 'x' }, task: {} })).code).toBe(-32601);
    const bad = resultOf(await call(p, 'tools/call', { name: 'research', arguments: { steps: 2 }, task: {} }));
    expect(bad).toMatchObject({ isError: true });
    expect(resultOf(await call(p, 'tasks/list')).tasks).toEqual([]);
    // One page, no cursor ever given: a cursor is not one of the server's.
    expect(errorOf(await call(p, 'tasks/list', { cursor: 'page-2' })).code).toBe(-32602);
  });

  it('on a revision before tasks (2025-06-18) there is no capability, no taskSupport and no task methods', async () => {
    const p = (peer = spawnStdioPeer(process.execPath, [server]));
    const init = resultOf(
      await p.request({
        id: ++nextId,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'tasks-test', version: '1' } },
      }),
    );
    p.notify({ method: 'notifications/initialized' });
    expect(init.protocolVersion).toBe('2025-06-18');
    expect(init.capabilities).not.toHaveProperty('tasks');
    const tools = resultOf(await call(p, 'tools/list')).tools as Message[];
    expect(tools.find((t) => t.name === 'research')).not.toHaveProperty('execution');
    expect(errorOf(await call(p, 'tasks/get', { taskId: 'x' })).code).toBe(-32601);
  });
});
