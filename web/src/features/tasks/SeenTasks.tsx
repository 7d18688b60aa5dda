/**
 * The tasks this session saw on a connection's wire (the timeline's model): what a client of
 * the 2026-07-28 extension can know of its tasks, and a record beside the server's list in
 * 2025-11-25. Open ones can be cancelled.
 */
import type { TimelineTask } from '../../../../protocol/timeline/contract.js';
import { isTerminal } from '../../../../protocol/tasks.js';
import { formatDuration, formatTime } from '../timeline/format.js';
import type { TaskCancel } from './useTaskCancel.js';
import { CancelFailure } from './TaskRow.js';

export function SeenTasks({ tasks, canCancel, cancel }: { tasks: readonly TimelineTask[]; canCancel: boolean; cancel: TaskCancel }) {
  return (
    <section aria-label="Tasks seen on the wire" className="list-section" data-testid="seen-tasks">
      <h3 className="list-title">Created in this session</h3>
      {tasks.length === 0 && <p className="status">No task on this connection yet: run a tool as a task to see one here.</p>}
      <ul className="item-list">
        {tasks.map((task) => {
          const state = cancel.state(task.taskId);
          return (
            <li key={task.taskId} className="task-row" data-testid="seen-task" data-task={task.taskId}>
              <div className="row wrap">
                <code>{task.taskId}</code>
                <span className={`pill task-${task.status}`} data-testid="seen-task-status">
                  {task.status || 'unknown'}
                </span>
                <span className="spacer" />
                {canCancel && task.t1 === undefined && !isTerminal(task.status) && (
                  <button
                    type="button"
                    onClick={() => cancel.run(task.taskId)}
                    disabled={state === 'sending'}
                    data-testid="seen-task-cancel"
                  >
                    Cancel
                  </button>
                )}
              </div>
              {task.statusMessage !== undefined && <p className="description">{task.statusMessage}</p>}
              <p className="status">
                {task.method ?? 'created before this view'} at {formatTime(task.t0)} ·{' '}
                {task.t1 === undefined ? 'still open' : `ended after ${formatDuration(task.t1 - task.t0) || '0 ms'}`} · {task.pollCount}{' '}
                poll
                {task.pollCount === 1 ? '' : 's'} · {task.rounds.length} input round{task.rounds.length === 1 ? '' : 's'} ·{' '}
                {task.statuses.join(' → ')}
              </p>
              <CancelFailure state={state} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
