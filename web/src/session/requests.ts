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

export interface RunOptions {
  timeoutMs?: number;
  onProgress?: (update: ProgressUpdate) => void;
  onRound?: (round: number, id: JsonRpcId) => void;
}

export interface RunHandle {
  done: Promise<Outcome>;
  cancel: () => void;
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
    const done = session.requestWithInput(
      method,
      params,
      (inputRequests) =>
        answerInputRequests(inputRequests, (method, asked) => questions.ask(conn, method, asked, 'input-required', session.capabilities)),
      requestOptions,
      (round, id) => {
        current = id;
        options.onRound?.(round, id);
      },
    );
    return { done, cancel: () => current !== undefined && session.cancel(current) };
  }
  const { id, done } = session.request(method, params, requestOptions);
  current = id;
  options.onRound?.(1, id);
  return { done, cancel: () => session.cancel(id) };
}
