// Tasks on the stateless flow, as the 2026-07-28 Tasks extension (`io.modelcontextprotocol/tasks`,
// SEP-2663) has them.
//
// - `server/discover` lists the extension in `capabilities.extensions`.
// - A `tools/call` of research whose own `clientCapabilities` declare the extension answers at
//   once with the task, flat (`resultType: "task"`). Without the declaration on that request the
//   call goes to the SDK and runs as a plain call: a task is never returned to a client that did
//   not ask for one on that request.
// - `tasks/get` answers the task with what its status carries (`inputRequests` while it waits,
//   `result` once completed, `error` once failed); `tasks/update` hands over `inputResponses`
//   and `tasks/cancel` asks the task to stop, both with an empty ack. All three need the
//   extension declared on the request (-32021 otherwise), as the extension says.
// - `tasks/result` and `tasks/list` do not exist in this flow: they go to the SDK, which answers
//   -32601 like for any unknown method. No server request is ever sent: questions wait in the task.
//
// Every result here carries what the revision asks of results, as the SDK stamps its own:
// `resultType` and the server's identity in `_meta`.

import { CLIENT_CAPABILITIES_META_KEY, SERVER_INFO_META_KEY, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/server';

import { SERVER_NAME, SERVER_TITLE, SERVER_VERSION } from './info.js';
import { canAskForm, firstStepMessage, parseResearchArgs, RESEARCH_TOOL, researchJob } from './research.js';
import { DEFAULT_TTL_MS, isTerminal, TaskRunner, type TaskState } from './taskRunner.js';
import {
  failure,
  idKey,
  MISSING_REQUIRED_CLIENT_CAPABILITY,
  record,
  requestOf,
  result,
  taskNotFound,
  TASKS_EXTENSION,
  type ClientRequest,
  type Send,
  type TaskLayer,
} from './taskWire.js';

const SERVER_INFO = { name: SERVER_NAME, title: SERVER_TITLE, version: SERVER_VERSION };

/** A result of this flow: the discriminator first, the server's identity last, as the SDK writes them. */
function stamped(resultType: 'complete' | 'task', fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { resultType, ...fields, _meta: { [SERVER_INFO_META_KEY]: SERVER_INFO } };
}

/** A task as the extension states it (`Task`), flat. */
function taskShape(task: Readonly<TaskState>): Record<string, unknown> {
  return {
    taskId: task.taskId,
    status: task.status,
    statusMessage: task.statusMessage,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
  };
}

/** The `DetailedTask` of `tasks/get`: the task and what its status carries. */
function detailedShape(task: Readonly<TaskState>): Record<string, unknown> {
  const shape = taskShape(task);
  if (task.status === 'input_required' && task.question) {
    shape.inputRequests = { [task.question.key]: { method: 'elicitation/create', params: task.question.params } };
  }
  if (task.status === 'completed' && task.result) shape.result = task.result;
  if (task.status === 'failed' && task.error) shape.error = task.error;
  return shape;
}

export class StatelessTasks implements TaskLayer {
  // A task is only what tasks/get reads: nothing is pushed, so a change needs no message.
  private readonly runner = new TaskRunner({ changed: () => undefined, expired: () => undefined });
  /** `server/discover` requests whose SDK result gains the extension, by id. */
  private readonly discovering = new Set<string>();

  constructor(private readonly send: Send) {}

  take(message: JSONRPCMessage): JSONRPCMessage | undefined {
    const request = requestOf(message);
    if (!request) return message;
    switch (request.method) {
      case 'server/discover':
        this.discovering.add(idKey(request.id));
        return message;
      case 'tools/call':
        return this.call(request) ? undefined : message;
      case 'tasks/get':
      case 'tasks/update':
      case 'tasks/cancel':
        // A request with no capabilities at all is the SDK's to refuse (-32602, the envelope).
        if (!(CLIENT_CAPABILITIES_META_KEY in record(request.params._meta))) return message;
        this.task(request);
        return undefined;
      default:
        return message;
    }
  }

  patch(id: RequestId, value: Record<string, unknown>): Record<string, unknown> {
    if (!this.discovering.delete(idKey(id))) return value;
    const capabilities = record(value.capabilities);
    const extensions = { ...record(capabilities.extensions), [TASKS_EXTENSION]: {} };
    return { ...value, capabilities: { ...capabilities, extensions } };
  }

  close(): void {
    this.runner.close();
  }

  /** Starts research as a task when the request asks for tasks; false: the SDK serves the call. */
  private call(request: ClientRequest): boolean {
    if (request.params.name !== RESEARCH_TOOL || !declaresTasks(request.params)) return false;
    // Arguments the tool refuses get the SDK's own answer (isError), as a plain call would.
    const args = parseResearchArgs(request.params.arguments);
    if (!args) return false;
    const canAsk = canAskForm(capabilitiesOf(request.params));
    // The extension has no way for a client to ask for a lifetime: the server picks it.
    const task = this.runner.start(researchJob(args, canAsk), DEFAULT_TTL_MS, firstStepMessage(args));
    this.send(result(request.id, stamped('task', taskShape(task))));
    return true;
  }

  private task(request: ClientRequest): void {
    if (!declaresTasks(request.params)) {
      const required = { extensions: { [TASKS_EXTENSION]: {} } };
      return this.send(
        failure(
          request.id,
          MISSING_REQUIRED_CLIENT_CAPABILITY,
          `${request.method} needs the ${TASKS_EXTENSION} extension declared in the request's clientCapabilities`,
          {
            requiredCapabilities: required,
          },
        ),
      );
    }
    const taskId = request.params.taskId;
    const task = typeof taskId === 'string' ? this.runner.get(taskId) : undefined;
    if (!task) return this.send(taskNotFound(request.id, taskId));
    switch (request.method) {
      case 'tasks/get':
        return this.send(result(request.id, stamped('complete', detailedShape(task))));
      case 'tasks/update': {
        // Answers to keys the task does not wait on are ignored, as the extension asks.
        const responses = record(request.params.inputResponses);
        const key = task.question?.key;
        if (key !== undefined && key in responses) this.runner.answer(task.taskId, key, responses[key]);
        return this.send(result(request.id, stamped('complete')));
      }
      default:
        // Cancelling a task that already ended is acknowledged too: it changes nothing.
        if (!isTerminal(task.status)) this.runner.cancel(task.taskId);
        return this.send(result(request.id, stamped('complete')));
    }
  }
}

function capabilitiesOf(params: Record<string, unknown>): Record<string, unknown> {
  return record(record(params._meta)[CLIENT_CAPABILITIES_META_KEY]);
}

/** Whether this request's own capabilities declare the tasks extension. */
function declaresTasks(params: Record<string, unknown>): boolean {
  return TASKS_EXTENSION in record(capabilitiesOf(params).extensions);
}
