// Tasks on the handshake flow, as 2025-11-25 has them (experimental, in the core protocol).
//
// - `initialize`: when the conversation settles on 2025-11-25 (the first revision with tasks),
//   the result gains `capabilities.tasks` (list, cancel, task-augmented tools/call), and
//   `tools/list` marks research `execution.taskSupport: "optional"`. Earlier revisions get neither.
// - `tools/call` with `params.task` on research answers at once with `{task}`; on another tool
//   with -32601 (their taskSupport is the default, forbidden). A call without `params.task` goes
//   to the SDK, which runs research as a plain call.
// - `tasks/get`, `tasks/list`, `tasks/cancel` answer with the task(s); `tasks/result` waits for
//   the end and answers what the call would have (the tool's result tagged with the task, or the
//   error); `notifications/tasks/status` follows every change of status.
// - The question: the spec has the client call `tasks/result` on seeing `input_required`, "to
//   receive input requests", so `elicitation/create` (tagged with the task) goes out once the
//   task waits and a `tasks/result` for it is open, whichever comes second. Its id is the
//   layer's own (a string the SDK's numbered requests never use) and the client's answer comes
//   back here, never to the SDK. A client that declared no form elicitation is never asked.

import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/server';

import { canAskForm, firstStepMessage, parseResearchArgs, RESEARCH_TOOL, researchJob } from './research.js';
import { grantedTtl, isTerminal, TaskRunner, type TaskState } from './taskRunner.js';
import {
  failure,
  idKey,
  INVALID_PARAMS,
  METHOD_NOT_FOUND,
  record,
  RELATED_TASK_META_KEY,
  requestOf,
  result,
  taskNotFound,
  type ClientRequest,
  type Send,
  type TaskLayer,
} from './taskWire.js';

const TASKS_REVISION = '2025-11-25';
/** The layer's own request ids start so; the SDK numbers its requests. */
const QUESTION_ID_PREFIX = 'task-question-';
const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/** A task as 2025-11-25 states it (`Task`): no question, result or error, which travel elsewhere. */
function taskShape(task: Readonly<TaskState>): Record<string, unknown> {
  return {
    taskId: task.taskId,
    status: task.status,
    statusMessage: task.statusMessage,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttl: task.ttlMs,
    pollInterval: task.pollIntervalMs,
  };
}

export class HandshakeTasks implements TaskLayer {
  private readonly runner = new TaskRunner({ changed: (task, moved) => this.changed(task, moved), expired: (task) => this.expired(task) });
  /** The conversation speaks 2025-11-25, so tasks exist on it. */
  private enabled = false;
  /** The client declared form elicitation in `initialize`. */
  private canAsk = false;
  /** Requests whose SDK result this layer adds to, by id. */
  private readonly noted = new Map<string, 'initialize' | 'tools/list'>();
  /** Open `tasks/result` requests, by task. */
  private readonly waiting = new Map<string, RequestId[]>();
  /** Questions sent and not yet answered: the layer's request id → the task. */
  private readonly asked = new Map<string, string>();
  private sequence = 0;

  constructor(private readonly send: Send) {}

  take(message: JSONRPCMessage): JSONRPCMessage | undefined {
    if (!('method' in message)) return this.answered(message) ? undefined : message;
    const request = requestOf(message);
    if (!request) return this.notified(message) ? undefined : message;
    switch (request.method) {
      case 'initialize':
        this.canAsk = canAskForm(record(request.params.capabilities));
        this.noted.set(idKey(request.id), 'initialize');
        return message;
      case 'tools/list':
        if (this.enabled) this.noted.set(idKey(request.id), 'tools/list');
        return message;
      case 'tools/call':
        return this.call(request, message);
      case 'tasks/get':
      case 'tasks/result':
      case 'tasks/list':
      case 'tasks/cancel':
        // Before 2025-11-25 is agreed these are nobody's methods: the SDK says so.
        if (!this.enabled) return message;
        this.task(request);
        return undefined;
      default:
        return message;
    }
  }

  patch(id: RequestId, value: Record<string, unknown>): Record<string, unknown> {
    const kind = this.noted.get(idKey(id));
    if (kind === undefined) return value;
    this.noted.delete(idKey(id));
    if (kind === 'initialize') {
      this.enabled = value.protocolVersion === TASKS_REVISION;
      if (!this.enabled) return value;
      return { ...value, capabilities: { ...record(value.capabilities), tasks: TASKS_CAPABILITY } };
    }
    if (!Array.isArray(value.tools)) return value;
    const tools = value.tools.map((tool: unknown) => {
      const t = record(tool);
      return t.name === RESEARCH_TOOL ? { ...t, execution: { ...record(t.execution), taskSupport: 'optional' } } : tool;
    });
    return { ...value, tools };
  }

  close(): void {
    this.runner.close();
  }

  private call(request: ClientRequest, message: JSONRPCMessage): JSONRPCMessage | undefined {
    const augmentation = request.params.task;
    if (!this.enabled || augmentation === undefined) return message;
    const name = request.params.name;
    if (name !== RESEARCH_TOOL) {
      this.send(
        failure(
          request.id,
          METHOD_NOT_FOUND,
          `Tool ${JSON.stringify(name)} does not support task-augmented calls (no execution.taskSupport)`,
        ),
      );
      return undefined;
    }
    const args = parseResearchArgs(request.params.arguments);
    if (!args) {
      // No task for arguments the tool refuses: the SDK answers as for a plain call (isError).
      const { task: _task, ...params } = request.params;
      return { ...message, params } as JSONRPCMessage;
    }
    const task = this.runner.start(researchJob(args, this.canAsk), grantedTtl(record(augmentation).ttl), firstStepMessage(args));
    this.send(result(request.id, { task: taskShape(task) }));
    return undefined;
  }

  private task(request: ClientRequest): void {
    if (request.method === 'tasks/list') {
      // One page holds every task, so no cursor was ever given out: any cursor is not one of ours.
      if (request.params.cursor !== undefined)
        return this.send(failure(request.id, INVALID_PARAMS, 'Invalid cursor: tasks/list has one page'));
      return this.send(result(request.id, { tasks: this.runner.list().map(taskShape) }));
    }
    const taskId = request.params.taskId;
    const task = typeof taskId === 'string' ? this.runner.get(taskId) : undefined;
    if (!task) return this.send(taskNotFound(request.id, taskId));
    switch (request.method) {
      case 'tasks/get':
        return this.send(result(request.id, taskShape(task)));
      case 'tasks/cancel':
        if (isTerminal(task.status)) {
          return this.send(failure(request.id, INVALID_PARAMS, `Cannot cancel task: already in terminal status '${task.status}'`));
        }
        this.runner.cancel(task.taskId);
        return this.send(result(request.id, taskShape(task)));
      default:
        if (isTerminal(task.status)) return this.send(this.outcome(request.id, task));
        this.waiting.set(task.taskId, [...(this.waiting.get(task.taskId) ?? []), request.id]);
        this.ask(task);
    }
  }

  /** What `tasks/result` answers for a task that ended. */
  private outcome(id: RequestId, task: Readonly<TaskState>): JSONRPCMessage {
    if (task.result) {
      const meta = { ...record(task.result._meta), [RELATED_TASK_META_KEY]: { taskId: task.taskId } };
      return result(id, { ...task.result, _meta: meta });
    }
    if (task.error) return failure(id, task.error.code, task.error.message);
    return failure(id, INVALID_PARAMS, `Task ${task.taskId} was cancelled: it has no result`);
  }

  /** Sends the task's question, once, when it waits on one and a `tasks/result` is open for it. */
  private ask(task: Readonly<TaskState>): void {
    const open = this.waiting.get(task.taskId);
    if (task.status !== 'input_required' || !task.question || !open?.length) return;
    if ([...this.asked.values()].includes(task.taskId)) return;
    this.sequence += 1;
    const id = `${QUESTION_ID_PREFIX}${this.sequence}`;
    this.asked.set(idKey(id), task.taskId);
    const params = { ...task.question.params, _meta: { [RELATED_TASK_META_KEY]: { taskId: task.taskId } } };
    // Sent in the context of the open tasks/result (stdio has one stream; HTTP would pick it).
    this.send({ jsonrpc: '2.0', id, method: 'elicitation/create', params }, { relatedRequestId: open[0] });
  }

  /**
   * The client's answer to one of the layer's questions: true when it was one, so the SDK never
   * sees it, even late (after the task ended and the question was withdrawn).
   */
  private answered(message: JSONRPCMessage): boolean {
    if (!('id' in message) || typeof message.id !== 'string' || !message.id.startsWith(QUESTION_ID_PREFIX)) return false;
    const taskId = this.asked.get(idKey(message.id));
    if (taskId === undefined) return true;
    this.asked.delete(idKey(message.id));
    const task = this.runner.get(taskId);
    // An error for an answer: the question goes unanswered, and the job takes its default.
    const response = 'result' in message ? message.result : undefined;
    if (task?.question) this.runner.answer(taskId, task.question.key, response);
    return true;
  }

  /** A cancellation of an open `tasks/result`: it gets no answer. True when it was one. */
  private notified(message: JSONRPCMessage): boolean {
    if (!('method' in message) || message.method !== 'notifications/cancelled') return false;
    const requestId = record(message.params).requestId;
    for (const [taskId, open] of this.waiting) {
      const left = open.filter((id) => id !== requestId);
      if (left.length === open.length) continue;
      if (left.length > 0) this.waiting.set(taskId, left);
      else this.waiting.delete(taskId);
      return true;
    }
    return false;
  }

  private changed(task: Readonly<TaskState>, moved: boolean): void {
    if (!moved) return;
    this.send({ jsonrpc: '2.0', method: 'notifications/tasks/status', params: taskShape(task) });
    if (task.status === 'input_required') this.ask(task);
    if (isTerminal(task.status)) this.ended(task.taskId, (id) => this.outcome(id, task));
  }

  private expired(task: Readonly<TaskState>): void {
    this.ended(task.taskId, (id) => failure(id, INVALID_PARAMS, `Task ${task.taskId} has expired (its ttl of ${task.ttlMs} ms ran out)`));
  }

  /** Answers the open `tasks/result` requests of a task that ended, and withdraws its question. */
  private ended(taskId: string, answer: (id: RequestId) => JSONRPCMessage): void {
    for (const id of this.waiting.get(taskId) ?? []) this.send(answer(id));
    this.waiting.delete(taskId);
    for (const [key, asking] of this.asked) {
      if (asking !== taskId) continue;
      this.asked.delete(key);
      const requestId = JSON.parse(key) as RequestId;
      this.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'the task ended' } });
    }
  }
}
