/**
 * The HTML viewer's timeline worker: the app's index (protocol/timeline/host.ts) with lint in
 * its own fold. The app gives lint a second worker (ADR 6) for sessions of millions of events
 * arriving live; a file opened from disk is folded once, and a worker started from inside an
 * inlined worker would be a second copy of the code in the file for that alone.
 */
import './noEval.js';
import { TimelineHost } from '../../../protocol/timeline/host.js';

interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const host = new TimelineHost((answer) => scope.postMessage(answer));
scope.onmessage = (event) => host.receive(event.data);
