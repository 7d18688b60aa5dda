/**
 * The task a row belongs to, in the row's detail: its id, status and statuses seen, its span,
 * its input rounds, and every poll as a link that selects the poll's row. The id, statuses and
 * message are the server's words: rendered as text.
 */
import type { TimelineTask } from '../../../../protocol/timeline/contract.js';
import { formatDuration, formatTime } from './format.js';

/** Polls listed before "and N more": a long task is polled thousands of times. */
const POLLS_SHOWN = 200;

export function TaskDetail({ task, row, onPickRow }: { task: TimelineTask; row: number; onPickRow: (row: number) => void }) {
  const span = task.t1 === undefined ? undefined : formatDuration(task.t1 - task.t0) || '0 ms';
  const unlisted = task.pollCount - Math.min(task.polls.length, POLLS_SHOWN);
  return (
    <section className="tl-task" aria-label="Task" data-testid="detail-task" data-task={task.taskId}>
      <dl className="tl-facts">
        <dt>task</dt>
        <dd>
          <code data-testid="detail-task-id">{task.taskId}</code>{' '}
          <span className={`pill task-${task.status}`} data-testid="detail-task-status">
            {task.status || 'unknown'}
          </span>
        </dd>
        {task.statusMessage !== undefined && (
          <>
            <dt>message</dt>
            <dd>{task.statusMessage}</dd>
          </>
        )}
        <dt>statuses</dt>
        <dd data-testid="detail-task-statuses">{task.statuses.join(' → ') || 'none seen'}</dd>
        <dt>created</dt>
        <dd>
          {task.row === row ? (
            'by this row'
          ) : (
            <button type="button" className="link" onClick={() => onPickRow(task.row)} data-testid="detail-task-origin">
              {task.method ? `${task.method}, row ${task.row}` : `first seen at row ${task.row}`}
            </button>
          )}{' '}
          at {formatTime(task.t0)}
        </dd>
        <dt>ended</dt>
        <dd>{task.t1 === undefined ? 'not yet' : `${formatTime(task.t1)}, after ${span}`}</dd>
        {task.rounds.length > 0 && (
          <>
            <dt>input rounds</dt>
            <dd>
              {task.rounds.map((r) => (
                <button key={r.row} type="button" className="link" onClick={() => onPickRow(r.row)} data-testid="detail-task-round">
                  row {r.row} ({r.t1 === undefined ? 'unanswered' : formatDuration(r.t1 - r.t0) || '0 ms'})
                </button>
              ))}
            </dd>
          </>
        )}
      </dl>
      <details open={task.pollCount <= 20}>
        <summary>
          {task.pollCount} poll{task.pollCount === 1 ? '' : 's'}
        </summary>
        <ol className="tl-task-polls" data-testid="detail-task-polls">
          {task.polls.slice(0, POLLS_SHOWN).map((p) => (
            <li key={p.row}>
              <button
                type="button"
                className="link"
                onClick={() => onPickRow(p.row)}
                aria-current={p.row === row ? 'true' : undefined}
                data-testid="detail-task-poll"
                data-row={p.row}
              >
                {p.method}
              </button>{' '}
              <span className="status">
                +{formatDuration(p.t - task.t0) || '0 ms'}
                {p.status !== undefined && ` · ${p.status}`}
              </span>
            </li>
          ))}
        </ol>
        {unlisted > 0 && <p className="status">and {unlisted} more</p>}
      </details>
    </section>
  );
}
