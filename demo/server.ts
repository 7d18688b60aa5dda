#!/usr/bin/env node
// mcp-lens-demo: the demo MCP server shipped with MCP Lens, served over stdio.
// It answers both protocol flows from one factory: the 2025-11-25 handshake
// (`initialize`) and the stateless 2026-07-28 flow (`_meta` envelope on every
// request, `server/discover`, `input_required`). The flow is pinned per
// process by the first message (see flowPin.ts: the SDK alone would let a
// stateless connection fall back to the handshake after `server/discover`).
// Tasks (the research tool) are served in front of the SDK, which has no
// task runtime (see taskTransport.ts).
// stdout carries JSON-RPC only; logs go to stderr.

import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';

import { demoServerFactory } from './factory.js';
import { FlowPinningTransport } from './flowPin.js';
import { SERVER_NAME } from './info.js';
import { TaskTransport } from './taskTransport.js';

const handle = serveStdio(demoServerFactory, {
  legacy: 'serve',
  transport: new TaskTransport(new FlowPinningTransport(new StdioServerTransport())),
  onerror: (error) => {
    console.error(`${SERVER_NAME}: protocol error: ${error.message}`);
  },
});

console.error(`${SERVER_NAME}: ready on stdio (pid ${process.pid})`);

let closing = false;
function shutdown(signal: NodeJS.Signals): void {
  if (closing) return;
  closing = true;
  console.error(`${SERVER_NAME}: ${signal} received, shutting down`);
  handle.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`${SERVER_NAME}: error while closing: ${String(error)}`);
      process.exit(1);
    },
  );
}

process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
