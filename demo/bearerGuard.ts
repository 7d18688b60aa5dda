// The demo HTTP server as an OAuth-protected resource (the MCP authorization pages): every
// request to the MCP endpoint needs a bearer token from the named authorization server.
//
// - protected resource metadata (RFC 9728) at the path-based well-known URL of the endpoint
//   (/.well-known/oauth-protected-resource/mcp): `resource` the endpoint's URL,
//   `authorization_servers` the issuer;
// - no token: 401 with `WWW-Authenticate: Bearer resource_metadata="…", scope="mcp:tools"`;
//   a token that fails: the same with `error="invalid_token"`;
// - a token is a JWT access token (RFC 9068) verified with jose against the issuer's JWKS:
//   signature, `iss`, `aud` = this resource, expiry;
// - a token without the scopes a request needs (every request `mcp:tools`; a tool named in
//   `toolScopes` its own too): 403 `error="insufficient_scope"` with the scopes needed, which
//   is what a client's step-up reacts to.
//
// `metadata` breaks it on purpose, for the tests of a client's failures: `wrong-resource` names
// another resource in the metadata; `missing` serves no metadata (the URL in the header 404s).

import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

import type { FetchHandler } from './nodeHttp.js';

export const RESOURCE_METADATA_MODES = ['served', 'wrong-resource', 'missing'] as const;
export type ResourceMetadataMode = (typeof RESOURCE_METADATA_MODES)[number];

/** What the `wrong-resource` metadata names instead of the server's own URL. */
export const WRONG_RESOURCE = 'https://elsewhere.example/mcp';

/** The scope every request needs. */
export const BASE_SCOPE = 'mcp:tools';

export interface BearerGuardOptions {
  /** The MCP endpoint's URL, as clients reach it: the `resource` and the tokens' `aud`. */
  resource: string;
  /** The authorization server's issuer identifier. */
  issuer: string;
  /** Scopes a `tools/call` of the named tool needs beyond the base one (e.g. `{ add: ['mcp:admin'] }`). */
  toolScopes?: Readonly<Record<string, readonly string[]>>;
  metadata?: ResourceMetadataMode;
}

const AuthorizationServerMetadata = z.object({ issuer: z.string(), jwks_uri: z.string().url() });
const ToolCall = z.object({ method: z.literal('tools/call'), params: z.object({ name: z.string() }) });

/** The RFC 9728 path-based metadata URL of `resource`. */
export function resourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  return new URL(`/.well-known/oauth-protected-resource${url.pathname === '/' ? '' : url.pathname}`, url.origin).href;
}

function challenge(params: Record<string, string>): string {
  return `Bearer ${Object.entries(params)
    .map(([name, value]) => `${name}="${value.replace(/["\\]/g, '')}"`)
    .join(', ')}`;
}

function whyRefused(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'the token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'the token is not for this resource';
    if (error.claim === 'iss') return 'the token is from another issuer';
    return `the token's ${error.claim} claim is not acceptable`;
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey)
    return 'the token is not signed by the authorization server';
  return 'the token is not a JWT access token of the authorization server';
}

/** `handler` behind bearer tokens, with the resource metadata served beside it. */
export function guardWithBearer(handler: FetchHandler, options: BearerGuardOptions): FetchHandler {
  const resource = new URL(options.resource);
  const metadataUrl = resourceMetadataUrl(options.resource);
  const metadataPath = new URL(metadataUrl).pathname;
  const mode = options.metadata ?? 'served';
  const toolScopes = options.toolScopes ?? {};
  const scopesSupported = [...new Set([BASE_SCOPE, ...Object.values(toolScopes).flat()])];

  // The JWKS URL comes from the authorization server's metadata, fetched on the first token.
  let found: Promise<JWTVerifyGetKey> | undefined;
  const keySet = (): Promise<JWTVerifyGetKey> =>
    (found ??= (async () => {
      const response = await fetch(new URL('/.well-known/oauth-authorization-server', options.issuer));
      if (!response.ok) throw new Error(`the authorization server's metadata answered ${response.status}`);
      const metadata = AuthorizationServerMetadata.parse(await response.json());
      if (metadata.issuer !== options.issuer) throw new Error(`the authorization server's metadata names issuer ${metadata.issuer}`);
      return createRemoteJWKSet(new URL(metadata.jwks_uri));
    })().catch((error: unknown) => {
      found = undefined;
      throw error;
    }));

  const refuse = (status: 401 | 403, params: Record<string, string>, text: string): Response =>
    new Response(`${text}\n`, {
      status,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'www-authenticate': challenge({ ...params, resource_metadata: metadataUrl }),
      },
    });

  /** The scopes `request` needs: the base one, and a called tool's own. */
  const scopesFor = async (request: Request): Promise<string[]> => {
    if (request.method !== 'POST' || Object.keys(toolScopes).length === 0) return [BASE_SCOPE];
    let body: unknown;
    try {
      body = JSON.parse(await request.clone().text());
    } catch {
      return [BASE_SCOPE];
    }
    const call = ToolCall.safeParse(body);
    const extra = call.success && Object.hasOwn(toolScopes, call.data.params.name) ? (toolScopes[call.data.params.name] ?? []) : [];
    return [...new Set([BASE_SCOPE, ...extra])];
  };

  return async (request) => {
    const path = new URL(request.url).pathname;
    if (path === metadataPath) {
      if (mode === 'missing' || request.method !== 'GET') return new Response('not found\n', { status: 404 });
      const body = {
        resource: mode === 'wrong-resource' ? WRONG_RESOURCE : resource.href,
        authorization_servers: [options.issuer],
        scopes_supported: scopesSupported,
        bearer_methods_supported: ['header'],
        resource_name: 'MCP Lens demo server',
      };
      return Response.json(body, { headers: { 'cache-control': 'no-store' } });
    }
    if (path !== resource.pathname) return handler(request);

    const authorization = request.headers.get('authorization') ?? '';
    const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization.trim());
    if (!match?.[1]) return refuse(401, { scope: BASE_SCOPE }, 'authorization needed: a bearer token from the authorization server');

    let keys: JWTVerifyGetKey;
    try {
      keys = await keySet();
    } catch (error) {
      // Not the token's fault: a client would otherwise throw away a good token.
      const why = error instanceof Error ? error.message : String(error);
      return new Response(`cannot check tokens: ${why}\n`, { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    let scopes: Set<string>;
    try {
      const { payload } = await jwtVerify(match[1], keys, {
        issuer: options.issuer,
        audience: resource.href,
        typ: 'at+jwt',
        requiredClaims: ['exp'],
      });
      scopes = new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : []);
    } catch (error) {
      const description = whyRefused(error);
      return refuse(401, { error: 'invalid_token', error_description: description, scope: BASE_SCOPE }, description);
    }

    const needed = await scopesFor(request);
    if (needed.some((scope) => !scopes.has(scope))) {
      return refuse(
        403,
        { error: 'insufficient_scope', scope: needed.join(' '), error_description: 'the token lacks a scope this request needs' },
        `insufficient scope: this request needs ${needed.join(' ')}`,
      );
    }
    return handler(request);
  };
}
