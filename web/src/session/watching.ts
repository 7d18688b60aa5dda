/**
 * What this tab tells the bridge it shows: the running connections it lists, while the tab can
 * be seen. The bridge stops a server no tab shows for its idle time, so a closed, forgotten or
 * hidden tab leaves nothing running for long, and a reload (which shows them again at once)
 * keeps them.
 */
import type { ConnInfo } from '../../../protocol/session.js';

export function shownConns(conns: readonly Pick<ConnInfo, 'conn' | 'status' | 'removed'>[], visible: boolean): string[] {
  if (!visible) return [];
  return conns
    .filter((c) => !c.removed && (c.status === 'running' || c.status === 'starting'))
    .map((c) => c.conn)
    .sort();
}

/** Sends the shown set when it changes; a new socket gets it whatever it is. */
export class WatchReporter {
  private last: string | undefined;

  constructor(private readonly send: (conns: string[]) => void) {}

  update(conns: string[]): void {
    const key = JSON.stringify(conns);
    if (key === this.last) return;
    this.last = key;
    this.send(conns);
  }

  /** The bridge forgets what a closed socket showed: say it again on the next one. */
  reset(): void {
    this.last = undefined;
  }
}
