import { useSnapshot } from '../../session/StoreContext.js';
import type { RunResult } from '../explore/useRun.js';
import { EmbeddedResource } from '../results/ContentBlocks.js';
import { ResultView } from '../results/ResultView.js';
import { readContents } from './resourceInfo.js';

/** A resources/read answer: each content item rendered by MIME type, then the raw result and its exact lines. */
export function ReadResult({ conn, uri, result }: { conn: string; uri: string; result: RunResult }) {
  useSnapshot(); // the exact lines come from the model as events arrive
  const outcome = result.outcome;
  return (
    <div className="read-result">
      <p className="status">
        read <code>{uri}</code>
      </p>
      {outcome.kind === 'result' && <Contents result={outcome.result} />}
      <ResultView outcome={outcome} conn={conn} ids={result.ids} method="resources/read" />
    </div>
  );
}

function Contents({ result }: { result: Record<string, unknown> }) {
  const { items, problem } = readContents(result);
  return (
    <section className="contents" aria-label="Contents" data-testid="contents">
      <h4>
        contents · {items.length} item{items.length === 1 ? '' : 's'}
      </h4>
      {problem && (
        <div className="banner-box warn" role="note">
          {problem}
        </div>
      )}
      {items.map((item, i) => (
        <EmbeddedResource key={i} resource={item} />
      ))}
    </section>
  );
}
