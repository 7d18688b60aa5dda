/**
 * Arguments three ways, kept in step: the generated form, the JSON editor (validating against
 * the same schema), and raw mode, which sends the typed line exactly, valid JSON or not.
 */
import { useEffect, useState } from 'react';
import { SchemaForm } from '../../ui/SchemaForm.js';
import { JsonEditor, preloadJsonEditorWhenIdle } from '../../ui/JsonEditor.js';
import { ErrorBoundary } from '../../ui/ErrorBoundary.js';
import { useSeededDefaults } from '../../ui/formDefaults.js';
import type { ArgsCheckBinding, ArgsMode } from './useArgsCheck.js';

export type { ArgsMode };

export interface ArgsEditorProps {
  id: string;
  schema: unknown;
  value: unknown;
  onChange: (value: unknown) => void;
  mode: ArgsMode;
  onMode: (mode: ArgsMode) => void;
  raw: string;
  onRaw: (text: string) => void;
  /** Enter in the form (or Ctrl+Enter in the editors) sends. */
  onSubmit: () => void;
  dark: boolean;
  /** Which ways to offer (default all three). */
  modes?: readonly ArgsMode[];
  /** Checking before a send (useArgsCheck): the form then marks the fields it rejects. */
  check?: ArgsCheckBinding;
}

export function ArgsEditor({
  id,
  schema,
  value,
  onChange,
  mode,
  onMode,
  raw,
  onRaw,
  onSubmit,
  dark,
  modes = ['form', 'json', 'raw'],
  check,
}: ArgsEditorProps) {
  const [text, setText] = useState(() => JSON.stringify(value ?? {}, null, 2));
  const [parseError, setParseError] = useState<string | undefined>();

  // The defaults are the value in every mode, the JSON editor's and the raw line's starting point too.
  useSeededDefaults(schema, value, onChange);

  // Someone is about to edit arguments: have the JSON tab ready before it is clicked.
  useEffect(() => preloadJsonEditorWhenIdle(), []);

  // The form changed the value: show it in the editor, unless the editor is what changed it.
  useEffect(() => {
    if (mode !== 'json') setText(JSON.stringify(value ?? {}, null, 2));
  }, [value, mode]);

  const onText = (next: string): void => {
    setText(next);
    let problem: string | undefined;
    try {
      onChange(JSON.parse(next));
    } catch (error) {
      problem = (error as Error).message;
    }
    setParseError(problem);
    check?.onParseError(problem);
  };

  return (
    <div className="args-editor" onKeyDown={(e) => e.key === 'Enter' && (e.ctrlKey || e.metaKey) && (e.preventDefault(), onSubmit())}>
      <div className="seg" role="tablist" aria-label="How to write the arguments">
        {modes.map((m) => (
          <button key={m} type="button" role="tab" aria-selected={mode === m} className={mode === m ? 'on' : ''} onClick={() => onMode(m)}>
            {m === 'form' ? 'Form' : m === 'json' ? 'JSON' : 'Raw line'}
          </button>
        ))}
      </div>
      {mode === 'form' && (
        <ErrorBoundary
          resetKey={schema}
          fallback={(error) => (
            <div className="banner-box warn" role="alert" data-testid="form-failed">
              This schema cannot be shown as a form ({error.message}). Write the arguments in the JSON editor or as a raw line instead.
            </div>
          )}
        >
          <SchemaForm
            schema={schema}
            value={value}
            onChange={onChange}
            onSubmit={() => onSubmit()}
            idPrefix={id}
            {...(check
              ? { formRef: check.formRef, liveValidate: check.liveValidate, onError: check.onFormError, showErrorList: false as const }
              : {})}
          >
            <button type="submit" className="visually-hidden" tabIndex={-1}>
              Send
            </button>
          </SchemaForm>
        </ErrorBoundary>
      )}
      {mode === 'json' && (
        <>
          <JsonEditor value={text} onChange={onText} schema={schema} path={`args-${id}`} dark={dark} label="Arguments as JSON" />
          {parseError ? (
            <p className="error" role="status">
              Not valid JSON yet ({parseError}); the last valid value is kept.
            </p>
          ) : (
            <p className="status">Checked against the tool's inputSchema as you type. Ctrl+Enter sends.</p>
          )}
        </>
      )}
      {mode === 'raw' && (
        <>
          <label htmlFor={`${id}-raw`}>The whole line, sent exactly as typed (invalid JSON included); Ctrl+Enter sends</label>
          <textarea
            id={`${id}-raw`}
            rows={6}
            value={raw}
            onChange={(e) => onRaw(e.target.value)}
            spellCheck={false}
            data-testid="raw-line"
          />
        </>
      )}
    </div>
  );
}
