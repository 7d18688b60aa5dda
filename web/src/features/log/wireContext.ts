/**
 * What one line means in its conversation, for the log detail: why it is invalid, which request
 * a response answers, and what became of a request. Pure, over the session model's pairing.
 */
import type { Exchange, ExchangeTracker, WireMessage } from '../../../../protocol/exchanges.js';

export interface WireModel {
  messages: ReadonlyMap<number, WireMessage>;
  exchanges: ExchangeTracker;
}

export function wireContext(model: WireModel, seq: number): string[] {
  const message = model.messages.get(seq);
  if (!message) return [];
  const out: string[] = [];
  if (message.classified.kind === 'invalid') out.push(`invalid: ${message.classified.reason}`);
  const pairing = message.pairing;
  const exchange = 'exchange' in pairing && pairing.exchange !== undefined ? model.exchanges.exchanges.get(pairing.exchange) : undefined;
  switch (pairing.kind) {
    case 'request':
    case 'duplicate-request-id':
      if (pairing.kind === 'duplicate-request-id') out.push('reuses the id of a request still waiting for its answer');
      if (exchange) out.push(fate(exchange));
      break;
    case 'response':
      if (exchange) out.push(`answers ${name(exchange)} (event #${exchange.requestSeq})${after(exchange)}`);
      break;
    case 'late-response':
      if (exchange) out.push(`a late answer to ${name(exchange)} (event #${exchange.requestSeq}), after it ${lateWhy(exchange)}`);
      break;
    case 'duplicate-response':
      if (exchange) out.push(`a second answer to ${name(exchange)} (event #${exchange.requestSeq}); the first one counts`);
      break;
    case 'unknown-id':
      out.push('answers no request seen on this connection');
      break;
    case 'progress':
      if (exchange) out.push(`progress of ${name(exchange)} (event #${exchange.requestSeq})`);
      break;
    case 'cancel':
      if (exchange) out.push(`cancels ${name(exchange)} (event #${exchange.requestSeq})`);
      break;
    case 'notification':
    case 'none':
      break;
    default: {
      const never: never = pairing;
      return never;
    }
  }
  return out;
}

function fate(exchange: Exchange): string {
  const answer = exchange.responseSeq === undefined ? '' : ` (event #${exchange.responseSeq})${after(exchange)}`;
  const late = exchange.lateResponseSeq === undefined ? '' : `; a late answer came (event #${exchange.lateResponseSeq})`;
  switch (exchange.status) {
    case 'pending':
      return 'waiting for an answer';
    case 'result':
      return `answered with a result${answer}`;
    case 'error':
      return `answered with an error${answer}`;
    case 'invalid':
      return `answered with an invalid response${answer}`;
    case 'cancelled':
      return `cancelled${exchange.cancelReason === undefined ? '' : ` (${exchange.cancelReason})`}${late}`;
    case 'timeout':
      return `timed out${exchange.cancelReason === undefined ? '' : ` (${exchange.cancelReason})`}${late}`;
    case 'orphaned':
      return 'never answered: the server process ended first';
    default: {
      const never: never = exchange.status;
      return never;
    }
  }
}

function name(exchange: Exchange): string {
  return `${exchange.method} #${String(exchange.id)}`;
}

function after(exchange: Exchange): string {
  return exchange.latencyMs === undefined ? '' : ` after ${Math.round(exchange.latencyMs * 10) / 10} ms`;
}

function lateWhy(exchange: Exchange): string {
  return exchange.status === 'timeout' ? 'timed out' : 'was cancelled';
}
