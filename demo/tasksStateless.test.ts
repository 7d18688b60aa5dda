/**
 * The research tool as a task of the 2026-07-28 Tasks extension, on the compiled demo server over
 * stdio, line by line: discovery, a task through its input round (inputRequests in tasks/get,
 * answers by tasks/update) to its result, cancellation, the plain call for a client that did not
 * declare the extension, and the errors. The extension pushes nothing here, so the test learns a
 * task's progress as a client does, by polling at the interval the server suggests; the end of a
 * cancelled job shows on stderr.
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnStdioPeer, type StdioPeer } from './testing/stdioPeer.js';

const server = path.resolve(import.meta.dirname, '..', 'dist', 'node', 'demo', 'server.js');
const TASKS = 'io.modelcontextprotocol/tasks';
const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'mcp-lens-demo', title: 'MCP Lens demo server', version: '0.1.0' } };

type Message = Record<string, unknown>;
type Task = { taskId: string; status: string; statusMessage?: string; pollIntervalMs: number } & Message;

const meta = (capabilities: Message) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': capabilities,
  'io.modelcontextprotocol/clientInfo': { name: 'tasks-test', version: '1' },
});
/** A client that takes tasks and answers forms. */
const TASKS_META = meta({ elicitation: { form: {} }, extensions: { [TASKS]: {} } });

let peer: StdioPeer | undefined;
let nextId = 0;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

const start = (): StdioPeer => (peer = spawnStdioPeer(process.execPath, [server]));
const resultOf = (answer: Message): Message => answer.result as Message;
const errorOf = (answer: Message): { code: number; message: string; data?: unknown } =>
  answer.error as { code: number; message: string; data?: unknown };
const call = (p: StdioPeer, method: string, params: Message, _meta: Message = TASKS_META) =>
  p.request({ id: ++nextId, method, params: { ...params, _meta } });

const research = (p: StdioPeer, args: Message, _meta: Message = TASKS_META) =>
  call(p, 'tools/call', { name: 'research', arguments: { topic: 'owls', ...args } }, _meta);

const get = async (p: StdioPeer, taskId: string): Promise<Task> => resultOf(await call(p, 'tasks/get', { taskId })) as Task;

/** Polls tasks/get at the suggested interval until `status`; every status seen goes to `seen`. */
async function pollUntil(p: StdioPeer, taskId: string, status: string, seen: string[]): Promise<Task> {
  for (;;) {
    const task = await get(p, taskId);
    if (seen.at(-1) !== task.status) seen.push(task.status);
    if (task.status === status) return task;
    if (['completed', 'failed', 'cancelled'].includes(task.status)) throw new Error(`task ended ${task.status}, not ${status}`);
    await sleep(task.pollIntervalMs);
  }
}

describe('demo server, stateless flow: research as a task of the tasks extension', () => {
  it('server/discover lists the extension', async () => {
    const p = start();
    const discovered = resultOf(await call(p, 'server/discover', {}));
    expect(discovered.capabilities).toMatchObject({ tools: {}, extensions: { [TASKS]: {} } });
    expect(discovered.resultType).toBe('complete');
  });

  it('runs a task: working, input_required with inputRequests, tasks/update, working, completed with the result', async () => {
    const p = start();
    const created = resultOf(await research(p, { steps: 4, stepMs: 150 }));
    expect(created).toEqual({
      resultType: 'task',
      taskId: expect.any(String),
      status: 'working',
      statusMessage: 'step 1 of 4',
      createdAt: expect.any(String),
      lastUpdatedAt: expect.any(String),
      ttlMs: 60_000,
      pollIntervalMs: 200,
      _meta: SERVER_INFO,
    });
    const taskId = created.taskId as string;
    const seen: string[] = [];
    const waiting = await pollUntil(p, taskId, 'input_required', seen);
    expect(waiting).toMatchObject({ resultType: 'complete', statusMessage: 'waiting for your answer', _meta: SERVER_INFO });
    expect(waiting.inputRequests).toEqual({
      depth: {
        method: 'elicitation/create',
        params: expect.objectContaining({
          mode: 'form',
          requestedSchema: expect.objectContaining({ properties: { depth: expect.objectContaining({ enum: ['brief', 'thorough'] }) } }),
        }),
      },
    });
    expect(waiting).not.toHaveProperty('result');

    const ack = resultOf(
      await call(p, 'tasks/update', { taskId, inputResponses: { depth: { action: 'accept', content: { depth: 'thorough' } }, stray: {} } }),
    );
    expect(ack).toEqual({ resultType: 'complete', _meta: SERVER_INFO });
    const resumed = await get(p, taskId);
    expect(resumed.status).toBe('working');
    expect(resumed).not.toHaveProperty('inputRequests');
    seen.push('working');

    const done = await pollUntil(p, taskId, 'completed', seen);
    expect(seen).toEqual(['working', 'input_required', 'working', 'completed']);
    expect(done.result).toEqual({
      content: [{ type: 'text', text: 'Research on "owls" done: thorough depth, 4 of 4 steps.' }],
      structuredContent: { topic: 'owls', depth: 'thorough', depthChosenBy: 'client', steps: 4 },
    });
    expect(done).not.toHaveProperty('error');
    // An update for a task that no longer waits is acknowledged and changes nothing.
    expect(resultOf(await call(p, 'tasks/update', { taskId, inputResponses: { depth: { action: 'decline' } } })).resultType).toBe(
      'complete',
    );
    expect((await get(p, taskId)).status).toBe('completed');
  });

  it('tasks/cancel stops the work: an ack, then cancelled, the timers stopped, and no result ever', async () => {
    const p = start();
    const taskId = resultOf(await research(p, { steps: 20, stepMs: 200 })).taskId as string;
    expect(resultOf(await call(p, 'tasks/cancel', { taskId }))).toEqual({ resultType: 'complete', _meta: SERVER_INFO });
    await p.stderrMatch(new RegExp(`task ${taskId} stopped: task cancelled`));
    const cancelled = await get(p, taskId);
    expect(cancelled).toMatchObject({ status: 'cancelled', statusMessage: 'cancelled by request' });
    expect(cancelled).not.toHaveProperty('result');
    expect(cancelled).not.toHaveProperty('error');
  });

  it('a client that declared no elicitation gets a task that never waits, brief', async () => {
    const p = start();
    const noForms = meta({ extensions: { [TASKS]: {} } });
    const taskId = resultOf(await research(p, { steps: 2, stepMs: 50 }, noForms)).taskId as string;
    const seen: string[] = [];
    const done = await pollUntil(p, taskId, 'completed', seen);
    expect(seen).not.toContain('input_required');
    expect(done.result).toMatchObject({ structuredContent: { depth: 'brief', depthChosenBy: 'default' } });
  });

  it('without the extension declared on the request, the call runs plainly: input_required, then the retry finishes', async () => {
    const p = start();
    const plainMeta = meta({ elicitation: {} });
    const first = resultOf(await research(p, { topic: 'bats', steps: 2, stepMs: 20 }, plainMeta));
    expect(first.resultType).toBe('input_required');
    expect(first.inputRequests).toMatchObject({ depth: { method: 'elicitation/create' } });
    expect(typeof first.requestState).toBe('string');
    const retry = await call(
      p,
      'tools/call',
      {
        name: 'research',
        arguments: { topic: 'bats', steps: 2, stepMs: 20 },
        inputResponses: { depth: { action: 'accept', content: { depth: 'thorough' } } },
        requestState: first.requestState,
      },
      plainMeta,
    );
    expect(resultOf(retry)).toMatchObject({
      resultType: 'complete',
      structuredContent: { topic: 'bats', depth: 'thorough', depthChosenBy: 'client', steps: 2 },
    });
    const bare = resultOf(await research(p, { steps: 2, stepMs: 20 }, meta({})));
    expect(bare).toMatchObject({ resultType: 'complete', structuredContent: { depth: 'brief', depthChosenBy: 'default' } });
  });

  it('errors: unknown task -32602; tasks/result and tasks/list -32601; task methods without the extension -32021', async () => {
    const p = start();
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const error = errorOf(await call(p, method, { taskId: 'no-such-task', inputResponses: {} }));
      expect(error.code).toBe(-32602);
      expect(error.message).toContain('Task not found: "no-such-task"');
    }
    const taskId = resultOf(await research(p, { steps: 2, stepMs: 50 })).taskId as string;
    expect(errorOf(await call(p, 'tasks/result', { taskId })).code).toBe(-32601);
    expect(errorOf(await call(p, 'tasks/list', {})).code).toBe(-32601);
    const undeclared = errorOf(await call(p, 'tasks/get', { taskId }, meta({})));
    expect(undeclared.code).toBe(-32021);
    expect(undeclared.data).toEqual({ requiredCapabilities: { extensions: { [TASKS]: {} } } });
    // The old flow's opt-in means nothing here: params.task without the extension is a plain call.
    const old = resultOf(
      await call(p, 'tools/call', { name: 'research', arguments: { topic: 'x', steps: 1, stepMs: 10 }, task: {} }, meta({})),
    );
    expect(old.resultType).toBe('complete');
  });
});
