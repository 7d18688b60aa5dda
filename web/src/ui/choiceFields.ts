/**
 * Choice fields as elicitation's requestedSchema writes them, drawn as choices: an array of
 * `enum` items or of titled `const` items is a multi-select (checkboxes), and the legacy
 * `enumNames` labels a single select's values. rjsf draws a multi-select only for an array of
 * unique items, and reads labels only from its uiSchema, so both are said here. Pure.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Items that are one of a list of values (`enum`, or `anyOf`/`oneOf` of `const`s). */
function isChoice(items: unknown): boolean {
  if (!isObject(items)) return false;
  if (Array.isArray(items.enum)) return true;
  const alternatives = items.anyOf ?? items.oneOf;
  return Array.isArray(alternatives) && alternatives.length > 0 && alternatives.every((a) => isObject(a) && 'const' in a);
}

function isMultiSelect(property: unknown): boolean {
  return isObject(property) && property.type === 'array' && isChoice(property.items);
}

/** The schema with its top-level multi-selects marked as sets of unique choices (what they are). */
export function withChoiceArrays(schema: Json): Json {
  const properties = schema.properties;
  if (!isObject(properties) || !Object.values(properties).some((p) => isMultiSelect(p) && isObject(p) && p.uniqueItems === undefined))
    return schema;
  const next: Json = {};
  for (const [name, p] of Object.entries(properties))
    next[name] = isMultiSelect(p) && isObject(p) && p.uniqueItems === undefined ? { ...p, uniqueItems: true } : p;
  return { ...schema, properties: next };
}

/** How rjsf draws the schema's top-level choice fields; `base` is kept under it. */
export function choiceUiSchema(schema: RJSFSchema, base: UiSchema): UiSchema {
  const properties = (schema as Json).properties;
  if (!isObject(properties)) return base;
  const out: UiSchema = { ...base };
  for (const [name, p] of Object.entries(properties)) {
    if (!isObject(p) || name.startsWith('ui:')) continue;
    if (isMultiSelect(p)) out[name] = { 'ui:widget': 'checkboxes' };
    else if (
      Array.isArray(p.enum) &&
      Array.isArray(p.enumNames) &&
      p.enumNames.length === p.enum.length &&
      p.enumNames.every((n) => typeof n === 'string')
    )
      out[name] = { 'ui:enumNames': p.enumNames };
  }
  return out;
}
