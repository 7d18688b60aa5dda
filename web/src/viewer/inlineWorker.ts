/**
 * The viewer's worker from its own text: a page opened from file:// may not start a worker from
 * a file (its origin is opaque), but may from a blob: URL it made, which its CSP allows
 * (`worker-src blob:`) and whose worker inherits that CSP.
 */
import source from 'virtual:mcp-lens-viewer-worker';
import type { TimelinePort } from '../features/timeline/client.js';

let url: string | undefined;

export function inlineTimelineWorker(): TimelinePort {
  url ??= URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  return new Worker(url, { name: 'timeline' }) as unknown as TimelinePort;
}
