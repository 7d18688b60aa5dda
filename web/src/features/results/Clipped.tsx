import { useState } from 'react';
import { formatCount } from '../../ui/count.js';

const LIMIT = 100_000;

/** Long text is cut at 100 000 characters with a button for the rest, so results of several megabytes never freeze the page. */
export function Clipped({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  const [all, setAll] = useState(false);
  const shown = all || text.length <= LIMIT ? text : text.slice(0, LIMIT);
  return (
    <>
      <pre className={className ?? 'mono-block'} data-testid={testId}>
        {shown}
      </pre>
      {shown.length < text.length && (
        <button type="button" onClick={() => setAll(true)}>
          Show all {formatCount(text.length)} characters ({formatCount(text.length - shown.length)} more)
        </button>
      )}
    </>
  );
}

const written = new WeakMap<object, string>();

/** The value as indented JSON, written out once per object however often it is shown. */
function jsonText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value, null, 2) ?? 'undefined';
  let text = written.get(value);
  if (text === undefined) {
    try {
      text = JSON.stringify(value, null, 2);
    } catch (error) {
      text = `(cannot be shown as JSON: ${(error as Error).message})`;
    }
    written.set(value, text);
  }
  return text;
}

export function JsonView({ value, testId }: { value: unknown; testId?: string }) {
  return <Clipped text={jsonText(value)} {...(testId ? { testId } : {})} />;
}
