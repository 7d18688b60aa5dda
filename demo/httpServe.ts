// The demo server over Streamable HTTP, as one web-standard handler on `/mcp`, in the flow asked:
//
// - handshake: the 2025-11-25 transport (sessions, SSE, the GET stream, DELETE; httpSessions.ts);
// - stateless: the 2026-07-28 transport (POST only), the SDK's `createMcpHandler` with no 2025
//   serving at all, so `initialize` is answered -32022 naming the supported revision. It builds
//   an instance per request and checks each request's version, headers and envelope, which is
//   what the stdio server needs flowPin.ts for;
// - both: each request routed by the SDK's own classification (`isLegacyRequest`): a request
//   with the envelope claim goes to the stateless leg, everything else to the sessions. The
//   same URL then answers a client that probes with `server/discover` and one that starts with
//   `initialize`, as a dual-era server does.
//
// The same factory (factory.ts) backs every leg, so tools, resources, prompts and the variant
// (MCP_LENS_DEMO_VARIANT) are the stdio server's.

import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from '@modelcontextprotocol/server';

import { demoServerFactory } from './factory.js';
import { HandshakeSessions } from './httpSessions.js';

export const HTTP_FLOWS = ['handshake', 'stateless', 'both'] as const;
export type HttpFlow = (typeof HTTP_FLOWS)[number];

/** The endpoint's path. */
export const MCP_PATH = '/mcp';

export interface DemoHttpOptions {
  flow: HttpFlow;
  /** Handshake flow: one JSON body per POST instead of an SSE stream. */
  jsonResponses?: boolean;
  onerror?: (error: Error) => void;
}

export interface DemoHttpHandler {
  fetch: (request: Request) => Promise<Response>;
  /** Ends every session and in-flight exchange. */
  close: () => Promise<void>;
  /** Open handshake sessions (for tests: a DELETE ends one). */
  readonly sessionCount: number;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createDemoHttpHandler(options: DemoHttpOptions): DemoHttpHandler {
  const onerror = options.onerror ?? (() => undefined);
  const sessions = options.flow === 'stateless' ? undefined : new HandshakeSessions({ jsonResponses: options.jsonResponses, onerror });
  const modern = options.flow === 'handshake' ? undefined : createMcpHandler(demoServerFactory, { legacy: 'reject', onerror });

  const serve = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== MCP_PATH) return new Response('not found\n', { status: 404 });
    // A loopback server still checks Host and Origin, against DNS rebinding (403 otherwise).
    const rejected =
      hostHeaderValidationResponse(request, localhostAllowedHostnames()) ?? originValidationResponse(request, localhostAllowedOrigins());
    if (rejected) return rejected;
    if (modern && !sessions) return modern.fetch(request);
    if (!sessions) throw new Error('no leg to serve');
    const body = request.method === 'POST' ? parseBody(await request.clone().text()) : undefined;
    if (modern && !(await isLegacyRequest(request.clone(), body))) return modern.fetch(request);
    return sessions.handle(request, body);
  };

  return {
    fetch: serve,
    close: async () => {
      await Promise.allSettled([sessions?.closeAll(), modern?.close()]);
    },
    get sessionCount() {
      return sessions?.size ?? 0;
    },
  };
}
