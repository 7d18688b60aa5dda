/**
 * The timeline of a file opened from disk: its events arrive already cut into events frames (by
 * the opener's worker), and go to a timeline worker of their own as the live socket's frames do.
 */
import { useEffect, useMemo } from 'react';
import { WorkerTimelineClient } from '../timeline/client.js';
import { timelineWorker } from '../timeline/timelineWorker.js';

export function useFramesTimelineClient(frames: readonly string[], name: string): WorkerTimelineClient {
  const client = useMemo(() => new WorkerTimelineClient(timelineWorker), []);
  useEffect(() => {
    client.setSource({ kind: 'live', session: `file:${name}` });
    for (const frame of frames) client.push(frame);
    return () => client.dispose();
  }, [client, frames, name]);
  return client;
}
