// Builds one demo server instance. `serveStdio` calls this once per
// connection, telling it which era the instance will serve (the flow pinned by
// the first message, see flowPin.ts); the same registrations serve both.

import { McpServer, type McpRequestContext } from '@modelcontextprotocol/server';

import { registerApps, UI_EXTENSION } from './apps.js';
import { SERVER_INSTRUCTIONS, SERVER_NAME, SERVER_TITLE, SERVER_VERSION, type DemoEra } from './info.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { verifyRequestState } from './requestState.js';
import { registerTools } from './tools.js';

export function createDemoServer(era: DemoEra): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: SERVER_TITLE, version: SERVER_VERSION },
    {
      capabilities: {
        tools: {},
        resources: {},
        prompts: {},
        logging: {},
        completions: {},
        // The MCP Apps spec asks nothing of servers here; 2026-07-28 gives servers this map to
        // name their extensions, and the handshake flow says the same so a replay across flows
        // finds no difference.
        extensions: { [UI_EXTENSION]: {} },
      },
      instructions: SERVER_INSTRUCTIONS,
      requestState: { verify: verifyRequestState },
    },
  );
  registerTools(server, era);
  registerResources(server, era);
  registerPrompts(server);
  registerApps(server);
  return server;
}

/** The `McpServerFactory` handed to `serveStdio`. */
export function demoServerFactory(ctx: McpRequestContext): McpServer {
  return createDemoServer(ctx.era);
}
