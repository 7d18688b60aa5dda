/**
 * The timeline clients the app holds: one for the live session, fed by the page's socket, and
 * one per journal opened from the sidebar. Each owns a worker for as long as it is shown.
 */
import { useEffect, useMemo } from 'react';
import type { SessionStore } from '../../session/sessionStore.js';
import { WorkerTimelineClient } from './client.js';
import { timelineWorker } from './timelineWorker.js';

/** The live session's timeline: every events frame goes to the worker as it arrives. */
export function useLiveTimelineClient(store: SessionStore): WorkerTimelineClient {
  const client = useMemo(() => new WorkerTimelineClient(timelineWorker), []);
  useEffect(() => {
    const off = store.onEventsFrame((text, session) => {
      // A new session (the first welcome, or a restarted bridge): its rows start over. Set
      // here, in the frame's own turn, so no frame reaches the worker ahead of its source.
      // The worker reads what came before from the journal (newest first) rather than wait for
      // this page's socket to replay it; frames it already has are skipped.
      if (client.session !== session) client.setSource({ kind: 'live', session, backlog: store.journalSource(session) });
      client.push(text);
    });
    return () => {
      off();
      client.dispose();
    };
  }, [store, client]);
  return client;
}

/** An earlier session's journal, read by the worker from the bridge (tail first, then its saved index or the whole). */
export function useJournalTimelineClient(store: SessionStore, session: string): WorkerTimelineClient {
  const client = useMemo(() => new WorkerTimelineClient(timelineWorker), []);
  useEffect(() => {
    // With its saved index when the bridge keeps one (ADR 7); the worker keeps one after a fold.
    client.setSource({ kind: 'journal', ...store.journalSource(session), index: store.savedIndexUrl(session) });
    return () => client.dispose();
  }, [client, store, session]);
  return client;
}
