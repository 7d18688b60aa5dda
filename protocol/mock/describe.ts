/** The mock's words for a request it has no recording of, naming the closest recorded one. */
import { formatPath } from '../replay/jsonPath.js';
import type { Difference } from '../replay/diff.js';
import { describeRequest, type Params } from '../replay/params.js';
import type { MatchResult } from './matcher.js';

/** Characters of the closest request's params quoted in the message. */
const QUOTED = 300;

export function describeMatch(method: string, params: Params, found: Extract<MatchResult, { kind: 'no-match' }>): string {
  const closest = found.closest;
  const quoted = JSON.stringify(closest.params ?? {});
  const shown = quoted.length > QUOTED ? `${quoted.slice(0, QUOTED)}…` : quoted;
  const where = diffPaths(found.differences);
  const more = found.distance > where.length ? `, and ${found.distance - where.length} more` : '';
  return (
    `no recorded ${describeRequest(method, params)} request has these params; ` +
    `the closest recorded request is ${closest.method} ${shown} (differs at ${where.join(', ')}${more})`
  );
}

/** The places two params differ, as JSONPath rooted at the params. */
export function diffPaths(differences: readonly Difference[]): string[] {
  return differences.map((d) => formatPath(d.path));
}
