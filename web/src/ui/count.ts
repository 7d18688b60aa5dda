/**
 * A whole number with thousands separators (12,345), as the app's English text writes them.
 * One formatter for the app: `n.toLocaleString('en-US')` builds a formatter on every call, and
 * the event count alone is drawn on every batch of a live session.
 */
let formatter: Intl.NumberFormat | undefined;

export function formatCount(n: number): string {
  formatter ??= new Intl.NumberFormat('en-US');
  return formatter.format(n);
}
