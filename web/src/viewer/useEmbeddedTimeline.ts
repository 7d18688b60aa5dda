/**
 * The embedded session's timeline: its events go to the inlined worker as events frames, in
 * slices, as the app hands a session file's events to its own worker (useFileTimeline.ts).
 */
import { useEffect, useMemo } from 'react';
import type { BridgeEvent } from '../../../protocol/envelope.js';
import { WorkerTimelineClient } from '../features/timeline/client.js';
import { inlineTimelineWorker } from './inlineWorker.js';

/** Events per frame: small enough that no one message is a long task to post or to parse. */
const SLICE = 5000;

export function useEmbeddedTimeline(events: readonly BridgeEvent[]): WorkerTimelineClient {
  const client = useMemo(() => new WorkerTimelineClient(inlineTimelineWorker), []);
  useEffect(() => {
    client.setSource({ kind: 'live', session: 'embedded' });
    for (let i = 0; i < events.length; i += SLICE) client.push(JSON.stringify({ type: 'events', events: events.slice(i, i + SLICE) }));
    return () => client.dispose();
  }, [client, events]);
  return client;
}
