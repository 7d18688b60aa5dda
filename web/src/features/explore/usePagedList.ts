/**
 * A paginated MCP list (tools, prompts, resources, templates) as an infinite query keyed by
 * connection: each "load more" is one request with the server's nextCursor, never edited.
 * The seq of the newest event when a page was fetched tells whether a list_changed came later.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { errorCodeName } from '../../../../protocol/jsonrpc.js';
import { useStore } from '../../session/StoreContext.js';

export interface Page<T> {
  items: T[];
  nextCursor?: string;
  fetchedAtSeq: number;
}

export function usePagedList<T>(conn: string | undefined, method: string, key: string, enabled: boolean) {
  const store = useStore();
  return useInfiniteQuery({
    queryKey: [method, conn],
    enabled: enabled && conn !== undefined,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<T>) => last.nextCursor,
    queryFn: async ({ pageParam }): Promise<Page<T>> => {
      const session = conn === undefined ? undefined : store.client(conn);
      if (!session) throw new Error('the connection is not open');
      const fetchedAtSeq = store.model.lastSeq;
      const outcome = await session.request(method, pageParam === undefined ? undefined : { cursor: pageParam }).done;
      if (outcome.kind === 'error')
        throw new Error(`${method}: ${outcome.error.code} ${errorCodeName(outcome.error.code)}: ${outcome.error.message}`);
      if (outcome.kind !== 'result') throw new Error(`${method}: ${outcome.kind === 'timeout' ? 'timed out' : outcome.kind}`);
      const items = Array.isArray(outcome.result[key]) ? (outcome.result[key] as T[]) : [];
      const next = outcome.result.nextCursor;
      return { items, ...(typeof next === 'string' ? { nextCursor: next } : {}), fetchedAtSeq };
    },
  });
}

/**
 * What a panel shows of a paged list: its items, how many pages, and whether a list_changed
 * (its seq, `changedAt`) came after the first page was fetched.
 */
export function pagedView<T>(data: { pages: Page<T>[] } | undefined, changedAt: number): { items: T[]; pageCount: number; stale: boolean } {
  const pages = data?.pages ?? [];
  return { items: pages.flatMap((p) => p.items), pageCount: pages.length, stale: changedAt > (pages[0]?.fetchedAtSeq ?? Infinity) };
}
