/**
 * A generated form's starting value: the schema's defaults filled in where the value has none,
 * so what the form shows when it opens is what it sends. The same rules serve the form's own
 * state (SchemaForm) and the value the panel holds, which the JSON editor and Send read.
 */
import { useEffect } from 'react';
import { createSchemaUtils, deepEquals, type Experimental_DefaultFormStateBehavior } from '@rjsf/utils';
import { formSchema, formValidator } from './schemaValidator.js';

/**
 * Every default the schema declares, for optional fields too (a server that wrote a default
 * meant it to be the answer unless changed); but no empty object or array is made up for an
 * optional field the schema gave no default. A `const` is its field's value from the start (a
 * oneOf branch's `type: {const: 'pickup'}`, say), which makes a select of titled choices (`oneOf`
 * of `const`s) start on its first choice: shown chosen, and sent.
 */
export const DEFAULTS_BEHAVIOR: Experimental_DefaultFormStateBehavior = {
  emptyObjectFields: 'skipEmptyDefaults',
  arrayMinItems: { populate: 'requiredOnly' },
  constAsDefaults: 'always',
};

/** `value` with the schema's defaults under it (the value's own entries win). Pure. */
export function withDefaults(schema: unknown, value: unknown): unknown {
  const root = formSchema(schema);
  return createSchemaUtils(formValidator, root, DEFAULTS_BEHAVIOR).getDefaultFormState(root, value);
}

/**
 * Hands the defaults to whoever holds the value, once per schema: a field the user then clears
 * is theirs to clear.
 */
export function useSeededDefaults(schema: unknown, value: unknown, onChange: (value: unknown) => void): void {
  useEffect(() => {
    let seeded: unknown;
    try {
      seeded = withDefaults(schema, value);
    } catch {
      return; // a schema the form cannot use says so where it is shown
    }
    if (!deepEquals(seeded, value)) onChange(seeded);
    // Only a new schema seeds again; the value's later changes are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema]);
}
