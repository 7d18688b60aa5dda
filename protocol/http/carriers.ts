/**
 * Which request each POST of an HTTP connection carried, so its body is read as that request's
 * answer and its refusal closes it. Over HTTP the exchange itself says what a body answers:
 * - the probe's (server/discover's) body is its answer even with `"id": null`, which is how a
 *   handshake-only server refuses a request that comes without a session: the probe is ours,
 *   and its refusal is the answer auto waits for, no stray error;
 * - a POST refused with an error status and no answer in its body (a 404 page) closes the
 *   request it carried: the server never took it, so it is sent again (an older server's
 *   initialize, to its endpoint) without clashing with itself.
 */
import type { HttpEvent } from '../envelope.js';
import { sameId, type JsonRpcId } from '../jsonrpc.js';

/** The request a refused POST's body answers even without its id. */
const PROBE = 'server/discover';

interface Carried {
  /** The exchange key of the request the POST carried. */
  exchange?: string;
  method?: string;
  id?: JsonRpcId;
  status?: number;
  answered: boolean;
}

export class HttpCarriers {
  private readonly byReq = new Map<string, Carried>();
  /** The exchange of the last http event: the line right after it belongs to it. */
  private last: string | undefined;

  onHttp(event: HttpEvent): string | undefined {
    this.last = event.req;
    switch (event.phase) {
      case 'request':
        if (event.method === 'POST') this.byReq.set(event.req, { answered: false });
        return undefined;
      case 'response': {
        const carried = this.byReq.get(event.req);
        if (carried) carried.status = event.status;
        return undefined;
      }
      case 'sse-event':
        return undefined;
      case 'end':
      case 'error': {
        const carried = this.byReq.get(event.req);
        this.byReq.delete(event.req);
        if (!carried || carried.answered || carried.exchange === undefined) return undefined;
        const refused = event.phase === 'error' ? carried.status === undefined : (carried.status ?? 0) >= 400;
        return refused ? carried.exchange : undefined;
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  }

  /** A client line: the request right after a POST's request event is what it carries. */
  onClientRequest(exchange: string, method: string, id: JsonRpcId): void {
    const carried = this.last === undefined ? undefined : this.byReq.get(this.last);
    this.last = undefined;
    if (carried && carried.exchange === undefined) Object.assign(carried, { exchange, method, id });
  }

  /**
   * A server line right after an event of its exchange: the request id it answers when its own
   * id does not say (the probe refused with `"id": null`), and marks the request answered.
   */
  onServerAnswer(id: JsonRpcId | null | undefined): JsonRpcId | undefined {
    const carried = this.last === undefined ? undefined : this.byReq.get(this.last);
    this.last = undefined;
    if (!carried || carried.id === undefined) return undefined;
    if (id !== null && id !== undefined && sameId(id, carried.id)) carried.answered = true;
    else if (id === null && carried.method === PROBE && (carried.status ?? 0) >= 400) {
      carried.answered = true;
      return carried.id;
    }
    return undefined;
  }

  /** Any other line: it follows no http event any more. */
  onOtherLine(): void {
    this.last = undefined;
  }
}
