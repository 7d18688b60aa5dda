import { useState } from 'react';

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
          Show all {text.length.toLocaleString()} characters ({(text.length - shown.length).toLocaleString()} more)
        </button>
      )}
    </>
  );
}

export function JsonView({ value, testId }: { value: unknown; testId?: string }) {
  return <Clipped text={JSON.stringify(value, null, 2) ?? 'undefined'} {...(testId ? { testId } : {})} />;
}
