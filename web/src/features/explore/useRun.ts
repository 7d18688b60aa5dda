/**
 * One request run from a panel: a mutation whose state survives re-renders, with progress,
 * every round's id (for the exact lines), and cancel. Raw lines go out exactly as typed and
 * their answer is read back from the session model.
 */
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Outcome, ProgressUpdate } from '../../../../protocol/clientSession.js';
import type { JsonRpcId } from '../../../../protocol/jsonrpc.js';
import { runRequest, type RunHandle } from '../../session/requests.js';
import { useStore } from '../../session/StoreContext.js';
import { rawOutcome, rawRequestId } from './rawOutcome.js';

export interface RunResult {
  outcome: Outcome;
  ids: JsonRpcId[];
}

/** The last result per connection, method and target, so it is still there after switching panels. */
const lastResults = new Map<string, RunResult>();

export function useRun(conn: string, method: string, target = '') {
  const memoKey = `${conn}\u0000${method}\u0000${target}`;
  const store = useStore();
  const [progress, setProgress] = useState<ProgressUpdate | undefined>();
  const [ids, setIds] = useState<JsonRpcId[]>([]);
  const [rawId, setRawId] = useState<JsonRpcId | undefined>();
  const [rawSent, setRawSent] = useState<string | undefined>();
  const handle = useRef<RunHandle | undefined>(undefined);
  const [timeoutMs, setTimeoutMs] = useState(60_000);

  const mutation = useMutation({
    mutationKey: [method, conn],
    mutationFn: async ({ params, timeoutMs }: { params: Record<string, unknown> | undefined; timeoutMs: number }): Promise<RunResult> => {
      const session = store.client(conn);
      if (!session) throw new Error('the connection is not open');
      const rounds: JsonRpcId[] = [];
      setProgress(undefined);
      setIds([]);
      setRawId(undefined);
      setRawSent(undefined);
      const run = runRequest(session, store.questions, conn, method, params, {
        timeoutMs,
        onProgress: setProgress,
        onRound: (_round, id) => {
          rounds.push(id);
          setIds([...rounds]);
        },
      });
      handle.current = run;
      const outcome = await run.done;
      handle.current = undefined;
      lastResults.set(memoKey, { outcome, ids: rounds });
      return { outcome, ids: rounds };
    },
  });

  const sendRaw = (text: string): void => {
    mutation.reset();
    setRawSent(text);
    setRawId(rawRequestId(text));
    store.sendRaw(conn, text);
  };

  const raw = rawId === undefined ? undefined : rawOutcome(store.model, conn, rawId);
  // One run at a time per panel: a second submit before the first has re-rendered the Send
  // button as disabled (a quick double Enter) must not send the request again.
  const inFlight = useRef(false);
  return {
    run: (params: Record<string, unknown> | undefined) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutation.mutate({ params, timeoutMs }, { onSettled: () => (inFlight.current = false) });
    },
    sendRaw,
    cancel: () => handle.current?.cancel(),
    running: mutation.isPending,
    timeoutMs,
    setTimeoutMs,
    progress,
    liveIds: ids,
    result:
      mutation.data ??
      (raw && rawId !== undefined ? { outcome: raw, ids: [rawId] } : rawSent === undefined ? lastResults.get(memoKey) : undefined),
    rawSent,
    rawId,
    error: mutation.error,
  };
}
