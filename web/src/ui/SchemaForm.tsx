/**
 * Forms generated from JSON Schema (tool inputSchema, elicitation requestedSchema) with @rjsf
 * and the shared validator (schemaValidator.ts). What the form shows is what is sent: the
 * schema's defaults are in the value from the start (formDefaults.ts), empty optional fields
 * stay out of it, and selects and checkboxes show the value as it is (formWidgets.tsx).
 */
import { useMemo, type ReactNode, type Ref } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { formButtons } from './formButtons.js';
import { formSchema, formValidator } from './schemaValidator.js';
import { DEFAULTS_BEHAVIOR, useSeededDefaults } from './formDefaults.js';
import { formWidgets } from './formWidgets.js';
import { choiceUiSchema } from './choiceFields.js';

export type SchemaFormHandle = Form<unknown, RJSFSchema>;

export interface SchemaFormProps {
  schema: unknown;
  value: unknown;
  onChange: (value: unknown) => void;
  onSubmit: (value: unknown) => void;
  idPrefix: string;
  children?: ReactNode;
  /** For validating from outside (a send button that is not the form's own). */
  formRef?: Ref<SchemaFormHandle>;
  /** Check each change as it is made (and show what is wrong at its field). */
  liveValidate?: boolean;
  /** The form's own list of errors above the fields; off where a summary is shown elsewhere. */
  showErrorList?: false | 'top';
  /** A submit held back by validation. */
  onError?: () => void;
}

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

export function SchemaForm({
  schema,
  value,
  onChange,
  onSubmit,
  idPrefix,
  children,
  formRef,
  liveValidate = false,
  showErrorList = 'top',
  onError,
}: SchemaFormProps) {
  useSeededDefaults(schema, value, onChange);
  const shape = formSchema(schema);
  const ui = useMemo(() => choiceUiSchema(shape, uiSchema), [shape]);
  return (
    <Form
      ref={formRef}
      className="schema-form"
      schema={shape}
      uiSchema={ui}
      templates={{ ButtonTemplates: formButtons }}
      widgets={formWidgets}
      validator={formValidator}
      formData={value}
      idPrefix={idPrefix}
      noHtml5Validate
      showErrorList={showErrorList}
      liveValidate={liveValidate ? 'onChange' : false}
      focusOnFirstError
      experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOR}
      onChange={(e) => onChange(e.formData)}
      onSubmit={(e) => onSubmit(e.formData)}
      onError={() => onError?.()}
    >
      {children}
    </Form>
  );
}
