/**
 * Arguments are checked against the schema before they are sent. A send that would carry
 * arguments the schema rejects is held back: the form marks the fields (and keeps checking as
 * the user types), a summary lists the problems, and "send anyway" lets a server be tested
 * with bad input on purpose. Raw lines are never checked: they go out exactly as typed.
 */
import { useMemo, useRef, useState, type RefObject } from 'react';
import { checkArguments } from '../../ui/schemaValidator.js';
import type { SchemaFormHandle } from '../../ui/SchemaForm.js';

/** What ArgsEditor needs to show the check at the fields. */
export interface ArgsCheckBinding {
  formRef: RefObject<SchemaFormHandle | null>;
  liveValidate: boolean;
  onFormError: () => void;
  onParseError: (message: string | undefined) => void;
}

export interface ArgsSummary {
  /** held: the last send was stopped; sent-anyway: the user sent it regardless. */
  state: 'held' | 'sent-anyway';
  problems: string[];
  /** The JSON text does not parse: nothing can be sent from it (raw mode sends text as typed). */
  parseError?: string;
}

/** How the arguments are being edited: the generated form, the JSON editor, or the raw line. */
export type ArgsMode = 'form' | 'json' | 'raw';

export function useArgsCheck(schema: unknown, value: unknown, mode: ArgsMode) {
  const formRef = useRef<SchemaFormHandle | null>(null);
  const [parseError, setParseError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | ArgsSummary['state']>('idle');
  const check = useMemo(() => checkArguments(schema, value), [schema, value]);
  const problems = mode === 'raw' || !check.ok ? [] : check.problems;
  const unparsable = mode === 'json' ? parseError : undefined;

  const binding: ArgsCheckBinding = {
    formRef,
    liveValidate: state !== 'idle',
    onFormError: () => setState('held'),
    onParseError: setParseError,
  };
  const summary: ArgsSummary | undefined =
    state === 'idle' || (problems.length === 0 && unparsable === undefined)
      ? undefined
      : { state, problems, ...(unparsable === undefined ? {} : { parseError: unparsable }) };

  return {
    binding,
    summary,
    /** Why the schema could not be used to check (then arguments go out unchecked). */
    unchecked: mode !== 'raw' && !check.ok ? check.reason : undefined,
    /** True when the arguments may go out now; otherwise what is wrong is shown instead. */
    beforeSend: (): boolean => {
      if (mode === 'raw') return true;
      if (unparsable === undefined && problems.length === 0) {
        setState('idle');
        return true;
      }
      setState('held');
      if (mode === 'form') formRef.current?.validateForm();
      return false;
    },
    sentAnyway: (): void => setState('sent-anyway'),
  };
}
