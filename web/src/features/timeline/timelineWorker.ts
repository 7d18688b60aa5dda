/** The app's timeline worker, a file of its own that Vite builds beside the bundle (the HTML viewer inlines its own). */
import type { TimelinePort } from './client.js';

export function timelineWorker(): TimelinePort {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'timeline' }) as unknown as TimelinePort;
}
