/** Following nextCursor to the end, each page its own request on the wire. */
import type { ClientSession, Outcome, RequestOptions } from './clientSession.js';

export interface PagedList {
  items: unknown[];
  pages: number;
  /** The outcome that stopped the walk when it was not a clean last page. */
  failure?: Exclude<Outcome, { kind: 'result' }>;
  /** The walk ended with a nextCursor still given: one already seen, or at MAX_PAGES. */
  stopped?: 'repeated-cursor' | 'page-limit';
}

export interface Found {
  /** The first listed item that matched, when one did. */
  item?: unknown;
  pages: number;
  failure?: Exclude<Outcome, { kind: 'result' }>;
  stopped?: PagedList['stopped'];
}

export const MAX_PAGES = 1000;

export async function listAll(session: ClientSession, method: string, itemsKey: string, opts: RequestOptions = {}): Promise<PagedList> {
  const items: unknown[] = [];
  const walked = await walk(session, method, itemsKey, opts, (page) => {
    items.push(...page);
    return false;
  });
  return { items, ...walked };
}

/** Pages through a list only as far as the first item that matches: no request beyond it. */
export async function findListed(
  session: ClientSession,
  method: string,
  itemsKey: string,
  match: (item: unknown) => boolean,
  opts: RequestOptions = {},
): Promise<Found> {
  let item: unknown;
  let found = false;
  const walked = await walk(session, method, itemsKey, opts, (page) => {
    const index = page.findIndex(match);
    if (index < 0) return false;
    item = page[index];
    found = true;
    return true;
  });
  return found ? { item, ...walked } : walked;
}

/** Requests page after page, handing each page's items to `onPage` until it says stop. */
async function walk(
  session: ClientSession,
  method: string,
  itemsKey: string,
  opts: RequestOptions,
  onPage: (items: unknown[]) => boolean,
): Promise<Omit<PagedList, 'items'>> {
  let cursor: string | undefined;
  const seen = new Set<string>();
  for (let pages = 1; pages <= MAX_PAGES; pages++) {
    const { done } = session.request(method, cursor === undefined ? undefined : { cursor }, opts);
    const outcome = await done;
    if (outcome.kind !== 'result') return { pages, failure: outcome };
    const list = outcome.result[itemsKey];
    if (onPage(Array.isArray(list) ? list : [])) return { pages };
    const next = outcome.result.nextCursor;
    // An empty string is a valid cursor; only its absence ends the list.
    if (typeof next !== 'string') return { pages };
    if (seen.has(next)) return { pages, stopped: 'repeated-cursor' };
    seen.add(next);
    cursor = next;
  }
  return { pages: MAX_PAGES, stopped: 'page-limit' };
}
