/**
 * The timeline's lint pass (ADR 6): started by the index's worker, it reads the same source
 * and sends back findings by seq, so the index's rows need not wait for lint.
 */
import { LintHost } from '../../../../protocol/timeline/lintPass.js';

interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const host = new LintHost((answer) => scope.postMessage(answer));
scope.onmessage = (event) => host.receive(event.data);
