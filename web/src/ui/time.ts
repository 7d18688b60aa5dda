/** Wall-clock time of day with milliseconds, as the bridge stamped an event: shared by the panels that list events. */
export function formatTime(t: number): string {
  const d = new Date(t);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
