/**
 * The card's Ping: which request checks that a server is alive, and how its answer reads.
 * The handshake flow has `ping` (either side, empty result). 2026-07-28 removed ping: "any
 * request (e.g. server/discover)" is the liveness check there, so that is what is sent, and the
 * line says so rather than sending a method the revision answers with -32601.
 */
import type { Outcome } from './clientSession.js';
import type { Flow } from './flows.js';
import { errorCodeName } from './jsonrpc.js';

export function livenessMethod(flow: Flow): 'ping' | 'server/discover' {
  return flow === 'handshake' ? 'ping' : 'server/discover';
}

/** What the server sent is shown clipped: a hostile result may be any size. */
const MAX_SHOWN = 120;

function clip(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** One line for the card: the round trip (`ms`, from the recorded times) and what came back. */
export function livenessText(flow: Flow, outcome: Outcome, ms: number | undefined): string {
  const method = livenessMethod(flow);
  const after = ms === undefined ? '' : ` in ${Math.round(ms)} ms`;
  const note = flow === 'stateless' ? ' (2026-07-28 has no ping)' : '';
  switch (outcome.kind) {
    case 'result': {
      if (flow === 'handshake') return `${method} answered${after}: ${clip(JSON.stringify(outcome.result))}`;
      const versions = outcome.result.supportedVersions;
      const listed = Array.isArray(versions) ? versions.filter((v): v is string => typeof v === 'string') : [];
      const says = listed.length > 0 ? `it supports ${clip(listed.join(', '))}` : 'no supportedVersions in its answer';
      return `${method} answered${after}${note}: ${says}`;
    }
    case 'error': {
      const { code, message } = outcome.error;
      return `${method} refused${after}${note}: ${code} ${errorCodeName(code)}: ${clip(String(message))}`;
    }
    case 'invalid':
      return `${method}: an invalid answer${after}: ${clip(outcome.reason)}`;
    case 'timeout':
      return `${method}: no answer within ${outcome.afterMs} ms (cancelled)`;
    case 'cancelled':
    case 'closed':
      return `${method}: ${outcome.kind}: ${clip(outcome.reason)}`;
    case 'transport':
      return `${method}: the HTTP exchange failed: ${clip(outcome.reason)}`;
    default: {
      const never: never = outcome;
      return never;
    }
  }
}
