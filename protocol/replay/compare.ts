/**
 * One recorded answer against the one a live server gave now. What is compared is the response
 * without its envelope, `{"result": …}` or `{"error": …}`, so ignore paths read `$.result…` and
 * `$.error…`, and the JSON-RPC id (remapped on every replay) never counts.
 */
import type { Outcome } from '../clientSession.js';
import { diffJson, type Difference, type IgnorePlace } from './diff.js';
import type { RecordedAnswer } from './recording.js';

export type Verdict =
  | { kind: 'match' }
  /** `note`: a difference no path shows (an invalid response on one side). */
  | { kind: 'differ'; differences: Difference[]; total: number; note?: string };

/** What the server answered now, when it answered at all. */
export type GotAnswer = Extract<Outcome, { kind: 'result' | 'error' | 'invalid' }>;

export function compareAnswers(recorded: RecordedAnswer, got: GotAnswer, ignore: IgnorePlace, limit?: number): Verdict {
  if (recorded.kind === 'invalid' || got.kind === 'invalid') {
    if (recorded.kind === 'invalid' && got.kind === 'invalid') return { kind: 'match' };
    const note =
      recorded.kind === 'invalid'
        ? `the recording has an invalid response (${recorded.reason}); now the server answered with ${got.kind === 'error' ? 'an error' : 'a result'}`
        : `the server's answer is not a valid response (${got.kind === 'invalid' ? got.reason : ''}); the recording has ${recorded.kind === 'error' ? 'an error' : 'a result'}`;
    return { kind: 'differ', differences: [], total: 0, note };
  }
  const before = recorded.kind === 'result' ? { result: recorded.result } : { error: recorded.error };
  const now = got.kind === 'result' ? { result: got.result } : { error: got.error };
  const diff = diffJson(before, now, { ignore, ...(limit === undefined ? {} : { limit }) });
  return diff.total === 0 ? { kind: 'match' } : { kind: 'differ', differences: diff.differences, total: diff.total };
}
