import { useId, useState } from 'react';
import { useCompletion, type CompletionRef } from '../explore/completion.js';

export interface ArgumentInputProps {
  conn: string;
  completionRef: CompletionRef;
  name: string;
  label: string;
  hint?: string | undefined;
  description?: string | undefined;
  /** true: marked required; false: marked optional; undefined: no mark (template variables). */
  required?: boolean | undefined;
  value: string;
  onChange: (value: string) => void;
  /** The other arguments' current values, sent as completion context. */
  context: Readonly<Record<string, string>>;
}

/** How many suggestions are shown as buttons; all of them are in the input's list. */
const SHOWN = 12;

/**
 * One text argument (prompt argument or template variable), with suggestions from
 * completion/complete in a datalist once the user has worked with the field.
 */
export function ArgumentInput({
  conn,
  completionRef,
  name,
  label,
  hint,
  description,
  required,
  value,
  onChange,
  context,
}: ArgumentInputProps) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const completion = useCompletion(conn, completionRef, name, value, context, { enabled: touched });
  const listId = `${id}-suggestions`;
  const more = completion.values.length - SHOWN;
  const describedBy = [description ? `${id}-desc` : '', completion.supported ? `${id}-status` : ''].filter(Boolean).join(' ');
  return (
    <div className="arg-field" data-testid="arg-field" data-name={name}>
      <label htmlFor={id}>
        <span className="arg-name">{label}</span>
        {required ? (
          <span className="required" title="required">
            {' '}
            * <span className="visually-hidden">(required)</span>
          </span>
        ) : (
          required === false && <span className="status"> (optional)</span>
        )}
        {hint && <code className="status arg-hint"> {hint}</code>}
      </label>
      <input
        id={id}
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onFocus={() => setTouched(true)}
        list={completion.supported ? listId : undefined}
        autoComplete="off"
        spellCheck={false}
        aria-required={required ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-testid="arg-input"
      />
      {completion.supported && (
        <datalist id={listId} data-testid="suggestions">
          {completion.values.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      )}
      {description && (
        <div id={`${id}-desc`} className="status">
          {description}
        </div>
      )}
      {completion.supported && (
        <div id={`${id}-status`} className="suggestions" aria-live="polite">
          {completion.error ? (
            <span className="status bad">completion failed: {completion.error}</span>
          ) : (
            touched && !completion.loading && completion.values.length === 0 && <span className="status">no suggestions</span>
          )}
          {completion.values.slice(0, SHOWN).map((v) => (
            <button
              key={v}
              type="button"
              className="chip"
              onClick={() => onChange(v)}
              aria-label={`Use suggestion ${v}`}
              data-testid="suggestion"
            >
              {v}
            </button>
          ))}
          {(more > 0 || completion.hasMore === true || (completion.total ?? 0) > completion.values.length) && (
            <span className="status">
              {more > 0 && `+${more} in the list`}
              {completion.total !== undefined && ` · ${completion.total} in all`}
              {completion.hasMore === true && ' · the server has more'}
            </span>
          )}
          {completion.loading && <span className="status">asking…</span>}
        </div>
      )}
    </div>
  );
}
