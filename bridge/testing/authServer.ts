/**
 * A real authorization server for the tests, and the demo HTTP server behind it. The server is
 * `oidc-provider` (certified): dynamic registration on or off, PKCE required, resource
 * indicators (RFC 8707) so an access token is a JWT whose `aud` is the MCP endpoint, refresh
 * tokens for `offline_access`, `iss` in the authorization response (RFC 9207), its own login
 * and consent pages. In front of the demo (both flows) a guard answers what a protected MCP
 * server answers: RFC 9728 metadata at the path-based well-known URL, 401 with a Bearer
 * challenge until a request carries a token the server issued for this resource; then it passes
 * the request on. Variants break one thing each, for the tests of what MCP Lens says then.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import Provider, { errors } from 'oidc-provider';
import { startDemoHttp, type RunningHttpServer } from './httpServers.js';

/** What is broken: the metadata names another resource, the server offers no PKCE, or there is no metadata. */
export type AuthVariant = 'good' | 'wrong-resource' | 'no-pkce' | 'metadata-404';

export interface ProtectedDemoOptions {
  variant?: AuthVariant;
  /** Dynamic client registration (RFC 7591). Default on. */
  registration?: boolean;
  /** A client registered beforehand (its redirect URIs must be known). */
  preRegistered?: { clientId: string; clientSecret: string; redirectUris: string[] };
  flow?: 'handshake' | 'stateless' | 'both';
}

export interface ProtectedDemo {
  /** The MCP endpoint (behind the guard). */
  mcpUrl: string;
  issuer: string;
  /** Every token, code, PKCE verifier and client secret the authorization server issued or took, for a test to grep for. */
  issued: string[];
  close(): Promise<void>;
}

/** The scope the guard asks for in its challenge. */
export const MCP_SCOPE = 'mcp:tools';
const ELSEWHERE = 'https://elsewhere.example/mcp';

export async function startProtectedDemo(options: ProtectedDemoOptions = {}): Promise<ProtectedDemo> {
  const variant = options.variant ?? 'good';
  const demo = await startDemoHttp(options.flow ?? 'both');
  const guard = await listen();
  const as = await listen();
  const issuer = `http://127.0.0.1:${as.port}`;
  const origin = `http://127.0.0.1:${guard.port}`;
  const resource = `${origin}/mcp`;
  const issued: string[] = [];

  const provider = new Provider(issuer, {
    clients: options.preRegistered
      ? [
          {
            client_id: options.preRegistered.clientId,
            client_secret: options.preRegistered.clientSecret,
            redirect_uris: options.preRegistered.redirectUris,
            application_type: 'native',
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ]
      : [],
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: options.registration ?? true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return { scope: MCP_SCOPE, audience: resource, accessTokenTTL: 3600, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
    scopes: ['openid', 'offline_access'],
    pkce: { required: () => true },
    issueRefreshToken: (_ctx, client, code) => client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    cookies: { keys: ['mcp-lens-test-cookie-key'] },
  });
  // The grep of a test needs what was handed out.
  provider.on('authorization_code.saved', (code: { jti: string }) => issued.push(code.jti));
  provider.on('refresh_token.saved', (token: { jti: string }) => issued.push(token.jti));
  provider.on('registration_create.success', (_ctx: unknown, client: { clientSecret?: string }) => {
    if (client.clientSecret) issued.push(client.clientSecret);
  });
  provider.use(async (ctx, next) => {
    await next();
    const discovery = ctx.path === '/.well-known/openid-configuration' || ctx.path === '/.well-known/oauth-authorization-server';
    if (!discovery || typeof ctx.body !== 'object' || ctx.body === null) return;
    const metadata = ctx.body as Record<string, unknown>;
    // The guard takes Bearer tokens only, as most MCP servers do: DPoP is not offered.
    delete metadata.dpop_signing_alg_values_supported;
    if (variant === 'no-pkce') delete metadata.code_challenge_methods_supported;
  });
  // Access tokens are JWTs the provider does not save: the token endpoint's answers name them.
  provider.use(async (ctx, next) => {
    await next();
    const verifier = (ctx.oidc?.params as Record<string, unknown> | undefined)?.code_verifier;
    if (ctx.path === '/token' && typeof verifier === 'string') issued.push(verifier);
    if (ctx.path === '/token' && typeof ctx.body === 'object' && ctx.body !== null) {
      const body = ctx.body as Record<string, unknown>;
      for (const key of ['access_token', 'refresh_token', 'id_token']) if (typeof body[key] === 'string') issued.push(body[key]);
    }
  });
  as.server.on('request', provider.callback());

  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
  const metadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;
  guard.server.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname.startsWith('/.well-known/')) {
        if (variant === 'metadata-404' || url.pathname !== '/.well-known/oauth-protected-resource/mcp')
          return void res.writeHead(404).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            resource: variant === 'wrong-resource' ? ELSEWHERE : resource,
            authorization_servers: [issuer],
            scopes_supported: [MCP_SCOPE],
            bearer_methods_supported: ['header'],
          }),
        );
        return;
      }
      const auth = req.headers.authorization ?? '';
      const token = /^Bearer (.+)$/i.exec(auth)?.[1];
      let allowed = false;
      if (token !== undefined) {
        try {
          await jwtVerify(token, jwks, { issuer, audience: resource });
          allowed = true;
        } catch {
          allowed = false;
        }
      }
      if (!allowed) {
        const challenge = [`resource_metadata="${metadataUrl}"`, `scope="${MCP_SCOPE}"`];
        if (token !== undefined) challenge.unshift('error="invalid_token"');
        req.resume();
        res.writeHead(401, { 'www-authenticate': `Bearer ${challenge.join(', ')}`, 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: token === undefined ? 'unauthorized' : 'invalid_token' }));
        return;
      }
      pass(req, res, demo);
    })();
  });

  return {
    mcpUrl: resource,
    issuer,
    issued,
    close: async () => {
      await Promise.all([as.close(), guard.close(), demo.stop()]);
    },
  };
}

/** The request, as it came (less its token), to the demo; its answer back as it comes, streams included. */
function pass(req: http.IncomingMessage, res: http.ServerResponse, demo: RunningHttpServer): void {
  const target = new URL(demo.url);
  const headers = { ...req.headers };
  delete headers.authorization;
  delete headers.host;
  const upstream = http.request(
    { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}

async function listen(): Promise<{ server: http.Server; port: number; close: () => Promise<void> }> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Walks the provider's own login and consent pages with fetch, as a user would with a browser,
 * and answers where the authorization server sent the browser back (the redirect URI with
 * `code`, `state` and `iss`), without following it.
 */
export async function completeAuthorization(authorizationUrl: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const cookieHeader = (): string => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (response: Response): void => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair !== undefined && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: form.toString() } : {}),
    });
    keep(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location !== null) {
      const next = new URL(location, url);
      if (next.origin !== new URL(authorizationUrl).origin) return next;
      url = next.href;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (action === undefined) throw new Error(`no form and no redirect at ${url} (HTTP ${response.status})`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    form = new URLSearchParams();
    for (const [input] of page.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input)?.[1];
      if (name !== undefined) form.set(name, /value="([^"]*)"/.exec(input)?.[1] ?? '');
    }
    if (form.has('login')) form.set('login', 'lens-user');
    if (form.has('password')) form.set('password', 'any');
  }
  throw new Error('the authorization did not come back within 20 redirects');
}
