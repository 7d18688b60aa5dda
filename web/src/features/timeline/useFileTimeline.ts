/**
 * A session file's timeline: the file was read in the page already (it came from the file
 * picker), so its events go to a worker of their own as events frames, in slices, the way the
 * live socket hands frames over; the worker indexes them off the main thread.
 */
import { useEffect, useMemo } from 'react';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import { WorkerTimelineClient } from './client.js';
import { timelineWorker } from './timelineWorker.js';

/** Events per frame: small enough that no one message is a long task to post or to parse. */
const SLICE = 5000;

export function useFileTimelineClient(events: readonly BridgeEvent[], name: string): WorkerTimelineClient {
  const client = useMemo(() => new WorkerTimelineClient(timelineWorker), []);
  useEffect(() => {
    client.setSource({ kind: 'live', session: `file:${name}` });
    for (let i = 0; i < events.length; i += SLICE) client.push(JSON.stringify({ type: 'events', events: events.slice(i, i + SLICE) }));
    return () => client.dispose();
  }, [client, events, name]);
  return client;
}
