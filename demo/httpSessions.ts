// The handshake flow over Streamable HTTP (2025-11-25): `initialize` opens a session with its
// own server instance and `Mcp-Session-Id`; every later POST, the GET stream for server
// messages and the closing DELETE name that id. Each session is one SDK transport in stateful
// mode, with an event store so a client can resume an SSE stream with `Last-Event-ID`.

import { randomUUID } from 'node:crypto';

import { isInitializeRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

import { InMemoryEventStore } from './httpEventStore.js';
import { createDemoServer } from './factory.js';

export interface HandshakeOptions {
  /** Answer each POST with one JSON body instead of an SSE stream (the SDK's `enableJsonResponse`). */
  jsonResponses?: boolean;
  onerror: (error: Error) => void;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  close: () => Promise<void>;
}

/** The JSON-RPC error body a request without a usable session gets (as the SDK's own transport words it). */
function sessionError(status: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status });
}

function opensSession(body: unknown): boolean {
  return Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
}

export class HandshakeSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly options: HandshakeOptions) {}

  get size(): number {
    return this.sessions.size;
  }

  /** Serves one request of the handshake flow; `body` is the POST body already parsed (undefined when not JSON). */
  async handle(request: Request, body: unknown): Promise<Response> {
    const id = request.headers.get('mcp-session-id');
    if (id !== null) {
      const session = this.sessions.get(id);
      // 404 tells the client the session is gone and it must initialize again.
      if (session === undefined) return sessionError(404, 'Session not found');
      return session.transport.handleRequest(request, body === undefined ? {} : { parsedBody: body });
    }
    if (request.method === 'POST' && opensSession(body)) return this.open(request, body);
    return sessionError(400, 'Bad Request: No valid session ID provided');
  }

  private async open(request: Request, body: unknown): Promise<Response> {
    const server = createDemoServer('legacy');
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: this.options.jsonResponses ?? false,
      eventStore: new InMemoryEventStore(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, close: () => server.close() });
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
        void server.close().catch((error: unknown) => this.options.onerror(error as Error));
      },
    });
    transport.onerror = (error) => this.options.onerror(error);
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  }

  async closeAll(): Promise<void> {
    const open = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(open.map((s) => s.close()));
  }
}
