/** structuredContent judged against the tool's outputSchema, with the same checker lint uses. */
import { schemaCheck } from '../../../../protocol/lint/jsonSchema.js';

export type Verdict =
  { kind: 'no-schema' } | { kind: 'valid' } | { kind: 'invalid'; errors: string[] } | { kind: 'unusable'; reason: string };

export function judge(value: unknown, schema: unknown): Verdict {
  if (typeof schema !== 'object' || schema === null) return { kind: 'no-schema' };
  const check = schemaCheck(schema);
  if (!check.ok) return { kind: 'unusable', reason: check.reason };
  const errors = check.validate(value);
  return errors.length === 0 ? { kind: 'valid' } : { kind: 'invalid', errors };
}
