/**
 * `mcp-lens --config FILE --server NAME` (or `--flow F`) opens the app with `connect=FLOW` in the
 * address's fragment: the page connects to the bridge's default server in that flow as soon as
 * the bridge has welcomed it, once, and takes the parameter out of the address so a reload
 * does not connect a second time. Only an address that carried the bridge's token is acted on
 * (the printed one): another page can navigate a tab that holds the token to `#connect=auto`,
 * and that must start nothing.
 */
import { useEffect, useRef } from 'react';
import type { WelcomeFrame } from '../../../../protocol/envelope.js';
import type { FlowChoice } from '../../../../protocol/flows.js';
import { fragmentParam, withFragmentParam } from '../timeline/viewState.js';

const KEY = 'connect';
const FLOWS: readonly FlowChoice[] = ['handshake', 'stateless', 'auto'];

/** The flow the fragment asks to connect in at start, if any. */
export function connectRequested(hash: string): FlowChoice | undefined {
  const value = fragmentParam(hash, KEY);
  return FLOWS.find((f) => f === value);
}

/** The fragment without the request, every other parameter as it was. */
export function withoutConnectRequest(hash: string): string {
  return withFragmentParam(hash, KEY, '');
}

/**
 * Calls `connect` once, when the welcome has come and the printed address asked for it.
 * `printed` is the load's fragment when that address carried the token the bridge accepted.
 */
export function useConnectAtStart(
  welcome: WelcomeFrame | undefined,
  printed: string | undefined,
  connect: (flow: FlowChoice) => void,
): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !welcome || welcome.readOnly) return;
    done.current = true;
    const { pathname, search, hash } = window.location;
    if (connectRequested(hash) !== undefined)
      window.history.replaceState(window.history.state, '', pathname + search + withoutConnectRequest(hash));
    const flow = printed === undefined ? undefined : connectRequested(printed);
    if (flow !== undefined) connect(flow);
  }, [welcome, printed, connect]);
}
