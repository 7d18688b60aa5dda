/**
 * Reads a `text/event-stream` response event by event, as it arrives, for tests that drive an
 * HTTP server with plain fetch. Just enough of the SSE format for that: `id`, `event`, `data`
 * (joined by newlines), comments skipped, an event ended by a blank line.
 */

export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

export interface SseReader {
  /** The next whole event, or undefined once the stream has ended. */
  next: () => Promise<SseEvent | undefined>;
  /** Every remaining event until the stream ends. */
  rest: () => Promise<SseEvent[]>;
  cancel: () => Promise<void>;
}

export function readSse(response: Response): SseReader {
  if (response.body === null) throw new Error('the response has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ended = false;

  const takeEvent = (): SseEvent | undefined => {
    for (;;) {
      const match = /\r\n\r\n|\n\n|\r\r/.exec(buffer);
      if (!match) return undefined;
      const block = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      const event: SseEvent = { data: '' };
      const data: string[] = [];
      for (const line of block.split(/\r\n|\n|\r/)) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') data.push(value);
        else if (field === 'id') event.id = value;
        else if (field === 'event') event.event = value;
      }
      // A block of comments only (a keep-alive) is no event.
      if (data.length === 0 && event.id === undefined && event.event === undefined) continue;
      event.data = data.join('\n');
      return event;
    }
  };

  const next = async (): Promise<SseEvent | undefined> => {
    for (;;) {
      const event = takeEvent();
      if (event) return event;
      if (ended) return undefined;
      const { done, value } = await reader.read();
      if (done) ended = true;
      else buffer += value;
    }
  };

  return {
    next,
    rest: async () => {
      const events: SseEvent[] = [];
      for (let e = await next(); e; e = await next()) events.push(e);
      return events;
    },
    cancel: () => reader.cancel(),
  };
}
