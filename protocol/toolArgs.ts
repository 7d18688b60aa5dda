/**
 * `--tool-arg k=v` values typed by the tool's inputSchema: 42 is a number where the schema
 * says number and stays the string "42" where it says string. Nothing is guessed for a key
 * the schema does not type: it stays a string.
 */
import { MAX_JSON_DEPTH, nestsDeeperThan } from './jsonDepth.js';

export type TypedArgs = { ok: true; args: Record<string, unknown> } | { ok: false; error: string };

export function typeToolArgs(pairs: string[], inputSchema: unknown): TypedArgs {
  const properties = asRecord(asRecord(inputSchema).properties);
  const args: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) return { ok: false, error: `--tool-arg expects key=value, got "${pair}"` };
    const name = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    const typed = typeValue(raw, asRecord(properties[name]));
    if (!typed.ok) return { ok: false, error: `--tool-arg ${name}: ${typed.error}` };
    args[name] = typed.value;
  }
  return { ok: true, args };
}

type Typed = { ok: true; value: unknown } | { ok: false; error: string };

function typeValue(raw: string, schema: Record<string, unknown>): Typed {
  const types = schemaTypes(schema);
  if (types.length === 0 || types.includes('string')) {
    // A nullable string still takes the text as typed; only the exact word null means null
    // when the schema allows null and not a string.
    return { ok: true, value: raw };
  }
  if (raw === 'null' && types.includes('null')) return { ok: true, value: null };
  if (types.includes('integer') || types.includes('number')) {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) return { ok: false, error: `"${raw}" is not a number` };
    if (!types.includes('number') && !Number.isInteger(n)) return { ok: false, error: `"${raw}" is not an integer` };
    return { ok: true, value: n };
  }
  if (types.includes('boolean')) {
    if (raw === 'true') return { ok: true, value: true };
    if (raw === 'false') return { ok: true, value: false };
    return { ok: false, error: `"${raw}" is not true or false` };
  }
  if (types.includes('object') || types.includes('array')) {
    if (nestsDeeperThan(raw)) return { ok: false, error: `the value nests deeper than ${MAX_JSON_DEPTH} levels` };
    try {
      return { ok: true, value: JSON.parse(raw) };
    } catch {
      return { ok: false, error: `"${raw}" is not JSON (objects and arrays are given as JSON)` };
    }
  }
  return { ok: true, value: raw };
}

function schemaTypes(schema: Record<string, unknown>): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v)))];
  }
  return [];
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
