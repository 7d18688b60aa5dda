/**
 * Methods of the handshake flow that 2026-07-28 removed, with what takes their place, so a
 * -32601 for one of them in a stateless session says why rather than "no such method".
 */
import type { Flow } from './flows.js';

const REMOVED_IN_STATELESS: Readonly<Record<string, string>> = {
  ping: 'a stateless session has no connection to keep alive',
  'logging/setLevel': "each request sets its own log level in _meta's logLevel",
  'resources/subscribe': 'subscriptions/listen asks for resource updates',
  'resources/unsubscribe': 'ending the subscriptions/listen request ends the updates',
};

/** Why a -32601 for `method` is expected in `flow`, when it is. */
export function removedMethodNote(method: string, flow: Flow | undefined): string | undefined {
  if (flow !== 'stateless' || !Object.hasOwn(REMOVED_IN_STATELESS, method)) return undefined;
  return `${method} was removed in 2026-07-28 (the stateless flow): ${REMOVED_IN_STATELESS[method]}`;
}
