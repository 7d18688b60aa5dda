/**
 * The ids the app gives its connections: a letter for what opened it (c: the user, t: a tour,
 * h/s: a comparison, r: a replay), a number, and a few random characters. Every tab of a bridge
 * writes to one journal, so the number goes on from the highest any tab has used: two tabs never
 * both show a `c1`, and the random tail keeps two ids apart should two tabs pick at once.
 */

const NUMBERED = /^[a-z]+(\d{1,9})-/;

/** The number in an id the app made (`c3-k2x9` → 3); undefined for any other id. */
export function connNumber(conn: string): number | undefined {
  const digits = NUMBERED.exec(conn)?.[1];
  return digits === undefined ? undefined : Number(digits);
}

/** The next number: past this tab's last one and past every one in the journal. */
export function nextConnNumber(known: Iterable<string>, last: number): number {
  let highest = last;
  for (const conn of known) highest = Math.max(highest, connNumber(conn) ?? 0);
  return highest + 1;
}

export function newConnId(prefix: string, number: number, random: () => number = Math.random): string {
  return `${prefix}${number}-${random().toString(36).slice(2, 6)}`;
}
