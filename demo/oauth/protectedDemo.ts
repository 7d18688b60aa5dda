// The demo HTTP server behind the demo authorization server, both in this process, for tests and
// for `npm run demo:oauth`. One call starts the pair; a variant breaks one thing on purpose:
//
//   wrong-resource  the protected resource metadata names https://elsewhere.example/mcp
//   no-pkce         the authorization server's metadata lists no code_challenge_methods_supported
//   no-metadata     no protected resource metadata: its URL (named in the 401) answers 404
//
// and `registration: false` turns dynamic client registration off (a client then needs the
// `preRegistered` one).

import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { guardWithBearer, resourceMetadataUrl, type ResourceMetadataMode } from '../bearerGuard.js';
import { createDemoHttpHandler, MCP_PATH, type HttpFlow } from '../httpServe.js';
import { nodeListener } from '../nodeHttp.js';
import { startAuthServer, type PreRegisteredClient } from './authServer.js';

export const PROTECTED_DEMO_VARIANTS = ['ok', 'wrong-resource', 'no-pkce', 'no-metadata'] as const;
export type ProtectedDemoVariant = (typeof PROTECTED_DEMO_VARIANTS)[number];

export interface ProtectedDemoOptions {
  /** Default `ok`. */
  variant?: ProtectedDemoVariant;
  /** Dynamic client registration (default true). */
  registration?: boolean;
  preRegistered?: PreRegisteredClient;
  /** What the MCP endpoint serves (default both, as demo/httpServer.ts). */
  flow?: HttpFlow;
  /** Scopes a tool needs beyond `mcp:tools`, answered 403 insufficient_scope without them (step-up). */
  toolScopes?: Readonly<Record<string, readonly string[]>>;
  /** Access token lifetime in seconds (default 3600). */
  accessTokenTtl?: number;
  onerror?: (error: Error) => void;
}

export interface ProtectedDemo {
  /** The MCP endpoint, http://127.0.0.1:PORT/mcp: the protected resource. */
  mcpUrl: string;
  /** The authorization server, http://127.0.0.1:PORT. */
  issuer: string;
  /** Where the protected resource metadata is (404 in the no-metadata variant). */
  resourceMetadataUrl: string;
  /** What the authorization server issued or took (codes, verifiers, tokens), for a test to grep for. */
  issued: string[];
  close: () => Promise<void>;
}

const HOST = '127.0.0.1';

function metadataMode(variant: ProtectedDemoVariant): ResourceMetadataMode {
  switch (variant) {
    case 'wrong-resource':
      return 'wrong-resource';
    case 'no-metadata':
      return 'missing';
    case 'ok':
    case 'no-pkce':
      return 'served';
  }
}

export async function startProtectedDemo(options: ProtectedDemoOptions = {}): Promise<ProtectedDemo> {
  const variant = options.variant ?? 'ok';
  const onerror = options.onerror ?? (() => undefined);
  const auth = await startAuthServer({
    registration: options.registration,
    preRegistered: options.preRegistered,
    pkce: variant !== 'no-pkce',
    accessTokenTtl: options.accessTokenTtl,
    onerror,
  });

  const demo = createDemoHttpHandler({ flow: options.flow ?? 'both', onerror });
  const server = http.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, HOST, () => resolve());
    });
  } catch (error) {
    await auth.close();
    throw error;
  }
  const origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  const mcpUrl = `${origin}${MCP_PATH}`;
  const guarded = guardWithBearer(demo.fetch, {
    resource: mcpUrl,
    issuer: auth.issuer,
    toolScopes: options.toolScopes,
    metadata: metadataMode(variant),
  });
  server.on('request', nodeListener(guarded, origin, onerror));

  return {
    mcpUrl,
    issuer: auth.issuer,
    resourceMetadataUrl: resourceMetadataUrl(mcpUrl),
    issued: auth.issued,
    close: async () => {
      server.close();
      await demo.close();
      server.closeAllConnections();
      await auth.close();
    },
  };
}
