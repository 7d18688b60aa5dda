// Identity of the demo server and the per-process facts it reports.

/** Which protocol flow an instance serves, as `serveStdio` tells the factory. */
export type DemoEra = 'legacy' | 'modern';

export const SERVER_NAME = 'mcp-lens-demo';
export const SERVER_TITLE = 'MCP Lens demo server';
export const SERVER_VERSION = '0.1.0';

export const SERVER_INSTRUCTIONS =
  'Demo server for MCP Lens. Try echo/add for simple calls, create_order for a rich input form, ' +
  'media for image/audio/resource-link content, fail for a tool error, slow for progress and ' +
  'cancellation, confirm_action for elicitation (handshake flow) or input_required ' +
  '(stateless flow), and research for a task (params.task on the handshake flow, the ' +
  'io.modelcontextprotocol/tasks extension on the stateless flow; over stdio), and counter for ' +
  'an MCP App (ui://demo/counter.html) that calls counter_add back. Read ' +
  'info://server-info or greeting://{name}, or get the summarize prompt.';

/** When this process started (ISO 8601). */
export const STARTED_AT: string = new Date().toISOString();

/** Human-readable name of the flow an era maps to. */
export function flowOf(era: DemoEra): 'handshake' | 'stateless' {
  return era === 'legacy' ? 'handshake' : 'stateless';
}

/** The JSON document served at `info://server-info`. */
export function serverInfoDocument(era: DemoEra): Record<string, unknown> {
  return {
    name: SERVER_NAME,
    title: SERVER_TITLE,
    version: SERVER_VERSION,
    era,
    flow: flowOf(era),
    protocol: era === 'legacy' ? '2025-era (initialize handshake)' : '2026-07-28 (per-request _meta envelope)',
    node: process.version,
    pid: process.pid,
    startedAt: STARTED_AT,
  };
}
