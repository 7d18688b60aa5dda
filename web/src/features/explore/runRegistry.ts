/**
 * The runs of the panels, kept outside the components: a panel left mid-call (another tab, another
 * panel) and opened again shows the same call still running, with its progress and Cancel, and
 * then its result. One slot per connection, method and target; one run at a time in each.
 */
import type { Outcome, ProgressUpdate } from '../../../../protocol/clientSession.js';
import type { JsonRpcId } from '../../../../protocol/jsonrpc.js';
import type { RunHandle } from '../../session/requests.js';
import type { TaskState } from '../../../../protocol/tasks.js';

export interface RunResult {
  outcome: Outcome;
  ids: JsonRpcId[];
}

export interface RunSlot {
  running: boolean;
  progress: ProgressUpdate | undefined;
  /** The rounds sent so far by the running call. */
  ids: JsonRpcId[];
  /** The last finished call's outcome. */
  result: RunResult | undefined;
  error: Error | undefined;
  /** A call run as a task: the task as last seen (kept after the run, for its card). */
  task: TaskState | undefined;
}

const EMPTY: RunSlot = { running: false, progress: undefined, ids: [], result: undefined, error: undefined, task: undefined };
const slots = new Map<string, RunSlot>();
const handles = new Map<string, RunHandle>();
const listeners = new Set<() => void>();

export const runKey = (conn: string, method: string, target: string): string => `${conn}\u0000${method}\u0000${target}`;

export function subscribeRuns(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function runSlot(key: string): RunSlot {
  return slots.get(key) ?? EMPTY;
}

function update(key: string, patch: Partial<RunSlot>): void {
  slots.set(key, { ...runSlot(key), ...patch });
  for (const listener of listeners) listener();
}

/**
 * Starts a run in the slot unless one is running there (a quick double Enter sends once).
 * `start` sends the request, reporting progress and rounds through the hooks it is given.
 */
export function startRun(
  key: string,
  start: (hooks: {
    onProgress: (update: ProgressUpdate) => void;
    onRound: (id: JsonRpcId) => void;
    onTask: (task: TaskState) => void;
  }) => RunHandle | Error,
): void {
  if (runSlot(key).running) return;
  const rounds: JsonRpcId[] = [];
  update(key, { running: true, progress: undefined, ids: [], error: undefined, task: undefined });
  const handle = start({
    onProgress: (progress) => update(key, { progress }),
    onTask: (task) => update(key, { task }),
    onRound: (id) => {
      rounds.push(id);
      update(key, { ids: [...rounds] });
    },
  });
  if (handle instanceof Error) {
    update(key, { running: false, error: handle });
    return;
  }
  handles.set(key, handle);
  handle.done.then(
    (outcome) => {
      handles.delete(key);
      update(key, { running: false, result: { outcome, ids: rounds } });
    },
    (error: unknown) => {
      handles.delete(key);
      update(key, { running: false, error: error instanceof Error ? error : new Error(String(error)) });
    },
  );
}

export function cancelRun(key: string): void {
  handles.get(key)?.cancel();
}

/** A raw line sent from the panel replaces what the slot showed. */
export function clearResult(key: string): void {
  if (runSlot(key).result !== undefined || runSlot(key).error !== undefined) update(key, { result: undefined, error: undefined });
}
