/**
 * One JSON Schema validator for the generated forms and for the arguments a panel is about to
 * send: @rjsf's ajv8 validator on the 2020-12 dialect, with formats (an email must look like
 * one), so what the form marks at a field and what blocks a send never disagree. The schema's
 * patterns run on RE2, in linear time: a server's pattern must not freeze the page while the
 * user types (protocol/lint/safePattern.ts).
 */
import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import { linearPatterns } from '../../../protocol/lint/safePattern.js';
import { withChoiceArrays } from './choiceFields.js';

// Remote $refs are never fetched (no loadSchema is given).
export const formValidator = customizeValidator({
  AjvClass: Ajv2020 as unknown as typeof Ajv,
  ajvOptionsOverrides: { strict: false, validateSchema: false, code: { regExp: linearPatterns } },
});

const EMPTY_OBJECT: RJSFSchema = { type: 'object', properties: {} };
const normalized = new WeakMap<object, RJSFSchema>();

/**
 * The schema as the form and the check use it: rjsf wants an object schema (a schema-less tool
 * takes an empty object), the declared dialect is dropped for the one engine, and a multi-select
 * is a set of unique choices (choiceFields.ts). The same
 * object comes back for the same schema, so Ajv compiles it once.
 */
export function formSchema(schema: unknown): RJSFSchema {
  if (typeof schema !== 'object' || schema === null) return EMPTY_OBJECT;
  let result = normalized.get(schema);
  if (!result) {
    const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
    result = withChoiceArrays(rest) as RJSFSchema;
    normalized.set(schema, result);
  }
  return result;
}

export type ArgumentsCheck =
  /** What does not match the schema, one line each ([] when the value conforms). */
  | { ok: true; problems: string[] }
  /** The schema itself cannot be used (a remote $ref, say): nothing can be said of the value. */
  | { ok: false; reason: string };

export function checkArguments(schema: unknown, value: unknown): ArgumentsCheck {
  const { errors, validationError } = formValidator.rawValidation<ErrorObject>(formSchema(schema), value);
  if (validationError) return { ok: false, reason: validationError.message.split('\n')[0] ?? 'it cannot be compiled' };
  return { ok: true, problems: (errors ?? []).map(describe) };
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(root)' : error.instancePath;
  const allowed =
    error.keyword === 'enum'
      ? ` (${(error.params as { allowedValues?: unknown[] }).allowedValues?.map((v) => JSON.stringify(v)).join(', ')})`
      : '';
  return `${where} ${error.message ?? 'is invalid'}${allowed}`;
}
