/**
 * The tour `mcp-lens --tour FILE` started with: the address's fragment says `tour` (`#token=…&tour=1`)
 * and the bridge holds the file at GET /api/tour. It is read with the same reader as the
 * built-in tour, so a mistake made in the file since the bridge checked it is told by line.
 */
import type { Tour } from '../../../../protocol/tour/format.js';
import { readTour } from '../../../../protocol/tour/parse.js';

export type FetchedTour = { ok: true; tour: Tour; name: string } | { ok: false; error: string };

/** Whether the page was opened to play the bridge's tour. */
export function tourRequested(hash: string): boolean {
  return hash
    .replace(/^#/, '')
    .split('&')
    .some((p) => p === 'tour' || p.startsWith('tour='));
}

/** Fetches and reads the bridge's tour; `api` is the store's authenticated GET. */
export async function fetchTour(api: (path: string) => Promise<Response>): Promise<FetchedTour> {
  let response: Response;
  try {
    response = await api('/api/tour');
  } catch (error) {
    return { ok: false, error: `the bridge did not hand the tour over (${(error as Error).message})` };
  }
  const name = decodeURIComponent(response.headers.get('X-File-Name') ?? 'tour');
  const read = readTour(await response.text(), name);
  return read.ok ? { ok: true, tour: read.tour, name } : { ok: false, error: read.error };
}
