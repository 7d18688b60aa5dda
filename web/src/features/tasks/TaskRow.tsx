/** One task of `tasks/list`: its id, status, message, times and TTL, and Cancel while it runs. */
import { isTerminal, type TaskState } from '../../../../protocol/tasks.js';
import type { TaskCancel } from './useTaskCancel.js';

export function TaskRow({ task, canCancel, cancel }: { task: TaskState; canCancel: boolean; cancel: TaskCancel }) {
  const ttl = task.ttlMs === undefined ? 'not given' : task.ttlMs === null ? 'unlimited' : `${task.ttlMs} ms`;
  const state = cancel.state(task.taskId);
  return (
    <li className="task-row" data-testid="tasks-row" data-task={task.taskId}>
      <div className="row wrap">
        <code data-testid="tasks-row-id">{task.taskId}</code>
        <span className={`pill task-${task.status}`} data-testid="tasks-row-status">
          {task.status}
        </span>
        <span className="spacer" />
        {canCancel && !isTerminal(task.status) && (
          <button type="button" onClick={() => cancel.run(task.taskId)} disabled={state === 'sending'} data-testid="tasks-row-cancel">
            Cancel
          </button>
        )}
      </div>
      {task.statusMessage !== undefined && <p className="description">{task.statusMessage}</p>}
      <p className="status">
        created {task.createdAt ?? 'not given'} · updated {task.lastUpdatedAt ?? 'not given'} · ttl {ttl}
        {task.pollIntervalMs !== undefined && ` · poll every ${task.pollIntervalMs} ms`}
      </p>
      <CancelFailure state={state} />
    </li>
  );
}

/** What became of a cancel the user asked for, when it did not simply go. */
export function CancelFailure({ state }: { state: string | undefined }) {
  if (state === undefined || state === 'sending' || state === 'sent') return null;
  return (
    <p className="error" role="alert">
      tasks/cancel {state}
    </p>
  );
}
