/**
 * One paginated list of a panel: the stale banner (the server said it changed), loading and
 * errors with Retry, the items, and the footer with counts, Load more and Refresh.
 */
import type { ReactNode } from 'react';

export interface PagedQuery {
  isPending: boolean;
  fetchStatus: string;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

export function ListSection(props: {
  title: string;
  noun: string;
  query: PagedQuery;
  stale: boolean;
  staleText: string;
  shown: number;
  total: number;
  skipped: number;
  /** What a skipped entry lacked, e.g. "no uri string". */
  skippedWhy?: string;
  pages: number;
  children: ReactNode;
}) {
  const { title, noun, query, stale, staleText, shown, total, skipped, skippedWhy = 'malformed', pages, children } = props;
  return (
    <section aria-label={title} className="list-section">
      <h3 className="list-title">{title}</h3>
      {stale && (
        <div className="banner-box warn" role="status" data-testid="stale">
          {staleText}{' '}
          <button type="button" onClick={() => void query.refetch()}>
            Refresh
          </button>
        </div>
      )}
      {query.isPending && query.fetchStatus === 'fetching' && <p className="status">Loading {noun}…</p>}
      {query.error && (
        <p className="error" role="alert">
          {query.error.message}{' '}
          <button type="button" onClick={() => void query.refetch()}>
            Retry
          </button>
        </p>
      )}
      {!query.isPending && !query.error && total === 0 && <p className="status">The server lists no {noun}.</p>}
      <ul className="item-list" aria-label={title}>
        {children}
      </ul>
      {skipped > 0 && (
        <p className="status bad">
          {skipped} malformed entr{skipped === 1 ? 'y' : 'ies'} skipped ({skippedWhy}).
        </p>
      )}
      <div className="row">
        <span className="status">
          {shown} of {total} {noun} · {pages} page{pages === 1 ? '' : 's'}
        </span>
        {query.hasNextPage && (
          <button type="button" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            Load more
          </button>
        )}
        <button type="button" onClick={() => void query.refetch()} aria-label={`Refresh the ${noun}`}>
          ↻
        </button>
      </div>
    </section>
  );
}
