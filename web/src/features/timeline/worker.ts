/**
 * The timeline's Web Worker: the index and everything that grows with the session (parsing,
 * pairing, lint, filtering, sorting) off the page's main thread. Built by Vite as a module
 * worker; the page talks to it through client.ts.
 */
import { TimelineHost } from '../../../../protocol/timeline/host.js';

interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const host = new TimelineHost((answer) => scope.postMessage(answer));
scope.onmessage = (event) => host.receive(event.data);
