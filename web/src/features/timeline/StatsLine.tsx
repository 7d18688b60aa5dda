/** How many rows pass the filter, and how far indexing or filtering has got while it runs. */
import type { TimelineStats } from '../../../../protocol/timeline/contract.js';

export function StatsLine({ stats, onShortcuts }: { stats: TimelineStats | undefined; onShortcuts: () => void }) {
  const busy = stats !== undefined && (stats.filtering || !stats.complete || stats.indexed < stats.total);
  // A journal being read says how far in bytes; otherwise events folded of those received.
  const [done, of] =
    stats?.bytesTotal !== undefined && stats.bytesRead !== undefined
      ? [stats.bytesRead, stats.bytesTotal]
      : [stats?.indexed ?? 0, stats?.total ?? 0];
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
        data-complete={stats?.complete ?? false}
        // Lint runs beside the index (ADR 6); where it runs within it, it is as far as the index.
        data-linted={stats?.lint?.linted ?? stats?.indexed ?? 0}
        data-lint-done={stats?.lint?.done ?? stats?.complete ?? false}
      >
        {stats?.matching ?? 0} of {stats?.rows ?? 0} rows
      </span>
      {busy && stats && (
        <progress
          className="tl-progress"
          max={Math.max(of, 1)}
          value={Math.min(done, of)}
          aria-label={
            stats.filtering ? 'Filtering' : stats.complete ? `Indexing: ${stats.indexed} of ${stats.total} events` : 'Reading the journal'
          }
          data-testid="timeline-progress"
        />
      )}
      <button type="button" onClick={onShortcuts} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">
        ?
      </button>
    </>
  );
}
