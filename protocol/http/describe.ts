/** HTTP events in words, for the timeline's list and the CLI's transcript. */

/** An HTTP step in a few words: `POST https://…/mcp`, `200 text/event-stream`, `SSE event 7 (message, 120 bytes)`. */
export function httpText(event: Record<string, unknown>): string {
  const req = `[${String(event.req)}]`;
  switch (event.phase) {
    case 'request':
      return `${req} ${String(event.method)} ${String(event.url)}`;
    case 'response':
      return `${req} HTTP ${String(event.status)}${event.contentType === undefined ? '' : ` ${String(event.contentType)}`}`;
    case 'sse-event': {
      const name = event.event === undefined ? 'message' : String(event.event);
      const id = event.id === undefined ? '' : ` id ${String(event.id)}`;
      return `${req} SSE event${id} (${name}, ${String(event.size)} bytes)`;
    }
    case 'end':
      return event.how === 'cut'
        ? `${req} SSE stream cut inside an event (${String(event.bytes)} bytes)`
        : `${req} ended (${String(event.bytes)} bytes)`;
    case 'error':
      // An exchange MCP Lens ended itself (a stream closed on disconnect, a cancel) is no failure.
      if (event.code === 'aborted') return `${req} closed by MCP Lens: ${String(event.message)}`;
      return `${req} HTTP ${String(event.code)}: ${String(event.message)}`;
    default:
      return `${req} ${JSON.stringify(event)}`;
  }
}
