/**
 * When a view hears of new events. They arrive as many frames a second: a few show within
 * 30 ms, while a stream of them (hundreds per update) is shown five times a second, which still
 * reads as live. The page's session store re-renders the app at this pace (every 30 ms through
 * a 200,000-line flood took a fifth of the page's main thread), and the timeline's worker sends
 * its stats at it, each of which has the list and the waterfall ask again.
 */

/** How soon events after a quiet spell reach the screen, and how often while they stream. */
export const FIRST_UPDATE_MS = 30;
export const STREAMING_UPDATE_MS = 200;
/** Events per update from which they count as a stream (a call and its answer are a handful). */
export const STREAM_EVENTS = 100;

export class UpdatePacer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Events since the last update, and in that update. */
  private unshown = 0;
  private lastShown = 0;
  /** When the last update was. */
  private lastAt = -Infinity;

  constructor(private readonly update: () => void) {}

  /** `count` events came: an update follows, sooner or later by how many keep coming. */
  events(count: number): void {
    this.unshown += count;
    if (this.timer) return;
    // The last update was of a stream only if it was recent: after a quiet spell, one event is news.
    const recent = Date.now() - this.lastAt <= 2 * STREAMING_UPDATE_MS;
    const streaming = this.unshown >= STREAM_EVENTS || (recent && this.lastShown >= STREAM_EVENTS);
    this.timer = setTimeout(() => this.now(), streaming ? STREAMING_UPDATE_MS : FIRST_UPDATE_MS);
  }

  /** An update at once (a change the user made or must see now), with any waiting events. */
  now(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.lastShown = this.unshown;
    this.lastAt = Date.now();
    this.unshown = 0;
    this.update();
  }
}
