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
        data-saved={stats?.saved?.state ?? 'none'}
      >
        {stats?.matching ?? 0} of {stats?.rows ?? 0} rows
      </span>
      {stats?.saved && <SavedIndex saved={stats.saved} />}
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

/** What became of an earlier session's saved index: opened from it, being kept, kept, or not. */
function SavedIndex({ saved }: { saved: NonNullable<TimelineStats['saved']> }) {
  const mib = (bytes = 0): string => `${(bytes / 1048576).toFixed(0)} MiB`;
  switch (saved.state) {
    case 'loaded':
      return (
        <span className="status" title="This session was opened from the index kept when it was first read, not folded again">
          from its saved index
        </span>
      );
    case 'saving':
      return (
        <span className="status" title="Keeping this index beside the journal, so the next opening is quick">
          saving index: {mib(saved.bytes)}
        </span>
      );
    case 'saved':
      return (
        <span
          className="status"
          title={`The next opening of this session reads this index (${mib(saved.bytes)}) instead of folding the journal`}
        >
          index saved
        </span>
      );
    case 'failed':
      return (
        <span className="status warn-text" role="alert" title={saved.message}>
          index not saved: {saved.message}
        </span>
      );
    default: {
      const never: never = saved.state;
      return never;
    }
  }
}
