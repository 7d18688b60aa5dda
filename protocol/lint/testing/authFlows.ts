/**
 * Test helper: OAuth flows as the bridge records them (auth events, masked), written by hand from
 * the RFCs, with the faults each auth lint rule is about. A stateless session over HTTP: the first
 * request meets a 401, the flow runs, the request goes again with the token.
 */
import { Transcript } from './transcript.js';

export const MCP_URL = 'https://mcp.example.com/mcp';
export const AS_URL = 'https://auth.example.com';
const PRM_URL = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
const AS_META_URL = 'https://auth.example.com/.well-known/oauth-authorization-server';
const CALLBACK = 'http://127.0.0.1:8765/oauth/callback';
const JSON_TYPE = { 'content-type': 'application/json' };
const MASK = '[redacted]';

export interface FlowFaults {
  challenge?: string;
  /** The protected resource metadata answers 404 everywhere. */
  noResourceMetadata?: boolean;
  resource?: string;
  issuer?: string;
  asMeta?: Record<string, unknown>;
  callbackQuery?: string;
  tokenBody?: Record<string, unknown>;
  tokenUrl?: string;
}

export const AS_METADATA = {
  issuer: AS_URL,
  authorization_endpoint: `${AS_URL}/authorize`,
  token_endpoint: `${AS_URL}/token`,
  registration_endpoint: `${AS_URL}/register`,
  code_challenge_methods_supported: ['S256'],
  authorization_response_iss_parameter_supported: true,
};

/** The stateless session's first request and the 401 that starts the flow (`run` r1). */
export function challenged(challenge = `Bearer resource_metadata="${PRM_URL}"`): Transcript {
  return new Transcript().connectStart('stateless').auth('r1', 'challenge', 'info', {
    status: 401,
    http: { method: 'POST', url: MCP_URL, headers: { 'www-authenticate': challenge, ...JSON_TYPE } },
  });
}

/** Discovery: the protected resource metadata (or 404s at each URL), then the authorization server's. */
export function discovered(f: FlowFaults = {}): Transcript {
  const t = challenged(f.challenge);
  if (f.noResourceMetadata) {
    for (const url of [PRM_URL, 'https://mcp.example.com/.well-known/oauth-protected-resource'])
      t.auth('r1', 'resource-metadata', 'request', { http: { method: 'GET', url, headers: {} } }).auth(
        'r1',
        'resource-metadata',
        'response',
        {
          status: 404,
          http: { method: 'GET', url, headers: {} },
        },
      );
    return t.auth('r1', 'resource-metadata', 'failed', { text: 'no protected resource metadata found' });
  }
  return t
    .auth('r1', 'resource-metadata', 'response', {
      status: 200,
      http: {
        method: 'GET',
        url: PRM_URL,
        headers: JSON_TYPE,
        body: JSON.stringify({ resource: f.resource ?? MCP_URL, authorization_servers: [AS_URL] }),
      },
    })
    .auth('r1', 'server-metadata', 'response', {
      status: 200,
      http: {
        method: 'GET',
        url: AS_META_URL,
        headers: JSON_TYPE,
        body: JSON.stringify({ ...AS_METADATA, ...(f.issuer === undefined ? {} : { issuer: f.issuer }), ...f.asMeta }),
      },
    });
}

/** The browser's redirect back, with its query (the code masked). */
export function calledBack(f: FlowFaults = {}): Transcript {
  return discovered(f).auth('r1', 'callback', 'ok', {
    http: {
      method: 'GET',
      url: `${CALLBACK}?${f.callbackQuery ?? `code=${MASK}&state=st-1&iss=${encodeURIComponent(AS_URL)}`}`,
      headers: {},
    },
  });
}

/** The token request and its answer (the tokens masked). */
export function tokened(f: FlowFaults = {}): Transcript {
  return calledBack(f).auth('r1', 'token', 'response', {
    status: 200,
    http: {
      method: 'POST',
      url: f.tokenUrl ?? `${AS_URL}/token`,
      headers: JSON_TYPE,
      body: JSON.stringify(f.tokenBody ?? { access_token: MASK, token_type: 'Bearer', expires_in: 3600, refresh_token: MASK }),
    },
  });
}

/** The whole flow, ending with the MCP request sent again with the token. */
export function retried(f: FlowFaults = {}, url = MCP_URL): Transcript {
  return tokened(f).auth('r1', 'retry', 'request', {
    http: { method: 'POST', url, headers: { Authorization: `Bearer ${MASK}` } },
  });
}

/** The 401, then protected resource metadata naming `resource`. */
export function resourceNamed(resource: string): Transcript {
  return challenged().auth('r1', 'resource-metadata', 'response', {
    status: 200,
    http: { method: 'GET', url: PRM_URL, headers: JSON_TYPE, body: JSON.stringify({ resource, authorization_servers: [AS_URL] }) },
  });
}

/** For rules.test.ts: each auth rule, a whole flow that passes and one whose last event trips it. */
export const AUTH_CASES: { rule: string; pass: () => Transcript; trip: () => Transcript }[] = [
  { rule: 'auth-resource-metadata-missing', pass: () => retried(), trip: () => discovered({ noResourceMetadata: true }) },
  {
    rule: 'auth-challenge-no-resource-metadata',
    pass: () => retried(),
    trip: () => challenged('Bearer realm="mcp", error_description="no resource_metadata=here"'),
  },
  { rule: 'auth-resource-mismatch', pass: () => retried(), trip: () => resourceNamed('https://other.example.com/mcp') },
  { rule: 'auth-issuer-mismatch', pass: () => retried(), trip: () => discovered({ issuer: 'https://evil.example.com' }) },
  {
    rule: 'auth-pkce-s256-missing',
    pass: () => retried(),
    trip: () => discovered({ asMeta: { code_challenge_methods_supported: ['plain'] } }),
  },
  { rule: 'auth-iss-missing', pass: () => retried(), trip: () => calledBack({ callbackQuery: `code=${MASK}&state=st-1` }) },
  { rule: 'auth-secret-in-url', pass: () => retried(), trip: () => retried({}, `${MCP_URL}?access_token=${MASK}`) },
  {
    rule: 'auth-token-type',
    pass: () => retried(),
    trip: () => tokened({ tokenBody: { access_token: MASK, token_type: 'mac', expires_in: 3600 } }),
  },
];
