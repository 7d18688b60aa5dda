/** structuredContent judged against the tool's outputSchema (2020-12), for display. */
import { Ajv2020 } from 'ajv/dist/2020.js';

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
const cache = new WeakMap<object, ReturnType<typeof ajv.compile>>();

export type Verdict =
  { kind: 'no-schema' } | { kind: 'valid' } | { kind: 'invalid'; errors: string[] } | { kind: 'unusable'; reason: string };

export function judge(value: unknown, schema: unknown): Verdict {
  if (typeof schema !== 'object' || schema === null) return { kind: 'no-schema' };
  let validate = cache.get(schema);
  try {
    if (!validate) {
      validate = ajv.compile(schema as Record<string, unknown>);
      cache.set(schema, validate);
    }
  } catch (error) {
    return { kind: 'unusable', reason: (error as Error).message };
  }
  if (validate(value)) return { kind: 'valid' };
  return { kind: 'invalid', errors: (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`.trim()) };
}
