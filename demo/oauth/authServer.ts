// A real OAuth 2.1 authorization server for the demo and the tests: oidc-provider (certified)
// on loopback, set up as an MCP server's authorization server is expected to be:
//
// - issuer http://127.0.0.1:PORT; metadata at /.well-known/oauth-authorization-server (RFC 8414)
//   and /.well-known/openid-configuration, the same document;
// - authorization code with PKCE, S256 required of every client (the `pkce: false` variant lists
//   no code_challenge_methods_supported and requires none: a server a client must refuse);
// - resource indicators (RFC 8707): a token asked for `resource` R is a JWT (RFC 9068, typ
//   at+jwt) whose `aud` is R, holding the MCP scopes granted; any http(s) URL is a resource;
// - `iss` in every authorization response (RFC 9207), advertised in the metadata;
// - refresh tokens when `offline_access` is asked by a client allowed the refresh_token grant
//   (OpenID Connect keeps that scope only with prompt=consent, which OAuth clients do not send:
//   here asking for it asks for consent);
// - dynamic client registration (RFC 7591) unless `registration: false`; a pre-registered
//   client on request. Loopback redirect URIs (http://127.0.0.1 and http://localhost) match
//   whatever their port, as RFC 8252 §7.3 asks of native clients, for every client;
// - sign-in and consent on its own small pages (interactions.ts).

import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { exportJWK, generateKeyPair } from 'jose';
import Provider, { errors, type Client } from 'oidc-provider';

import { INTERACTION_PREFIX, interactionHandler } from './interactions.js';
import { memoryAdapter } from './memoryAdapter.js';

/** The scopes an MCP server behind this server may ask for: `mcp:tools` for everything, `mcp:admin` for step-up. */
export const MCP_SCOPES = ['mcp:tools', 'mcp:admin'] as const;

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface PreRegisteredClient {
  clientId: string;
  /** Needed unless the method is `none`. */
  clientSecret?: string;
  authMethod: ClientAuthMethod;
  /** Default: http://127.0.0.1/oauth/callback and http://localhost/oauth/callback, any port. */
  redirectUris?: readonly string[];
}

export interface AuthServerOptions {
  /** Dynamic client registration at /reg (default true). */
  registration?: boolean;
  preRegistered?: PreRegisteredClient;
  /** false: the metadata lists no code_challenge_methods_supported and PKCE is not required (default true). */
  pkce?: boolean;
  /** Access token lifetime in seconds (default 3600). */
  accessTokenTtl?: number;
  onerror?: (error: Error) => void;
}

export interface AuthServer {
  issuer: string;
  /** Every code, PKCE verifier, access and refresh token the token endpoint took or gave: what a test greps MCP Lens's files for. */
  issued: string[];
  close: () => Promise<void>;
}

const HOST = '127.0.0.1';
const AS_METADATA_PATH = '/.well-known/oauth-authorization-server';
const OIDC_METADATA_PATH = '/.well-known/openid-configuration';
const AUTHORIZATION_PATH = '/auth';
const DEFAULT_REDIRECT_URIS = ['http://127.0.0.1/oauth/callback', 'http://localhost/oauth/callback'];
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The URI with the port taken out when it is an http loopback one, else undefined. */
function withoutLoopbackPort(uri: string): string | undefined {
  const url = URL.parse(uri);
  if (!url || url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  url.port = '';
  return url.href;
}

/** The authorization request `url` with prompt=consent when it asks offline_access and names no prompt. */
function withConsentForOffline(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  const scopes = parsed.searchParams.get('scope')?.split(' ') ?? [];
  if (!scopes.includes('offline_access') || parsed.searchParams.has('prompt')) return url;
  parsed.searchParams.set('prompt', 'consent');
  return `${parsed.pathname}${parsed.search}`;
}

async function signingKey(): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
}

function configuration(options: AuthServerOptions, jwk: Record<string, unknown>): Record<string, unknown> {
  const ttl = options.accessTokenTtl ?? 3600;
  const client = options.preRegistered;
  return {
    adapter: memoryAdapter(),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    responseTypes: ['code'],
    scopes: ['openid', 'offline_access'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'RS256',
    },
    clients: client
      ? [
          {
            client_id: client.clientId,
            ...(client.clientSecret === undefined ? {} : { client_secret: client.clientSecret }),
            token_endpoint_auth_method: client.authMethod,
            redirect_uris: [...(client.redirectUris ?? DEFAULT_REDIRECT_URIS)],
            application_type: 'native',
            client_name: 'Pre-registered client',
          },
        ]
      : [],
    pkce: { required: () => options.pkce !== false },
    findAccount: async (_ctx: unknown, sub: string) => ({ accountId: sub, claims: async () => ({ sub }) }),
    // Any origin may call the endpoints from a page: this server exists to be debugged against.
    clientBasedCORS: () => true,
    ttl: {
      AccessToken: ttl,
      AuthorizationCode: 60,
      ClientCredentials: ttl,
      Grant: 86_400,
      IdToken: 3600,
      Interaction: 600,
      RefreshToken: 86_400,
      Session: 86_400,
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: options.registration !== false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx: unknown, _client: unknown, oneOf?: string) => oneOf,
        // A token request without `resource` gets the one the authorization granted.
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, resource: string) => {
          const url = URL.parse(resource);
          if (!url || !['http:', 'https:'].includes(url.protocol) || url.hash !== '')
            throw new errors.InvalidTarget('the resource must be an http(s) URL without a fragment');
          return {
            scope: MCP_SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: ttl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    renderError: async (ctx: { type: string; body: unknown }, out: Record<string, unknown>) => {
      const text = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization error</title></head><body><h1>${text(out.error)}</h1><p>${text(out.error_description)}</p></body></html>`;
    },
  };
}

/** Starts the server on a free loopback port. */
export async function startAuthServer(options: AuthServerOptions = {}): Promise<AuthServer> {
  const onerror = options.onerror ?? (() => undefined);
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => resolve());
  });
  const issuer = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, configuration(options, await signingKey()));
  provider.on('server_error', (_ctx, error) => onerror(error));

  const clientPrototype = provider.Client.prototype;
  const exactOnly = clientPrototype.redirectUriAllowed;
  clientPrototype.redirectUriAllowed = function (this: Client, value: string): boolean {
    if (exactOnly.call(this, value)) return true;
    const bare = withoutLoopbackPort(value);
    return bare !== undefined && this.redirectUris.some((registered) => withoutLoopbackPort(registered) === bare);
  };

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== OIDC_METADATA_PATH || typeof ctx.body !== 'object' || ctx.body === null) return;
    const metadata = ctx.body as Record<string, unknown>;
    // The MCP scopes are resource scopes to oidc-provider, which lists only its OpenID ones.
    const listed = Array.isArray(metadata.scopes_supported) ? (metadata.scopes_supported as unknown[]) : [];
    metadata.scopes_supported = [...new Set([...listed, ...MCP_SCOPES])];
    if (options.pkce === false) delete metadata.code_challenge_methods_supported;
  });
  const issued: string[] = [];
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token') return;
    const params = ctx.oidc?.params ?? {};
    const body = typeof ctx.body === 'object' && ctx.body !== null ? (ctx.body as Record<string, unknown>) : {};
    for (const value of [params.code, params.code_verifier, params.refresh_token, body.access_token, body.refresh_token])
      if (typeof value === 'string' && value !== '' && !issued.includes(value)) issued.push(value);
  });

  const providerListener = provider.callback();
  const interactions = interactionHandler(provider);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith(INTERACTION_PREFIX)) return void interactions(req, res);
    // RFC 8414's document is OpenID discovery's, at the path RFC 8414 names (an issuer without a path).
    if (path === AS_METADATA_PATH) req.url = OIDC_METADATA_PATH;
    if (path === AUTHORIZATION_PATH) req.url = withConsentForOffline(req.url ?? '/');
    providerListener(req, res).catch((error: unknown) => {
      onerror(error instanceof Error ? error : new Error(String(error)));
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  return {
    issuer,
    issued,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
