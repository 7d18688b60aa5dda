/**
 * The connection's tasks. Where the server answers `tasks/list` (2025-11-25 with the `tasks.list`
 * capability) the list is the server's, with Refresh and a Cancel per running task; below it,
 * and alone where there is no tasks/list (2026-07-28 dropped it), the tasks this session saw on
 * the wire (the timeline's model), with the reason there is no list. Every id, status and
 * message is the server's: rendered as text.
 */
import { useEffect, useState } from 'react';
import type { ConnInfo } from '../../../../protocol/session.js';
import type { TimelineClient } from '../../../../protocol/timeline/contract.js';
import { readTask, serverCancelsTasks, serverListsTasks, type TaskState } from '../../../../protocol/tasks.js';
import { useStore } from '../../session/StoreContext.js';
import { pagedView, usePagedList } from '../explore/usePagedList.js';
import { ListSection } from '../explore/ListSection.js';
import { useLatestAnswer, useTimelineStats } from '../timeline/useTimelineData.js';
import { SeenTasks } from './SeenTasks.js';
import { TaskRow } from './TaskRow.js';
import { useTaskCancel } from './useTaskCancel.js';

export function TasksPanel({ info, timeline }: { info: ConnInfo; timeline: TimelineClient }) {
  const store = useStore();
  const conn = info.conn;
  const flow = info.connected?.flow;
  const capabilities = info.connected?.capabilities;
  const open = info.connected !== undefined && info.status === 'running';
  const listed = flow !== undefined && serverListsTasks(flow, capabilities);
  const cancels = open && flow !== undefined && serverCancelsTasks(flow, capabilities);
  const list = usePagedList<unknown>(conn, 'tasks/list', 'tasks', open && listed);
  useEffect(() => store.ensureListening(conn), [store, conn, info.connected]);
  const { items } = pagedView(list.data, 0);
  const tasks = items.map(readTask).filter((t): t is TaskState => t !== undefined);
  const { version } = useTimelineStats(timeline);
  const seen = useLatestAnswer(`${conn}:${version}`, () => timeline.tasks(conn)) ?? [];
  const cancel = useTaskCancel(conn, () => void list.refetch());
  // The server's list goes stale as soon as a task this session follows moves: asked again then
  // (and on opening, over a list cached from the last visit), not on every row of the timeline.
  const moved = seen.map((t) => `${t.taskId}:${t.status}`).join('\n');
  const { refetch } = list;
  useEffect(() => {
    if (open && listed) void refetch();
  }, [moved, open, listed, refetch]);
  const [search, setSearch] = useState('');
  const shown = tasks.filter((t) => matches(t, search));

  return (
    <div className="tasks-panel" data-testid="tasks-panel">
      {listed ? (
        <>
          <label className="row">
            Filter{' '}
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} aria-label="Filter tasks" data-panel-focus />
          </label>
          <ListSection
            title="Tasks (tasks/list)"
            noun="tasks"
            query={list}
            stale={false}
            staleText=""
            shown={shown.length}
            total={tasks.length}
            skipped={items.length - tasks.length}
            skippedWhy="no taskId or status string"
            pages={list.data?.pages.length ?? 0}
          >
            {shown.map((task) => (
              <TaskRow key={task.taskId} task={task} canCancel={cancels} cancel={cancel} />
            ))}
          </ListSection>
        </>
      ) : (
        <p className="banner-box" role="note" data-testid="tasks-no-list">
          {flow === 'stateless'
            ? 'The 2026-07-28 tasks extension has no tasks/list: a client only knows the tasks it created. Listed below are the ones this session created on this connection, from the timeline.'
            : flow === 'handshake'
              ? 'This server does not declare tasks.list in its capabilities, so it cannot be asked for its tasks. Listed below are the ones this session created on this connection, from the timeline.'
              : 'Not connected yet: the tasks this session created on this connection are listed below, from the timeline.'}
        </p>
      )}
      <SeenTasks tasks={seen} canCancel={cancels} cancel={cancel} />
    </div>
  );
}

function matches(task: TaskState, search: string): boolean {
  const q = search.trim().toLowerCase();
  return q === '' || `${task.taskId} ${task.status} ${task.statusMessage ?? ''}`.toLowerCase().includes(q);
}
