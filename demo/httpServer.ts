#!/usr/bin/env node
// The demo MCP server over Streamable HTTP, on loopback only:
//
//   node dist/node/demo/httpServer.js [--flow handshake|stateless|both] [--port N] [--json-responses]
//                                     [--issuer URL [--resource-metadata served|wrong-resource|missing]]
//
// --flow picks what the endpoint serves (httpServe.ts; default both, routed per request);
// --port 0 (the default) takes any free port; --issuer puts the endpoint behind bearer tokens of
// that authorization server (bearerGuard.ts), --resource-metadata breaks its metadata on purpose.
// Once listening it prints one line on stdout, `listening on http://127.0.0.1:PORT/mcp`, for
// tests and scripts to read; logs go to stderr.

import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { guardWithBearer, RESOURCE_METADATA_MODES, type ResourceMetadataMode } from './bearerGuard.js';
import { createDemoHttpHandler, HTTP_FLOWS, MCP_PATH, type HttpFlow } from './httpServe.js';
import { SERVER_NAME } from './info.js';
import { nodeListener } from './nodeHttp.js';

const HOST = '127.0.0.1';
const USAGE = `usage: httpServer.js [--flow ${HTTP_FLOWS.join('|')}] [--port N] [--json-responses] [--issuer URL [--resource-metadata ${RESOURCE_METADATA_MODES.join('|')}]]`;

interface Options {
  flow: HttpFlow;
  port: number;
  jsonResponses: boolean;
  issuer?: string;
  resourceMetadata: ResourceMetadataMode;
}

function fail(message: string): never {
  process.stderr.write(`${SERVER_NAME}: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { flow: 'both', port: 0, jsonResponses: false, resourceMetadata: 'served' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) fail(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case '--flow': {
        const flow = value();
        if (!(HTTP_FLOWS as readonly string[]).includes(flow)) fail(`--flow must be one of ${HTTP_FLOWS.join(', ')}, not ${flow}`);
        options.flow = flow as HttpFlow;
        break;
      }
      case '--port': {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be a whole number from 0 to 65535');
        options.port = port;
        break;
      }
      case '--json-responses':
        options.jsonResponses = true;
        break;
      case '--issuer': {
        const issuer = value();
        if (!/^https?:$/.test(URL.parse(issuer)?.protocol ?? '')) fail(`--issuer must be an http(s) URL, not ${issuer}`);
        options.issuer = issuer;
        break;
      }
      case '--resource-metadata': {
        const mode = value();
        if (!(RESOURCE_METADATA_MODES as readonly string[]).includes(mode))
          fail(`--resource-metadata must be one of ${RESOURCE_METADATA_MODES.join(', ')}, not ${mode}`);
        options.resourceMetadata = mode as ResourceMetadataMode;
        break;
      }
      case '--help':
        process.stdout.write(`${USAGE}\n`);
        process.exit(0);
        break;
      default:
        fail(`unknown argument: ${arg}`);
    }
  }
  if (options.resourceMetadata !== 'served' && options.issuer === undefined) fail('--resource-metadata needs --issuer');
  return options;
}

const options = parseOptions(process.argv.slice(2));
const onerror = (error: Error): void => {
  console.error(`${SERVER_NAME}: ${error.message}`);
};
const handler = createDemoHttpHandler({ flow: options.flow, jsonResponses: options.jsonResponses, onerror });
const server = http.createServer();
server.on('error', (error) => fail(`cannot listen: ${error.message}`));
// The listener comes once the port is known: a protected endpoint's URL is its resource identifier.
server.listen(options.port, HOST, () => {
  const { port } = server.address() as AddressInfo;
  const origin = `http://${HOST}:${port}`;
  const mcpUrl = `${origin}${MCP_PATH}`;
  const serve =
    options.issuer === undefined
      ? handler.fetch
      : guardWithBearer(handler.fetch, { resource: mcpUrl, issuer: options.issuer, metadata: options.resourceMetadata });
  server.on('request', nodeListener(serve, origin, onerror));
  process.stdout.write(`listening on ${mcpUrl}\n`);
  const guarded = options.issuer === undefined ? '' : `, bearer tokens of ${options.issuer}`;
  console.error(`${SERVER_NAME}: ${options.flow} flow over Streamable HTTP${guarded} (pid ${process.pid})`);
});

let closing = false;
function shutdown(signal: NodeJS.Signals): void {
  if (closing) return;
  closing = true;
  console.error(`${SERVER_NAME}: ${signal} received, shutting down`);
  server.close();
  // Open SSE streams would hold the server open; the sessions end first, then any socket left.
  handler.close().then(
    () => {
      server.closeAllConnections();
      process.exit(0);
    },
    (error: unknown) => {
      console.error(`${SERVER_NAME}: error while closing: ${String(error)}`);
      process.exit(1);
    },
  );
}

process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
