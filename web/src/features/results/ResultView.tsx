import { memo, useState, type ReactNode } from 'react';
import type { Outcome } from '../../../../protocol/clientSession.js';
import { errorCodeName, explainError, type JsonRpcId } from '../../../../protocol/jsonrpc.js';
import { ContentBlocks } from './ContentBlocks.js';
import { JsonView } from './Clipped.js';
import type { Verdict } from './verdict.js';
import { useVerdict } from './verdictClient.js';
import { WireLines } from './WireLines.js';

export interface ResultViewProps {
  outcome: Outcome;
  conn: string;
  ids: JsonRpcId[];
  method: string;
  outputSchema?: unknown;
  onReadResource?: (uri: string) => void;
}

/**
 * A result shown stays as rendered while the panel around it re-renders on every event: with a
 * result of 10 MiB, rendering it again (its JSON written out twice) took most of each frame.
 * `onReadResource` may be a new function each time; what it does (open a resource) does not change.
 */
export const ResultView = memo(
  ResultViewBody,
  (a, b) => a.outcome === b.outcome && a.conn === b.conn && a.ids === b.ids && a.method === b.method && a.outputSchema === b.outputSchema,
);

function ResultViewBody({ outcome, conn, ids, method, outputSchema, onReadResource }: ResultViewProps) {
  return (
    <section className="result" aria-label="Result" data-testid="result" data-kind={outcomeKind(outcome)}>
      <OutcomeBody outcome={outcome} method={method} outputSchema={outputSchema} onReadResource={onReadResource} />
      <WireLines conn={conn} ids={ids} />
    </section>
  );
}

function outcomeKind(outcome: Outcome): string {
  if (outcome.kind === 'result' && outcome.result.isError === true) return 'tool-error';
  return outcome.kind;
}

function OutcomeBody({ outcome, method, outputSchema, onReadResource }: Omit<ResultViewProps, 'conn' | 'ids'>) {
  switch (outcome.kind) {
    case 'error':
      return (
        <div className="banner-box bad" role="alert" data-testid="jsonrpc-error">
          <strong>JSON-RPC error: the request itself was refused.</strong> {outcome.error.code} {errorCodeName(outcome.error.code)}:{' '}
          {outcome.error.message}
          <div>{explainError(outcome.error)}</div>
          {outcome.error.data !== undefined && <JsonView value={outcome.error.data} />}
        </div>
      );
    case 'invalid':
      return (
        <div className="banner-box bad" role="alert" data-testid="invalid-response">
          <strong>The server answered, but not with a valid JSON-RPC response:</strong> {outcome.reason}.{' '}
          {outcome.message === undefined ? (
            // A message nested past the limit is refused before it is read: there is no value to show.
            'What came is not shown here: it nests too deep to read. Its line, as it came, is in the timeline.'
          ) : (
            <>
              What came:
              <JsonView value={outcome.message} />
            </>
          )}
        </div>
      );
    case 'timeout':
      return (
        <div className="banner-box bad" role="alert">
          No answer within {outcome.afterMs} ms: the request timed out and notifications/cancelled was sent.
        </div>
      );
    case 'cancelled':
      return <div className="banner-box">Cancelled ({outcome.reason}); the server was told with notifications/cancelled.</div>;
    case 'transport':
      return (
        <div className="banner-box bad" data-testid="transport-outcome">
          No answer over HTTP: {outcome.reason}
        </div>
      );
    case 'closed':
      return (
        <div className="banner-box bad" data-testid="closed-outcome">
          {outcome.reason} before answering.
        </div>
      );
    case 'result':
      return <ResultBody result={outcome.result} method={method} outputSchema={outputSchema} onReadResource={onReadResource} />;
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

function ResultBody({
  result,
  method,
  outputSchema,
  onReadResource,
}: {
  result: Record<string, unknown>;
  method: string;
  outputSchema?: unknown;
  onReadResource?: ((uri: string) => void) | undefined;
}) {
  const isError = result.isError === true;
  return (
    <>
      {isError && (
        <div className="banner-box warn" role="alert" data-testid="tool-error">
          <strong>The tool ran and reported an error (isError: true).</strong> The request was fine; the tool failed. Its output:
        </div>
      )}
      {typeof result.resultType === 'string' && result.resultType !== 'complete' && (
        <div className="banner-box">resultType: {result.resultType}</div>
      )}
      {method === 'tools/call' && <ContentBlocks blocks={result.content} onReadResource={onReadResource} />}
      {'structuredContent' in result && <Structured value={result.structuredContent} schema={outputSchema} />}
      {method !== 'tools/call' && <JsonView value={result} testId="result-json" />}
      {method === 'tools/call' && (
        <LazyDetails summary="the whole result as JSON">
          <JsonView value={result} testId="result-json" />
        </LazyDetails>
      )}
    </>
  );
}

function verdictText(verdict: Verdict): string {
  switch (verdict.kind) {
    case 'valid':
      return '✓ matches outputSchema';
    case 'invalid':
      return '✕ does not match outputSchema';
    case 'no-schema':
      return 'no outputSchema to check against';
    case 'unusable':
      return `outputSchema unusable: ${verdict.reason}`;
    case 'pending':
      return 'checking against outputSchema…';
    case 'stopped':
      return `not checked: ${verdict.reason}`;
    default: {
      const never: never = verdict;
      return never;
    }
  }
}

function Structured({ value, schema }: { value: unknown; schema: unknown }) {
  const verdict = useVerdict(value, schema);
  return (
    <div className="block" data-testid="structured">
      <div className="row">
        <strong>structuredContent</strong>
        <span className={`pill verdict-${verdict.kind}`} data-testid="verdict">
          {verdictText(verdict)}
        </span>
      </div>
      {(verdict.kind === 'valid' || verdict.kind === 'invalid') && verdict.unchecked !== '' && (
        <p className="muted" data-testid="verdict-unchecked">
          {verdict.unchecked}
        </p>
      )}
      {verdict.kind === 'invalid' && (
        <ul className="errors">
          {verdict.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <JsonView value={value} />
    </div>
  );
}

/** A <details> whose body is rendered only once it is first opened. */
function LazyDetails({ summary, children }: { summary: string; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{summary}</summary>
      {opened && children}
    </details>
  );
}
