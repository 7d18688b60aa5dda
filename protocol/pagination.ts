/** Following nextCursor to the end, each page its own request on the wire. */
import type { ClientSession, Outcome, RequestOptions } from './clientSession.js';

export interface PagedList {
  items: unknown[];
  pages: number;
  /** The outcome that stopped the walk when it was not a clean last page. */
  failure?: Exclude<Outcome, { kind: 'result' }>;
}

export const MAX_PAGES = 1000;

export async function listAll(session: ClientSession, method: string, itemsKey: string, opts: RequestOptions = {}): Promise<PagedList> {
  const items: unknown[] = [];
  let cursor: string | undefined;
  const seen = new Set<string>();
  for (let pages = 1; pages <= MAX_PAGES; pages++) {
    const { done } = session.request(method, cursor === undefined ? undefined : { cursor }, opts);
    const outcome = await done;
    if (outcome.kind !== 'result') return { items, pages, failure: outcome };
    const list = outcome.result[itemsKey];
    if (Array.isArray(list)) items.push(...list);
    const next = outcome.result.nextCursor;
    // An empty string is a valid cursor; only its absence ends the list.
    if (typeof next !== 'string' || seen.has(next)) return { items, pages };
    seen.add(next);
    cursor = next;
  }
  return { items, pages: MAX_PAGES };
}
