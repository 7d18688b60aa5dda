/**
 * A session file whose journal holds two authorization runs, written by hand as the OAuth
 * client journals them (masked values, realistic URLs): one that ends with the MCP server
 * accepting the token, and one whose protected resource metadata names another resource. One
 * step carries hostile text and a `javascript:` spec link, which must stay text.
 */
import type { AuthEvent, BridgeEvent } from '../../protocol/envelope.js';

export const GOOD_SERVER = 'https://mcp.example/mcp';
export const BAD_SERVER = 'https://b.example/mcp';
export const MISMATCH = 'the protected resource metadata names resource https://a.example/mcp, but the server is https://b.example/mcp';
export const HOSTILE = '<img src=x onerror="window.__ran=1"> the server lists no S256';
const SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization';

type AuthInput = Omit<AuthEvent, 'seq' | 't' | 'kind'>;

/** The successful run's steps, in order: what the diagram draws, one step per event. */
export const GOOD_RUN: AuthInput[] = [
  {
    conn: 'h1',
    run: 'a1',
    step: 'challenge',
    phase: 'response',
    status: 401,
    text: 'the server answered 401 and named its protected resource metadata',
    http: {
      method: 'POST',
      url: GOOD_SERVER,
      headers: { 'www-authenticate': 'Bearer resource_metadata="https://mcp.example/.well-known/oauth-protected-resource/mcp"' },
    },
  },
  {
    conn: 'h1',
    run: 'a1',
    step: 'resource-metadata',
    phase: 'request',
    text: 'protected resource metadata, from WWW-Authenticate',
    http: { method: 'GET', url: 'https://mcp.example/.well-known/oauth-protected-resource/mcp', headers: { accept: 'application/json' } },
  },
  {
    conn: 'h1',
    run: 'a1',
    step: 'resource-metadata',
    phase: 'response',
    status: 200,
    text: 'the protected resource metadata',
    http: {
      method: 'GET',
      url: 'https://mcp.example/.well-known/oauth-protected-resource/mcp',
      headers: { 'content-type': 'application/json' },
      body: '{"resource":"https://mcp.example/mcp","authorization_servers":["https://as.example"]}',
    },
  },
  {
    conn: 'h1',
    run: 'a1',
    step: 'server-metadata',
    phase: 'request',
    text: 'authorization server metadata (RFC 8414)',
    http: { method: 'GET', url: 'https://as.example/.well-known/oauth-authorization-server', headers: { accept: 'application/json' } },
  },
  {
    conn: 'h1',
    run: 'a1',
    step: 'server-metadata',
    phase: 'response',
    status: 200,
    text: 'the authorization server metadata',
    http: {
      method: 'GET',
      url: 'https://as.example/.well-known/oauth-authorization-server',
      headers: { 'content-type': 'application/json' },
      body: '{"issuer":"https://as.example","authorization_endpoint":"https://as.example/authorize","token_endpoint":"https://as.example/token","registration_endpoint":"https://as.example/reg","code_challenge_methods_supported":["S256"]}',
    },
  },
  {
    conn: 'h1',
    run: 'a1',
    step: 'server-metadata',
    phase: 'ok',
    text: 'the issuer matches and S256 is supported',
    spec: {
      text: 'MCP clients MUST use PKCE and MUST verify that the authorization server supports S256.',
      url: `${SPEC}#authorization-code-protection`,
    },
  },
  {
    conn: 'h1',
    run: 'a1',
    step: 'registration',
    phase: 'request',
    text: 'dynamic client registration (RFC 7591)',
    http: {
      method: 'POST',
      url: 'https://as.example/reg',
      headers: { 'content-type': 'application/json' },
      body: '{"client_name":"MCP Lens","redirect_uris":["http://127.0.0.1:7777/oauth/callback"],"token_endpoint_auth_method":"none"}',
    },
  },
  {
    conn: 'h1',
    run: 'a1',
    step: 'registration',
    phase: 'response',
    status: 201,
    text: 'registered',
    http: { method: 'POST', url: 'https://as.example/reg', headers: {}, body: '{"client_id":"lens-123","client_secret":"[redacted]"}' },
  },
  {
    conn: 'h1',
    run: 'a1',
    step: 'authorization',
    phase: 'waiting',
    text: 'open the authorization URL to sign in and consent',
    authorizationUrl:
      'https://as.example/authorize?response_type=code&client_id=lens-123&code_challenge=[redacted]&code_challenge_method=S256&state=[redacted]&resource=https%3A%2F%2Fmcp.example%2Fmcp',
  },
  { conn: 'h1', run: 'a1', step: 'callback', phase: 'ok', text: 'the browser came back with a code; state and iss checked' },
  {
    conn: 'h1',
    run: 'a1',
    step: 'token',
    phase: 'request',
    text: 'the authorization code for a token',
    http: {
      method: 'POST',
      url: 'https://as.example/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=[redacted]&code_verifier=[redacted]&resource=https%3A%2F%2Fmcp.example%2Fmcp',
    },
  },
  {
    conn: 'h1',
    run: 'a1',
    step: 'token',
    phase: 'response',
    status: 200,
    text: 'a bearer token',
    http: {
      method: 'POST',
      url: 'https://as.example/token',
      headers: {},
      body: '{"access_token":"[redacted]","token_type":"Bearer","expires_in":3600}',
    },
  },
  {
    conn: 'h1',
    run: 'a1',
    step: 'retry',
    phase: 'request',
    text: 'the MCP request again, with the token',
    http: { method: 'POST', url: GOOD_SERVER, headers: { authorization: 'Bearer [redacted]' } },
  },
  {
    conn: 'h1',
    run: 'a1',
    step: 'retry',
    phase: 'response',
    status: 200,
    text: 'the server accepted the token',
    http: { method: 'POST', url: GOOD_SERVER, headers: { 'content-type': 'application/json' } },
  },
];

export const BAD_RUN: AuthInput[] = [
  {
    conn: 'h2',
    run: 'b1',
    step: 'challenge',
    phase: 'response',
    status: 401,
    text: 'the server answered 401',
    http: { method: 'POST', url: BAD_SERVER, headers: { 'www-authenticate': 'Bearer' } },
  },
  {
    conn: 'h2',
    run: 'b1',
    step: 'resource-metadata',
    phase: 'request',
    text: 'protected resource metadata, at the path-based well-known URL',
    http: { method: 'GET', url: 'https://b.example/.well-known/oauth-protected-resource/mcp', headers: {} },
  },
  {
    conn: 'h2',
    run: 'b1',
    step: 'resource-metadata',
    phase: 'response',
    status: 200,
    text: HOSTILE,
    spec: { text: 'javascript: is never a link', url: 'javascript:alert(1)' },
    http: {
      method: 'GET',
      url: 'https://b.example/.well-known/oauth-protected-resource/mcp',
      headers: {},
      body: '{"resource":"https://a.example/mcp","authorization_servers":["https://as.example"]}',
    },
  },
  {
    conn: 'h2',
    run: 'b1',
    step: 'resource-metadata',
    phase: 'failed',
    text: MISMATCH,
    spec: {
      text: 'The resource in the protected resource metadata MUST match the server the client is connecting to (RFC 9728 section 3.3).',
      url: `${SPEC}#authorization-server-location`,
    },
  },
];

/** The session file: two HTTP connections, each with its run. */
export function authSessionFile(): string {
  let seq = 0;
  const t0 = 1_795_999_212_000;
  const ev = (event: Record<string, unknown>): BridgeEvent => ({ seq: ++seq, t: t0 + seq * 40, ...event }) as BridgeEvent;
  const config = (url: string) => ({ transport: 'http', url, headers: {} });
  const events = [
    ev({ conn: 'h1', kind: 'spawn', config: config(GOOD_SERVER), label: 'good' }),
    ...GOOD_RUN.map((e) => ev({ kind: 'auth', ...e })),
    ev({ conn: 'h2', kind: 'spawn', config: config(BAD_SERVER), label: 'broken' }),
    ...BAD_RUN.map((e) => ev({ kind: 'auth', ...e })),
  ];
  return JSON.stringify({
    format: 'mcp-lens-session',
    version: 1,
    createdAt: '2026-12-01T00:00:00.000Z',
    producer: { name: 'mcp-lens', version: '0.1.0' },
    connections: [
      { conn: 'h1', label: 'good', config: config(GOOD_SERVER) },
      { conn: 'h2', label: 'broken', config: config(BAD_SERVER) },
    ],
    events,
  });
}
