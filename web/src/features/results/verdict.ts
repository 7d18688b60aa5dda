/** structuredContent judged against the tool's outputSchema, with the same checker lint uses. */
import { schemaCheck } from '../../../../protocol/lint/jsonSchema.js';
import { describeUnchecked } from '../../../../protocol/lint/safePattern.js';

export type Verdict =
  | { kind: 'no-schema' }
  /** `unchecked`: the patterns that were not run, in one line ('' when every one was). */
  | { kind: 'valid'; unchecked: string }
  | { kind: 'invalid'; errors: string[]; unchecked: string }
  | { kind: 'unusable'; reason: string }
  /** Not judged: still checking, or the check ran past its time bound and was stopped. */
  | { kind: 'pending' }
  | { kind: 'stopped'; reason: string };

export function judge(value: unknown, schema: unknown): Verdict {
  if (typeof schema !== 'object' || schema === null) return { kind: 'no-schema' };
  const check = schemaCheck(schema);
  if (!check.ok) return { kind: 'unusable', reason: check.reason };
  const errors = check.validate(value);
  const unchecked = describeUnchecked(check.unchecked);
  return errors.length === 0 ? { kind: 'valid', unchecked } : { kind: 'invalid', errors, unchecked };
}
