// The handshake flow's resumption over HTTP: every SSE event the demo sends gets an id, and a
// client that lost its stream reconnects with `Last-Event-ID` and receives what came after it
// on that stream. Kept in memory, per session, and bounded: a debugger's demo needs the
// behaviour to be there, not durable.

import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';

/** Events kept per session; older ones can no longer be resumed from. */
const MAX_EVENTS = 1000;

interface StoredEvent {
  id: string;
  streamId: string;
  message: JSONRPCMessage;
}

export class InMemoryEventStore implements EventStore {
  private readonly events: StoredEvent[] = [];
  private sequence = 0;

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    this.sequence += 1;
    // The stream is part of the id, so an id alone says which stream to resume.
    const id = `${streamId}:${this.sequence}`;
    this.events.push({ id, streamId, message });
    if (this.events.length > MAX_EVENTS) this.events.shift();
    return Promise.resolve(id);
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return Promise.resolve(this.events.find((e) => e.id === eventId)?.streamId);
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const at = this.events.findIndex((e) => e.id === lastEventId);
    const from = this.events[at];
    if (from === undefined) throw new Error(`unknown event id: ${lastEventId}`);
    for (const event of this.events.slice(at + 1)) {
      if (event.streamId === from.streamId) await send(event.id, event.message);
    }
    return from.streamId;
  }
}
