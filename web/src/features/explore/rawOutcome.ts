/** What became of a line sent in raw mode, read from the session model like any other exchange. */
import type { Outcome } from '../../../../protocol/clientSession.js';
import type { SessionModel } from '../../../../protocol/session.js';
import { classifyText, type JsonRpcId } from '../../../../protocol/jsonrpc.js';

export function rawRequestId(text: string): JsonRpcId | undefined {
  const c = classifyText(text);
  return c.kind === 'request' ? c.id : undefined;
}

export function rawOutcome(model: SessionModel, conn: string, id: JsonRpcId): Outcome | undefined {
  const exchange = model.exchanges.get(conn, 'client', id);
  if (exchange?.responseSeq === undefined) return undefined;
  const message = model.messages.get(exchange.responseSeq);
  const c = message?.classified;
  if (c?.kind === 'result')
    return { kind: 'result', id, result: (typeof c.result === 'object' && c.result !== null ? c.result : {}) as Record<string, unknown> };
  if (c?.kind === 'error') return { kind: 'error', id, error: c.error };
  return undefined;
}
