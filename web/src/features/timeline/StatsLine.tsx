/** How many rows pass the filter, and how far indexing or filtering has got while it runs. */
import type { TimelineStats } from '../../../../protocol/timeline/contract.js';

export function StatsLine({ stats, onShortcuts }: { stats: TimelineStats | undefined; onShortcuts: () => void }) {
  const busy = stats !== undefined && (stats.filtering || stats.indexed < stats.total);
  return (
    <>
      <span
        className="status"
        role="status"
        data-testid="timeline-stats"
        data-matching={stats?.matching ?? 0}
        data-rows={stats?.rows ?? 0}
        data-indexed={stats?.indexed ?? 0}
        data-total={stats?.total ?? 0}
        data-busy={busy}
      >
        {stats?.matching ?? 0} of {stats?.rows ?? 0} rows
      </span>
      {busy && stats && (
        <progress
          className="tl-progress"
          max={Math.max(stats.total, 1)}
          value={stats.indexed}
          aria-label={stats.filtering ? 'Filtering' : `Indexing: ${stats.indexed} of ${stats.total} events`}
          data-testid="timeline-progress"
        />
      )}
      <button type="button" onClick={onShortcuts} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">
        ?
      </button>
    </>
  );
}
