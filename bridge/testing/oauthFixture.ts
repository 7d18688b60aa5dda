/**
 * A small MCP server behind OAuth, for the tests of the OAuth client: it answers 401 with a
 * Bearer challenge until a request carries the token its own authorization server issued (PRM at
 * the path-based well-known URL, RFC 8414 metadata, registration, an authorization endpoint that
 * redirects at once, a token endpoint that checks PKCE and resource). Every secret it hands out
 * is recorded in `issued`, so a test can grep whatever MCP Lens wrote for them.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OAuthFixture {
  /** The MCP endpoint. */
  url: string;
  origin: string;
  /** Every secret value handed out or received: tokens, codes, verifiers, the client secret. */
  issued: string[];
  /** The token requests' form bodies, as received. */
  tokenRequests: URLSearchParams[];
  /** Every request's method and path, in order. */
  seen: string[];
  /** The access tokens stop working (they expired): the next MCP request meets a 401. */
  expireTokens(): void;
  close(): Promise<void>;
}

export async function startOAuthFixture(): Promise<OAuthFixture> {
  const issued: string[] = [];
  const tokenRequests: URLSearchParams[] = [];
  const codes = new Map<string, { challenge: string; resource: string | null }>();
  const tokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const seen: string[] = [];
  const secret = (prefix: string): string => {
    const value = `${prefix}-${randomBytes(12).toString('hex')}`;
    issued.push(value);
    return value;
  };
  let origin = '';
  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    seen.push(`${req.method ?? ''} ${url.pathname}`);
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'GET' && url.pathname === '/.well-known/oauth-protected-resource/mcp')
        return json(res, 200, { resource: `${origin}/mcp`, authorization_servers: [origin], scopes_supported: ['mcp:tools'] });
      if (req.method === 'GET' && url.pathname === '/.well-known/oauth-authorization-server')
        return json(res, 200, {
          issuer: origin,
          authorization_endpoint: `${origin}/authorize`,
          token_endpoint: `${origin}/token`,
          registration_endpoint: `${origin}/register`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_post'],
          authorization_response_iss_parameter_supported: true,
        });
      if (req.method === 'POST' && url.pathname === '/register') {
        const asked = JSON.parse(body) as { redirect_uris?: string[] };
        return json(res, 201, {
          client_id: 'fixture-client',
          client_secret: secret('CLIENTSECRET'),
          client_secret_expires_at: 0,
          redirect_uris: asked.redirect_uris ?? [],
          token_endpoint_auth_method: 'client_secret_post',
        });
      }
      if (req.method === 'GET' && url.pathname === '/authorize') {
        const code = secret('CODE');
        codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', resource: url.searchParams.get('resource') });
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        back.searchParams.set('iss', origin);
        res.writeHead(302, { location: back.href }).end();
        return;
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(body);
        tokenRequests.push(form);
        if (form.get('grant_type') === 'refresh_token') {
          if (!refreshTokens.has(form.get('refresh_token') ?? '') || form.get('resource') !== `${origin}/mcp`)
            return json(res, 400, { error: 'invalid_grant' });
          const token = secret('ACCESSTOKEN');
          tokens.add(token);
          return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
        }
        const verifier = form.get('code_verifier') ?? '';
        issued.push(verifier);
        const granted = codes.get(form.get('code') ?? '');
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!granted || granted.challenge !== challenge || form.get('resource') !== `${origin}/mcp`)
          return json(res, 400, { error: 'invalid_grant' });
        const token = secret('ACCESSTOKEN');
        tokens.add(token);
        const refresh = secret('REFRESHTOKEN');
        refreshTokens.add(refresh);
        return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, refresh_token: refresh });
      }
      if (req.method === 'POST' && url.pathname === '/mcp') {
        const auth = req.headers.authorization ?? '';
        if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7)))
          return json(
            res,
            401,
            { error: 'invalid_token' },
            { 'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"` },
          );
        const message = JSON.parse(body) as { id?: number; method?: string };
        if (message.id === undefined) return void res.writeHead(202).end();
        if (message.method === 'tools/list')
          return json(res, 200, {
            jsonrpc: '2.0',
            id: message.id,
            result: { tools: [{ name: 'behind-oauth', inputSchema: { type: 'object' } }] },
          });
        return json(res, 200, { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/mcp`,
    origin,
    issued,
    tokenRequests,
    seen,
    expireTokens: () => tokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
