import type { TaskState } from '../../../../protocol/tasks.js';
import { isTerminal } from '../../../../protocol/tasks.js';

/**
 * A call run as a task: its id, status and the server's status message, its lifetime, and (while
 * it runs) Cancel, which sends tasks/cancel. Every string is the server's: shown as text only.
 */
export function TaskCard({ task, running, onCancel }: { task: TaskState; running: boolean; onCancel: () => void }) {
  const ttl = task.ttlMs === undefined ? 'not given' : task.ttlMs === null ? 'unlimited' : `${task.ttlMs} ms`;
  return (
    <section className="task-card" aria-label="Task" data-testid="task-card">
      <div className="row">
        <strong>Task</strong>
        <code className="status" data-testid="task-id">
          {task.taskId}
        </code>
        <span className={`pill task-${task.status}`} role="status" data-testid="task-status">
          {task.status}
        </span>
        {running && !isTerminal(task.status) && (
          <button type="button" onClick={onCancel} data-testid="task-cancel">
            Cancel task
          </button>
        )}
      </div>
      {task.statusMessage !== undefined && (
        <p className="description" data-testid="task-message">
          {task.statusMessage}
        </p>
      )}
      <p className="status">
        ttl {ttl}
        {task.pollIntervalMs !== undefined && ` · polled every ${task.pollIntervalMs} ms`}
        {task.lastUpdatedAt !== undefined && ` · updated ${task.lastUpdatedAt}`}
      </p>
    </section>
  );
}
