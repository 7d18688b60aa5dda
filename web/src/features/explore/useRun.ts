/**
 * One request run from a panel, kept in runRegistry.ts so that it outlives the panel: progress,
 * every round's id (for the exact lines), cancel and the last result are there again when the
 * panel is opened again mid-call. Raw lines go out exactly as typed and their answer is read back
 * from the session model.
 */
import { useState, useSyncExternalStore } from 'react';
import type { JsonRpcId } from '../../../../protocol/jsonrpc.js';
import { runRequest, runTaskRequest } from '../../session/requests.js';
import { useStore } from '../../session/StoreContext.js';
import { rawOutcome, rawRequestId } from './rawOutcome.js';
import { cancelRun, clearResult, runKey, runSlot, startRun, subscribeRuns, type RunResult } from './runRegistry.js';

export type { RunResult } from './runRegistry.js';

export function useRun(conn: string, method: string, target = '') {
  const key = runKey(conn, method, target);
  const store = useStore();
  const slot = useSyncExternalStore(subscribeRuns, () => runSlot(key));
  const [rawId, setRawId] = useState<JsonRpcId | undefined>();
  const [rawSent, setRawSent] = useState<string | undefined>();
  const [timeoutMs, setTimeoutMs] = useState(60_000);

  /** `asTask`: send it task-augmented and follow the task to its end (tools/call). */
  const run = (params: Record<string, unknown> | undefined, asTask = false): void => {
    setRawId(undefined);
    setRawSent(undefined);
    startRun(key, ({ onProgress, onRound, onTask }) => {
      const session = store.client(conn);
      if (!session) return new Error('the connection is not open');
      const options = { timeoutMs, onProgress, onRound: (_round: number, id: JsonRpcId) => onRound(id) };
      return asTask && params !== undefined
        ? runTaskRequest(session, store.questions, conn, method, params, { ...options, onTask })
        : runRequest(session, store.questions, conn, method, params, options);
    });
  };

  const sendRaw = (text: string): void => {
    clearResult(key);
    setRawSent(text);
    setRawId(rawRequestId(text));
    store.sendRaw(conn, text);
  };

  const raw = rawId === undefined ? undefined : rawOutcome(store.model, conn, rawId);
  const result: RunResult | undefined =
    rawSent === undefined ? slot.result : raw && rawId !== undefined ? { outcome: raw, ids: [rawId] } : undefined;
  return {
    run,
    sendRaw,
    cancel: () => cancelRun(key),
    running: slot.running,
    timeoutMs,
    setTimeoutMs,
    progress: slot.progress,
    liveIds: slot.ids,
    result,
    task: slot.task,
    rawSent,
    rawId,
    error: slot.error,
  };
}
