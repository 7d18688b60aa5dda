/**
 * Which stdout lines of an HTTP connection are no messages of the conversation: the body of a
 * GET or DELETE the server refused (405: no stream here, or no ending sessions; 404: the session
 * is gone). Those requests carry no JSON-RPC message, so the JSON-RPC error an SDK server puts
 * in such a body ("id": null) answers nothing; the status is what the server said, and the
 * transport already writes in the record what it means. A POST's body is always judged.
 */
import type { HttpEvent, Stream } from '../envelope.js';

export class HttpRefusals {
  /** Open exchanges whose request carried no message: req -> whether the server refused it. */
  private readonly bodiless = new Map<string, boolean>();
  /** The exchange of the last http event: the stdout line right after it is its body. */
  private last: string | undefined;

  onHttp(event: HttpEvent): void {
    this.last = event.req;
    switch (event.phase) {
      case 'request':
        if (event.method !== 'POST') this.bodiless.set(event.req, false);
        return;
      case 'response':
        if (this.bodiless.has(event.req)) this.bodiless.set(event.req, event.status >= 300);
        return;
      case 'sse-event':
        return;
      case 'end':
      case 'error':
        this.bodiless.delete(event.req);
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
  }

  /**
   * A line of the connection: whether it is the body of a refused GET or DELETE. Only the line
   * right after its exchange's event is (notes, which the engine writes between a response and
   * its body, do not reach here).
   */
  isRefusalBody(stream: Stream): boolean {
    const req = this.last;
    this.last = undefined;
    return stream === 'stdout' && req !== undefined && this.bodiless.get(req) === true;
  }
}
