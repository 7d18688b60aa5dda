import { useStore, useSnapshot } from '../../session/StoreContext.js';
import type { RunResult } from '../explore/useRun.js';
import { EmbeddedResource } from '../results/ContentBlocks.js';
import { ResultView } from '../results/ResultView.js';
import { Clipped } from '../results/Clipped.js';
import { decodeTextBlob, readContents } from '../../../../protocol/resourceInfo.js';
import type { SessionModel } from '../../../../protocol/session.js';

/** A resources/read answer: each content item rendered by MIME type, then the raw result and its exact lines. */
export function ReadResult({ conn, uri, result }: { conn: string; uri?: string | undefined; result: RunResult }) {
  const store = useStore();
  useSnapshot(); // the exact lines come from the model as events arrive
  const outcome = result.outcome;
  const read = requestedUri(store.model, conn, result) ?? uri;
  return (
    <div className="read-result">
      {read !== undefined && (
        <p className="status">
          read <code>{read}</code>
        </p>
      )}
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
      {items.map((item, i) => {
        const decoded = decodeTextBlob(item);
        return (
          <div key={i} className="content-item">
            <EmbeddedResource resource={item} />
            {decoded !== undefined && (
              <details>
                <summary>the blob decoded as UTF-8 text</summary>
                <Clipped text={decoded} testId="blob-text" />
              </details>
            )}
          </div>
        );
      })}
    </section>
  );
}

/** The uri the last round of the request asked for, as written on the wire. */
function requestedUri(model: SessionModel, conn: string, result: RunResult): string | undefined {
  const id = result.ids.at(-1);
  if (id === undefined) return undefined;
  const exchange = model.exchanges.get(conn, 'client', id);
  const c = exchange === undefined ? undefined : model.messages.get(exchange.requestSeq)?.classified;
  if (c?.kind !== 'request' || typeof c.params !== 'object' || c.params === null) return undefined;
  const uri = (c.params as Record<string, unknown>).uri;
  return typeof uri === 'string' ? uri : undefined;
}
