import { useEffect, useRef } from 'react';
import type { ConnInfo } from '../../../../protocol/session.js';
import { useStore } from '../../session/StoreContext.js';
import { useRun } from '../explore/useRun.js';
import { JsonView } from '../results/Clipped.js';
import { ReadResult } from './ReadResult.js';
import { metadataRows, resourceLabel, type Resource, type ResourceTemplate } from '../../../../protocol/resourceInfo.js';
import { RunControls } from '../explore/RunControls.js';
import { SubscriptionBox } from './SubscriptionBox.js';

export interface ResourceDetailProps {
  info: ConnInfo;
  uri: string;
  /** The listed resource with this URI, when there is one. */
  resource: Resource | undefined;
  /** Read at once when shown (a read request from elsewhere). */
  autoRead: boolean;
}

/** One resource: its metadata, Read, and its subscription. */
export function ResourceDetail({ info, uri, resource, autoRead }: ResourceDetailProps) {
  const store = useStore();
  const conn = info.conn;
  const run = useRun(conn, 'resources/read', uri);
  const session = store.client(conn);
  const read = (): void => run.run({ uri });

  const autoDone = useRef(false);
  useEffect(() => {
    if (!autoRead || autoDone.current || !session) return;
    autoDone.current = true;
    run.run({ uri });
  }, [autoRead, session, run, uri]);

  return (
    <section className="runner" aria-label={`Resource ${uri}`} data-testid="resource-detail">
      <header>
        <h3>{resource ? resourceLabel(resource, uri) : uri}</h3>
        {typeof resource?.description === 'string' && <p className="description">{resource.description}</p>}
      </header>
      {resource ? <Metadata item={resource} /> : <p className="status">Not in the loaded resources list: read directly by URI.</p>}
      {!resource && (
        <dl className="meta-list">
          <dt>uri</dt>
          <dd>
            <code>{uri}</code>
          </dd>
        </dl>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          read();
        }}
      >
        <RunControls sendLabel="Read" testId="read" run={run} disabled={!session} />
      </form>
      <SubscriptionBox info={info} uri={uri} onReadAgain={read} reading={run.running} />
      {run.error && <p className="error">{run.error.message}</p>}
      {run.result && <ReadResult conn={conn} uri={uri} result={run.result} />}
    </section>
  );
}

export function Metadata({ item }: { item: Resource | ResourceTemplate }) {
  const rows = metadataRows(item);
  return (
    <>
      <dl className="meta-list" data-testid="metadata">
        {rows.map(([label, value]) => (
          <div key={label} className="meta-row">
            <dt>{label}</dt>
            <dd>{label === 'uri' || label === 'uriTemplate' ? <code>{value}</code> : value}</dd>
          </div>
        ))}
      </dl>
      <details>
        <summary>as listed (JSON)</summary>
        <JsonView value={item} />
      </details>
    </>
  );
}
