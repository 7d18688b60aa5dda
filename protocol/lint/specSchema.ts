/**
 * The official JSON Schema of each revision (spec-schemas/, vendored byte for byte), compiled
 * lazily: one definition ($defs/CallToolResult, …) the first time a message needs it, then
 * cached. The linter runs over journals of a million events, so compiling everything up front
 * (hundreds of ms) or on every message is out.
 *
 * Both files declare draft 2020-12 but use only keywords draft-07 has ($ref, anyOf, allOf,
 * const, enum, properties, required, items, bounds). Ajv's 2020 engine threads dynamic-scope
 * bookkeeping through every $ref, which made an anyOf of content blocks about 50 times slower,
 * so the draft-07 engine compiles them (a test keeps the keyword list honest).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

import handshakeSchema from './spec-schemas/2025-11-25.json' with { type: 'json' };
import statelessSchema from './spec-schemas/2026-07-28.json' with { type: 'json' };

export type Revision = '2025-11-25' | '2026-07-28';

export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  '$ref',
  'anyOf',
  'allOf',
  'const',
  'enum',
  'type',
  'properties',
  'additionalProperties',
  'required',
  'items',
  'maxItems',
  'minimum',
  'maximum',
  'format',
  'description',
]);

interface Loaded {
  ajv: InstanceType<typeof Ajv>;
  defs: Record<string, unknown>;
  validators: Map<string, ValidateFunction | null>;
}

const SOURCES: Record<Revision, { $defs: Record<string, unknown> }> = {
  '2025-11-25': handshakeSchema as unknown as { $defs: Record<string, unknown> },
  '2026-07-28': statelessSchema as unknown as { $defs: Record<string, unknown> },
};

const loaded = new Map<Revision, Loaded>();
/** What a conforming value gets: shared, since nearly every message conforms. */
const NO_PROBLEMS: readonly string[] = Object.freeze([]);
/** Flips to false the first time Ajv cannot generate code (a CSP without 'unsafe-eval'): the rule then stays silent. */
let usable = true;

/** The raw definitions of a revision (for the method tables and the keyword test). */
export function specDefinitions(revision: Revision): Record<string, unknown> {
  return SOURCES[revision].$defs;
}

function load(revision: Revision): Loaded {
  let entry = loaded.get(revision);
  if (!entry) {
    // validateSchema: false, and no $schema: the draft-07 engine would otherwise look for the
    // 2020-12 meta-schema it does not carry.
    const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false, validateSchema: false, logger: false });
    const defs = SOURCES[revision].$defs;
    ajv.addSchema({ $defs: defs }, revision);
    entry = { ajv, defs, validators: new Map() };
    loaded.set(revision, entry);
  }
  return entry;
}

/**
 * Validates a value against one definition of a revision. Returns the problems, [] when it
 * conforms, or undefined when it cannot be judged (no such definition, or no code generation).
 */
export function validateDefinition(revision: Revision, definition: string, value: unknown): readonly string[] | undefined {
  if (!usable) return undefined;
  const entry = load(revision);
  let validate = entry.validators.get(definition);
  if (validate === undefined) {
    validate = null;
    if (definition in entry.defs) {
      try {
        validate = entry.ajv.getSchema(`${revision}#/$defs/${definition}`) ?? null;
      } catch (error) {
        if (error instanceof EvalError) usable = false;
        else throw error;
      }
    }
    entry.validators.set(definition, validate);
  }
  if (!validate) return undefined;
  return validate(value) ? NO_PROBLEMS : describeErrors(validate.errors ?? []);
}

/**
 * Ajv's errors as short clauses. An anyOf that no branch matched yields every branch's first
 * error and then the anyOf itself. When some branch got past the anyOf's own level (the block
 * had the right "type", its annotations were wrong), its deeper errors say what is wrong;
 * otherwise the value matches none of the shapes, which the summary says better than five
 * "must have required property" lines.
 */
function describeErrors(errors: readonly ErrorObject[], max = 3): string[] {
  const anyOfPaths = errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath);
  const under = (e: ErrorObject, strict: boolean): boolean =>
    anyOfPaths.some((p) => e.instancePath.startsWith(`${p}/`) || (!strict && e.instancePath === p));
  let picked: readonly ErrorObject[] = errors;
  if (anyOfPaths.length > 0) {
    const deeper = errors.filter((e) => e.keyword !== 'anyOf' && under(e, true));
    picked = deeper.length > 0 ? deeper : errors.filter((e) => e.keyword === 'anyOf' || !under(e, false));
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (const e of picked) {
    const text = `${e.instancePath === '' ? '(root)' : e.instancePath} ${describe(e)}`;
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(text);
  }
  if (out.length > max) return [...out.slice(0, max), `and ${out.length - max} more`];
  return out;
}

function describe(error: ErrorObject): string {
  if (error.keyword === 'anyOf') return 'matches none of the shapes the schema allows here';
  if (error.keyword === 'const') return `must be ${JSON.stringify((error.params as { allowedValue?: unknown }).allowedValue)}`;
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
    return `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return error.message ?? 'is invalid';
}
