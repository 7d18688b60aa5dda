/** The mock's words for a request it has no recording of, naming the closest recorded one. */
import { formatPath } from '../replay/jsonPath.js';
import type { Difference } from '../replay/diff.js';
import { describeRequest, type Params } from '../replay/params.js';
import type { MatchResult } from './matcher.js';

/** Places named in the message (all of them go in the error's data, up to DATA_PLACES). */
const NAMED = 5;
export const DATA_PLACES = 50;

/** Characters of the closest request's params quoted in the message. */
const QUOTED = 300;

export function describeMatch(method: string, params: Params, found: Extract<MatchResult, { kind: 'no-match' }>): string {
  const closest = found.closest;
  const quoted = JSON.stringify(closest.params ?? {});
  const shown = quoted.length > QUOTED ? `${quoted.slice(0, QUOTED)}…` : quoted;
  const all = diffPaths(found.differences);
  const where = all.slice(0, NAMED);
  const more = all.length > NAMED ? `, and ${all.length - NAMED} more places` : '';
  return (
    `no recorded ${describeRequest(method, params)} request has these params; ` +
    `the closest recorded request is ${closest.method} ${shown} (differs at ${where.join(', ')}${more})`
  );
}

/** The places two params differ, as JSONPath rooted at the params. */
export function diffPaths(differences: readonly Difference[]): string[] {
  return differences.map((d) => formatPath(d.path));
}
