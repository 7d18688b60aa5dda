/**
 * Validating structuredContent against a tool's outputSchema. Ajv compiles each distinct
 * schema once (draft-07 for schemas that declare a draft-04..07 `$schema`, 2020-12 otherwise,
 * as the spec's default dialect). Remote `$ref`s are never fetched: a schema that needs one
 * is reported as unusable. Where code generation is forbidden (a CSP without 'unsafe-eval':
 * Ajv compiles to JavaScript; the app allows it, docs/adr/0003), zod's JSON Schema converter
 * takes over. Patterns run on RE2, in linear time (safePattern.ts); the ones it cannot run are
 * named in the check as unchecked.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { z } from 'zod';

import { formatIssues } from './schemas.js';
import { collectUnchecked, linearPatterns, type UncheckedPattern } from './safePattern.js';

export type SchemaCheck =
  /**
   * `validate` returns the problems found, or [] when the value conforms. `unchecked`: the
   * schema's patterns that were not run (see safePattern.ts); a value passes them unseen.
   */
  | { ok: true; validate: (value: unknown) => string[]; unchecked: UncheckedPattern[] }
  /** The schema cannot be used: why, and whether that is the schema's fault (invalid) or ours (unsupported). */
  | { ok: false; reason: string; invalid: boolean };

export type Engine = 'ajv' | 'zod';

/** Schemas larger than this (as JSON) are not compiled; a hostile schema must not stall the app. */
const MAX_SCHEMA_CHARS = 256 * 1024;
const CACHE_LIMIT = 256;

type AjvInstance = InstanceType<typeof Ajv>;

const options = {
  strict: false,
  allErrors: true,
  validateFormats: false,
  logger: false as const,
  code: { regExp: linearPatterns },
};
let engines: { draft07: AjvInstance; draft2019: AjvInstance; draft2020: AjvInstance } | undefined;
/** Flips to false the first time Ajv cannot generate code (a CSP without 'unsafe-eval'). */
let ajvUsable = true;
const cache = new Map<string, SchemaCheck>();

/** A checker for one outputSchema, compiled once per distinct schema text. */
export function schemaCheck(schema: unknown, engine: Engine = ajvUsable ? 'ajv' : 'zod'): SchemaCheck {
  let text: string;
  try {
    text = JSON.stringify(schema);
  } catch {
    return { ok: false, reason: 'it cannot be serialised', invalid: true };
  }
  if (text.length > MAX_SCHEMA_CHARS) return { ok: false, reason: `it is larger than ${MAX_SCHEMA_CHARS} characters`, invalid: false };
  const key = `${engine}:${text}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const check = engine === 'ajv' ? compileWithAjv(schema) : compileWithZod(schema);
  if (engine === 'ajv' && !ajvUsable) return schemaCheck(schema, 'zod');
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, check);
  return check;
}

function dialect(schema: unknown): 'draft07' | 'draft2019' | 'draft2020' | 'unknown' {
  const declared = typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>).$schema : undefined;
  if (declared === undefined) return 'draft2020';
  if (typeof declared !== 'string') return 'unknown';
  if (/json-schema\.org\/draft-0[4-7]\/schema/.test(declared)) return 'draft07';
  if (declared.includes('json-schema.org/draft/2019-09/schema')) return 'draft2019';
  if (declared.includes('json-schema.org/draft/2020-12/schema')) return 'draft2020';
  return 'unknown';
}

function compileWithAjv(schema: unknown): SchemaCheck {
  if (typeof schema === 'boolean') {
    return { ok: true, validate: () => (schema ? [] : ['(root) is rejected by the schema false']), unchecked: [] };
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { ok: false, reason: 'it is not a JSON object', invalid: true };
  }
  const which = dialect(schema);
  if (which === 'unknown') {
    return {
      ok: false,
      reason: `its dialect ${JSON.stringify((schema as Record<string, unknown>).$schema)} is not supported`,
      invalid: false,
    };
  }
  engines ??= { draft07: new Ajv(options), draft2019: new Ajv2019(options), draft2020: new Ajv2020(options) };
  const ajv = engines[which];
  // The dialect picked the engine; the engine's own meta-schema then checks the schema.
  const { $schema: _declared, ...body } = schema as Record<string, unknown>;
  let validate: ValidateFunction;
  let unchecked: UncheckedPattern[];
  try {
    ({ value: validate, unchecked } = collectUnchecked(() => ajv.compile(body)));
  } catch (error) {
    if (error instanceof EvalError) {
      ajvUsable = false;
      return { ok: false, reason: 'code generation is not allowed here', invalid: false };
    }
    const missingRef = (error as { missingRef?: unknown }).missingRef;
    if (typeof missingRef === 'string') {
      return {
        ok: false,
        reason: `its $ref ${JSON.stringify(missingRef)} cannot be resolved (remote references are never fetched)`,
        invalid: true,
      };
    }
    return { ok: false, reason: firstLine((error as Error).message), invalid: true };
  } finally {
    // Schemas with an $id would otherwise clash with the next schema that reuses it.
    ajv.removeSchema(body);
  }
  return {
    ok: true,
    validate: (value) => (validate(value) ? [] : formatAjvErrors(validate.errors ?? [])),
    unchecked,
  };
}

function compileWithZod(schema: unknown): SchemaCheck {
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) {
    return { ok: false, reason: 'it is not a JSON object', invalid: true };
  }
  try {
    // zod would run the patterns on the backtracking engine: they are left out, and said so.
    const unchecked: UncheckedPattern[] = [];
    const zodSchema = z.fromJSONSchema(withoutPatterns(schema, unchecked) as Parameters<typeof z.fromJSONSchema>[0]);
    return {
      ok: true,
      validate: (value) => {
        const result = zodSchema.safeParse(value);
        return result.success ? [] : [formatIssues(result.error.issues, '(root)')];
      },
      unchecked,
    };
  } catch (error) {
    const reason = firstLine((error as Error).message);
    // The converter cannot follow remote references either: that is the schema's problem.
    return { ok: false, reason, invalid: /\$ref/.test(reason) };
  }
}

const PATTERN_KEYWORDS = new Set(['pattern', 'patternProperties']);
/** Keywords whose value maps names to schemas: a property called "pattern" there is no keyword. */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'dependentSchemas']);

/** A copy of the schema without its patterns, each one named in `unchecked`. */
function withoutPatterns(schema: unknown, unchecked: UncheckedPattern[], isMap = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withoutPatterns(item, unchecked));
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!isMap && PATTERN_KEYWORDS.has(key) && (typeof value === 'string' || (typeof value === 'object' && value !== null))) {
      const patterns = typeof value === 'string' ? [value] : Object.keys(value);
      for (const pattern of patterns)
        unchecked.push({ pattern, reason: 'code generation is not allowed here, and the fallback engine backtracks' });
      continue;
    }
    copy[key] = withoutPatterns(value, unchecked, !isMap && SCHEMA_MAPS.has(key));
  }
  return copy;
}

function formatAjvErrors(errors: readonly ErrorObject[], max = 5): string[] {
  const parts = errors.slice(0, max).map((e) => `${e.instancePath === '' ? '(root)' : e.instancePath} ${e.message ?? 'is invalid'}`);
  if (errors.length > max) parts.push(`and ${errors.length - max} more`);
  return parts;
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 200);
}
