/**
 * Running a request from a panel: the flow's framing, progress, cancel, and the questions a
 * server asks on the way (a stateless input_required round opens the same dialog as a
 * handshake elicitation/create). Each round's id is reported, so the UI can link and cancel.
 */
import type { ClientSession, Outcome, ProgressUpdate } from '../../../protocol/clientSession.js';
import type { JsonRpcId } from '../../../protocol/jsonrpc.js';
import { INPUT_REQUIRED_METHODS } from '../../../protocol/flows.js';
import { answerInputRequests } from '../../../protocol/answers.js';
import type { QuestionQueue } from './questions.js';
import { outcomeOfTask, runTask, type TaskState } from '../../../protocol/tasks.js';

export interface RunOptions {
  timeoutMs?: number;
  onProgress?: (update: ProgressUpdate) => void;
  onRound?: (round: number, id: JsonRpcId) => void;
}

export interface RunHandle {
  done: Promise<Outcome>;
  cancel: () => void;
}

/** An input_required round's questions, put to the user in the question dialog. */
function askTheUser(session: ClientSession, questions: QuestionQueue, conn: string) {
  return (inputRequests: Record<string, unknown>) =>
    answerInputRequests(inputRequests, (method, asked) => questions.ask(conn, method, asked, 'input-required', session.capabilities));
}

export function runRequest(
  session: ClientSession,
  questions: QuestionQueue,
  conn: string,
  method: string,
  params: Record<string, unknown> | undefined,
  options: RunOptions = {},
): RunHandle {
  let current: JsonRpcId | undefined;
  const requestOptions = {
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };
  if (session.flow === 'stateless' && INPUT_REQUIRED_METHODS.has(method) && params !== undefined) {
    const done = session.requestWithInput(method, params, askTheUser(session, questions, conn), requestOptions, (round, id) => {
      current = id;
      options.onRound?.(round, id);
    });
    return { done, cancel: () => current !== undefined && session.cancel(current) };
  }
  const { id, done } = session.request(method, params, requestOptions);
  current = id;
  options.onRound?.(1, id);
  return { done, cancel: () => session.cancel(id) };
}

export interface TaskRunOptions extends RunOptions {
  /** Every status the task is seen in (created, polled, pushed, cancelled). */
  onTask?: (task: TaskState) => void;
}

/**
 * A tools/call run as a task: each request of the task (the call, every poll, update and
 * cancel) is a round, so the result's exact lines and the timeline link to all of them; the
 * outcome is the task's final answer, as a plain call's would be.
 */
export function runTaskRequest(
  session: ClientSession,
  questions: QuestionQueue,
  conn: string,
  method: string,
  params: Record<string, unknown>,
  options: TaskRunOptions = {},
): RunHandle {
  let last: JsonRpcId = 0;
  let answeredBy: JsonRpcId | undefined;
  const run = runTask(session, method, params, {
    answer: askTheUser(session, questions, conn),
    request: options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
    onStep: (step) => {
      if (step.kind === 'request') {
        last = step.id;
        if (step.role === 'result' || step.role === 'poll') answeredBy = step.id;
        options.onRound?.(0, step.id);
      } else options.onTask?.(step.task);
    },
  });
  const done = run.done.then((ended) => outcomeOfTask(ended, answeredBy ?? last));
  return { done, cancel: () => run.cancel() };
}
