/**
 * The waterfall's tasks as text: a canvas says nothing to a screen reader, so each task drawn is
 * also a button here (visually hidden) that selects its creating row, with its span, polls and
 * input rounds in words. The hover tip for a task's bar is here too. Task ids and statuses are
 * the server's: text only.
 */
import type { TimelineTask } from '../../../../protocol/timeline/contract.js';
import { formatDuration } from './format.js';

export function taskSentence(task: TimelineTask): string {
  const span = task.t1 === undefined ? 'still open' : `${task.status} after ${formatDuration(task.t1 - task.t0) || '0 ms'}`;
  const rounds = task.rounds.length;
  return `task ${task.taskId}: ${span}, ${task.pollCount} poll${task.pollCount === 1 ? '' : 's'}, ${rounds} input round${rounds === 1 ? '' : 's'}`;
}

export function WaterfallTaskList({
  tasks,
  selected,
  onSelect,
}: {
  tasks: readonly TimelineTask[];
  selected: number | undefined;
  onSelect: (row: number) => void;
}) {
  return (
    <ul className="visually-hidden" aria-label="Tasks on the time axis" data-testid="waterfall-tasks">
      {tasks.map((task) => (
        <li
          key={`${task.conn ?? ''}:${task.taskId}`}
          data-testid="waterfall-task"
          data-task={task.taskId}
          data-conn={task.conn ?? ''}
          data-status={task.status}
          data-open={task.t1 === undefined}
          data-polls={task.pollCount}
          data-rounds={task.rounds.length}
          data-row={task.row}
          data-t0={task.t0}
          data-t1={task.t1 ?? ''}
        >
          <button type="button" aria-pressed={selected === task.row} onClick={() => onSelect(task.row)}>
            {taskSentence(task)}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function TaskTip({ task, left, top }: { task: TimelineTask; left: number; top: number }) {
  return (
    <div className="tl-tip" style={{ left, top }} role="tooltip" data-testid="waterfall-task-tip">
      <strong>task {task.taskId}</strong> {task.statuses.join(' → ')}
      <br />
      {taskSentence(task)}
    </div>
  );
}
