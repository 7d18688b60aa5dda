/**
 * Stops servers nobody is looking at. Each socket says which connections its tab shows (and a
 * socket shows what it spawned until it says otherwise); a running connection no socket shows
 * for `idleMs` is stopped. A reloaded tab shows its connections again within the window, so
 * they live on and are adopted from the journal; a closed or forgotten tab leaves no servers
 * behind for the rest of the bridge's run.
 */

export interface IdleStopperOptions {
  /** How long a running connection may go unshown. 0: never stop for that. */
  idleMs: number;
  /** The connections whose process runs now. */
  liveConns: () => string[];
  /** Called once the time is up and the connection is still unshown. */
  stop: (conn: string) => void;
}

export class IdleStopper {
  private readonly shown = new Map<object, Set<string>>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(private readonly options: IdleStopperOptions) {}

  /** What a socket shows now, replacing what it showed before. */
  watch(socket: object, conns: Iterable<string>): void {
    this.shown.set(socket, new Set(conns));
    this.review();
  }

  /** A socket spawned a connection: it shows it until it says otherwise. */
  spawned(socket: object, conn: string): void {
    const set = this.shown.get(socket);
    if (set) set.add(conn);
    else this.shown.set(socket, new Set([conn]));
    this.review();
  }

  /** A socket closed: it shows nothing any more. */
  drop(socket: object): void {
    this.shown.delete(socket);
    this.review();
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Arms a timer for each running connection nobody shows; disarms the rest. */
  private review(): void {
    if (this.closed || this.options.idleMs <= 0) return;
    const live = new Set(this.options.liveConns());
    for (const [conn, timer] of this.timers) {
      if (!live.has(conn) || this.isShown(conn)) {
        clearTimeout(timer);
        this.timers.delete(conn);
      }
    }
    for (const conn of live) {
      if (this.timers.has(conn) || this.isShown(conn)) continue;
      const timer = setTimeout(() => {
        this.timers.delete(conn);
        if (this.closed || this.isShown(conn) || !this.options.liveConns().includes(conn)) return;
        this.options.stop(conn);
      }, this.options.idleMs);
      timer.unref();
      this.timers.set(conn, timer);
    }
  }

  private isShown(conn: string): boolean {
    for (const set of this.shown.values()) if (set.has(conn)) return true;
    return false;
  }
}

/** "15 min", "30 s": the idle time in the words of a notice. */
export function describeIdle(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Math.round(ms / 100) / 10} s`;
}
