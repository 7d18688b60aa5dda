/**
 * Cancelling a task from the Tasks panel: `tasks/cancel` on the connection's session, declaring
 * the extension where the revision asks for it, with what became of each cancel kept by task.
 */
import { useState } from 'react';
import { errorCodeName } from '../../../../protocol/jsonrpc.js';
import { taskRequestOptions } from '../../../../protocol/tasks.js';
import { useStore } from '../../session/StoreContext.js';

export interface TaskCancel {
  /** What the last cancel of a task came to: undefined while none, 'sending', 'sent' or the failure. */
  state: (taskId: string) => string | undefined;
  run: (taskId: string) => void;
}

export function useTaskCancel(conn: string, after: () => void): TaskCancel {
  const store = useStore();
  const [states, setStates] = useState<ReadonlyMap<string, string>>(new Map());
  const set = (taskId: string, value: string): void => setStates((m) => new Map(m).set(taskId, value));
  const run = (taskId: string): void => {
    const session = store.client(conn);
    if (!session) return set(taskId, 'the connection is not open');
    set(taskId, 'sending');
    void session.request('tasks/cancel', { taskId }, taskRequestOptions(session)).done.then((outcome) => {
      if (outcome.kind === 'result') set(taskId, 'sent');
      else if (outcome.kind === 'error')
        set(taskId, `refused: ${outcome.error.code} ${errorCodeName(outcome.error.code)}: ${outcome.error.message}`);
      else set(taskId, `failed: ${outcome.kind}`);
      after();
    });
  };
  return { state: (taskId) => states.get(taskId), run };
}
