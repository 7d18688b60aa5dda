/**
 * Judges structuredContent off the page's main thread: the schema and the value both come from
 * the server, and however the check goes, the page keeps answering (verdictClient.ts stops this
 * worker when a check runs past its bound).
 */
import { judge } from './verdict.js';

interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<{ id: number; value: unknown; schema: unknown }>) => void) | null;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => {
  const { id, value, schema } = event.data;
  let verdict;
  try {
    verdict = judge(value, schema);
  } catch (error) {
    verdict = { kind: 'unusable', reason: error instanceof Error ? error.message.split('\n')[0] : 'the check failed' };
  }
  scope.postMessage({ id, verdict });
};
