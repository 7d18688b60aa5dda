// The demo's MCP App (extension io.modelcontextprotocol/ui): a counter a host renders in a
// sandboxed iframe. Three pieces make an app, and the same three serve both protocol flows:
// - a `ui://` resource holding the HTML, with the app MIME type (the host reads it with
//   resources/read, before or while it calls the tool);
// - a tool naming that resource in `_meta.ui.resourceUri`: calling it is what opens the app;
// - an app-only tool (`visibility: ["app"]`) that the app calls back through the host with
//   tools/call. A host must keep it out of the model's tool list.
// Every answer also carries plain text, so a host without MCP Apps still shows something useful.

import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { COUNTER_APP_HTML } from './counterApp.js';

export const UI_EXTENSION = 'io.modelcontextprotocol/ui';
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The flat key older hosts read; the spec deprecates it in favour of `_meta.ui.resourceUri`. */
export const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri';

export const COUNTER_APP_URI = 'ui://demo/counter.html';
export const COUNTER_TOOL = 'counter';
export const COUNTER_ADD_TOOL = 'counter_add';

/** The counter never leaves this range, so a runaway button cannot make huge numbers. */
const LIMIT = 1_000_000;
const count = z.number().int().min(-LIMIT).max(LIMIT);

function counterResult(text: string, value: number): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: { count: value } };
}

export function registerApps(server: McpServer): void {
  server.registerResource(
    'counter-app',
    COUNTER_APP_URI,
    {
      title: 'Counter app',
      description: 'The HTML of the counter app (MCP Apps), opened by the counter tool.',
      mimeType: APP_MIME_TYPE,
    },
    (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: APP_MIME_TYPE,
          text: COUNTER_APP_HTML,
          // No `csp`: the app loads nothing from outside, so the host's restrictive default fits.
          _meta: { ui: { prefersBorder: true } },
        },
      ],
    }),
  );

  server.registerTool(
    COUNTER_TOOL,
    {
      title: 'Counter',
      description: 'Opens the counter app (MCP Apps) at a starting value; without app support, says the value.',
      inputSchema: z.object({ start: count.default(0).describe('Where the counter starts') }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      _meta: {
        ui: { resourceUri: COUNTER_APP_URI, visibility: ['model', 'app'] },
        [LEGACY_RESOURCE_URI_KEY]: COUNTER_APP_URI,
      },
    },
    ({ start }) => counterResult(`The counter starts at ${String(start)}.`, start),
  );

  server.registerTool(
    COUNTER_ADD_TOOL,
    {
      title: 'Counter: add',
      description: 'Adds to the counter. Called by the counter app, not by the model.',
      // The app sends the value it shows: the server keeps no state, so both flows answer alike.
      inputSchema: z.object({
        count: count.describe('The value the app shows'),
        by: z.number().int().min(-100).max(100).default(1).describe('How much to add'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      _meta: { ui: { resourceUri: COUNTER_APP_URI, visibility: ['app'] } },
    },
    ({ count: from, by }) => {
      const to = Math.max(-LIMIT, Math.min(LIMIT, from + by));
      return counterResult(`${String(from)} + ${String(by)} = ${String(to)}`, to);
    },
  );
}
