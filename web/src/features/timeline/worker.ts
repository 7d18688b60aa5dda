/**
 * The timeline's Web Worker: the index and everything that grows with the session (parsing,
 * pairing, filtering, sorting) off the page's main thread, with lint in a worker of its own
 * beside it (ADR 6). Built by Vite as a module worker; the page talks to it through client.ts.
 */
import { TimelineHost, type LintLink } from '../../../../protocol/timeline/host.js';

interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const host = new TimelineHost((answer) => scope.postMessage(answer), lintLink());
scope.onmessage = (event) => host.receive(event.data);

/** The lint worker, when this browser lets a worker start one; else the index lints as it folds. */
function lintLink(): LintLink | undefined {
  if (typeof Worker === 'undefined') return undefined;
  try {
    const worker = new Worker(new URL('./lintWorker.ts', import.meta.url), { type: 'module', name: 'timeline-lint' });
    return {
      post: (query) => worker.postMessage(query),
      listen: (handler) => {
        worker.onmessage = (event: MessageEvent<unknown>) => handler(event.data);
      },
    };
  } catch {
    return undefined;
  }
}
