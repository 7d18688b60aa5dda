/**
 * Pagination rules: a list whose nextCursor comes round again never ends, and a client walking
 * it stops at MAX_PAGES. Both are judged on the answers, page by page, so the app and
 * `mcp-lens check` see them alike.
 */
import { MAX_PAGES } from '../pagination.js';
import { describeRequest, type Check, type RequestInfo } from './state.js';

export function checkPagination(check: Check, request: RequestInfo, result: Record<string, unknown>): void {
  if (request.from !== 'client' || !request.method.endsWith('/list')) return;
  const walks = check.state.walks;
  // A request without a cursor starts the list again.
  let walk = request.cursor === undefined ? undefined : walks.get(request.method);
  if (!walk) {
    walk = { cursors: new Set(request.cursor === undefined ? [] : [request.cursor]), pages: 0 };
    walks.set(request.method, walk);
  }
  walk.pages++;
  const next = result.nextCursor;
  if (typeof next !== 'string') {
    walks.delete(request.method);
    return;
  }
  if (walk.cursors.has(next)) {
    walks.delete(request.method);
    check.report(
      'pagination-cursor-repeated',
      `The answer to ${describeRequest(request)} came with a nextCursor it already gave in this list (${quote(next)}), so the list never ends`,
    );
    return;
  }
  walk.cursors.add(next);
  if (walk.pages >= MAX_PAGES) {
    walks.delete(request.method);
    check.report(
      'pagination-page-limit',
      `The ${request.method} list still had a nextCursor after ${MAX_PAGES} pages; the list was not read to its end`,
    );
  }
}

function quote(cursor: string): string {
  return JSON.stringify(cursor.length > 40 ? `${cursor.slice(0, 40)}…` : cursor);
}
