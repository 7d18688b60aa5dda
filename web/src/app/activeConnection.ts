/**
 * Which open connection a tab's panels work on. Every tab sees every connection of the bridge
 * session, so "the newest one" would let a connection opened in another tab take this tab's
 * panels (and the tool picked there) away. A tab follows what it opens itself and what the user
 * picks; otherwise its panels stay where they are while that connection is open.
 */
export interface ActiveChoice {
  /** Open connections, oldest first. */
  open: readonly string[];
  /** Connections this tab opened, oldest first (open or not). */
  ownLaunches: readonly string[];
  /** The card the user picked, and how many connections this tab had opened by then. */
  picked?: { conn: string; ownLaunchesBefore: number };
  /** What the panels showed last. */
  shown?: string;
}

export function chooseActive({ open, ownLaunches, picked, shown }: ActiveChoice): string | undefined {
  const isOpen = (conn: string | undefined): conn is string => conn !== undefined && open.includes(conn);
  const newestOpen = (conns: readonly string[]): string | undefined => conns.filter(isOpen).at(-1);
  // Opening a connection here is the latest thing the user asked for, unless a pick came after it.
  return (
    newestOpen(ownLaunches.slice(picked?.ownLaunchesBefore ?? 0)) ??
    (isOpen(picked?.conn) ? picked.conn : undefined) ??
    (isOpen(shown) ? shown : undefined) ??
    newestOpen(ownLaunches) ??
    open.at(-1)
  );
}
