/**
 * Which stdout lines of an HTTP connection are no messages of the conversation: the body of a
 * GET or DELETE the server refused (405: no stream here, or no ending sessions; 404: the session
 * is gone). Those requests carry no JSON-RPC message, so the JSON-RPC error an SDK server puts
 * in such a body ("id": null) answers nothing; the status is what the server said, and the
 * transport already writes in the record what it means. A POST's body is judged unless the
 * status refused it and it is no JSON at all (a server's 404 page: HTTP lets an error status carry
 * any page). The data of an older server's `endpoint` event is a URL, not a message; it should be
 * the stream's first event (the Streamable HTTP revisions' backwards compatibility expects it so).
 */
import type { HttpEvent, Stream } from '../envelope.js';
import { ENDPOINT_EVENT } from '../http/legacyEndpoint.js';

export class HttpRefusals {
  /** Open exchanges whose request carried no message: req -> whether the server refused it. */
  private readonly bodiless = new Map<string, boolean>();
  /** Open POSTs the server answered with an error status. */
  private readonly refusedPosts = new Set<string>();
  /** The last event was an SSE `endpoint` event: the line after it is its data. */
  private endpoint = false;
  /** The exchange of the last http event: the stdout line right after it is its body. */
  private last: string | undefined;
  /** Open streams: how many SSE events each carried so far. */
  private readonly sseEvents = new Map<string, number>();

  /** An http event; for an `endpoint` event that is not its stream's first, how many came before it. */
  onHttp(event: HttpEvent): number | undefined {
    this.last = event.req;
    this.endpoint = false;
    switch (event.phase) {
      case 'request':
        if (event.method !== 'POST') this.bodiless.set(event.req, false);
        return;
      case 'response':
        if (this.bodiless.has(event.req)) this.bodiless.set(event.req, event.status >= 300);
        else if (event.status >= 300) this.refusedPosts.add(event.req);
        return;
      case 'sse-event': {
        this.endpoint = event.event === ENDPOINT_EVENT;
        const before = this.sseEvents.get(event.req) ?? 0;
        this.sseEvents.set(event.req, before + 1);
        return this.endpoint && before > 0 ? before : undefined;
      }
      case 'end':
      case 'error':
        this.bodiless.delete(event.req);
        this.refusedPosts.delete(event.req);
        this.sseEvents.delete(event.req);
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
  isRefusalBody(stream: Stream, nonJson: boolean): boolean {
    const req = this.last;
    const endpoint = this.endpoint;
    this.last = undefined;
    this.endpoint = false;
    if (stream !== 'stdout' || req === undefined) return false;
    return this.bodiless.get(req) === true || endpoint || (nonJson && this.refusedPosts.has(req));
  }
}
