/**
 * Forms generated from JSON Schema (tool inputSchema, elicitation requestedSchema) with @rjsf
 * and its ajv8 validator on the 2020-12 dialect. Empty optional fields stay out of the data:
 * what the user typed is what is sent.
 */
import type { ReactNode } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type Ajv from 'ajv';
import { formButtons } from './formButtons.js';

// One validator for every form; remote $refs are never fetched (no loadSchema is given).
const validator = customizeValidator({
  AjvClass: Ajv2020 as unknown as typeof Ajv,
  ajvOptionsOverrides: { strict: false, validateSchema: false },
});

export interface SchemaFormProps {
  schema: unknown;
  value: unknown;
  onChange: (value: unknown) => void;
  onSubmit: (value: unknown) => void;
  idPrefix: string;
  children?: ReactNode;
}

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

export function SchemaForm({ schema, value, onChange, onSubmit, idPrefix, children }: SchemaFormProps) {
  return (
    <Form
      className="schema-form"
      schema={normalize(schema)}
      uiSchema={uiSchema}
      templates={{ ButtonTemplates: formButtons }}
      validator={validator}
      formData={value}
      idPrefix={idPrefix}
      noHtml5Validate
      showErrorList="top"
      experimental_defaultFormStateBehavior={{
        emptyObjectFields: 'populateRequiredDefaults',
        arrayMinItems: { populate: 'requiredOnly' },
        constAsDefaults: 'always',
      }}
      onChange={(e) => onChange(e.formData)}
      onSubmit={(e) => onSubmit(e.formData)}
    >
      {children}
    </Form>
  );
}

/** rjsf wants an object schema; a schema-less tool takes an empty object. */
function normalize(schema: unknown): RJSFSchema {
  if (typeof schema !== 'object' || schema === null) return { type: 'object', properties: {} };
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest as RJSFSchema;
}
