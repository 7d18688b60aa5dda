/**
 * Methods one flow has and the other lacks, with what takes their place, so a -32601 for one
 * of them says why rather than "no such method".
 */
import type { Flow } from './flows.js';

const REMOVED_IN_STATELESS: Readonly<Record<string, string>> = {
  ping: 'a stateless session has no connection to keep alive',
  'logging/setLevel': "each request sets its own log level in _meta's logLevel",
  'resources/subscribe': 'subscriptions/listen asks for resource updates',
  'resources/unsubscribe': 'ending the subscriptions/listen request ends the updates',
};

/** Methods 2026-07-28 brought that a handshake session (2025-11-25 and earlier) does not have. */
const NEW_IN_STATELESS: Readonly<Record<string, string>> = {
  'server/discover': 'it came with 2026-07-28, where it opens a stateless conversation; here initialize did that',
  'subscriptions/listen': 'it came with 2026-07-28; here resources/subscribe and the list_changed notifications do its work',
};

/** Why a -32601 for `method` is expected in `flow`, when it is. */
export function removedMethodNote(method: string, flow: Flow | undefined): string | undefined {
  if (flow === 'handshake' && Object.hasOwn(NEW_IN_STATELESS, method))
    return `${method} is not a method of 2025-11-25: ${NEW_IN_STATELESS[method]}`;
  if (flow !== 'stateless' || !Object.hasOwn(REMOVED_IN_STATELESS, method)) return undefined;
  return `${method} was removed in 2026-07-28 (the stateless flow): ${REMOVED_IN_STATELESS[method]}`;
}
