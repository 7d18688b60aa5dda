import * as jose from 'jose';
import { describe, expect, it } from 'vitest';
import type { AuthStep } from '../envelope.js';
import { runAuthFlow, type AuthHttpRequest, type FlowResult } from './flow.js';
import type { ExtensionGrant } from './extensionGrants.js';
import { extensionSecrets } from './extensionGrants.js';

const SERVER = 'https://mcp.example/mcp';
const ISSUER = 'https://as.example';
const IDP_TOKEN = 'https://idp.example/token';

interface Sent extends AuthHttpRequest {
  step: AuthStep;
}

/** An authorization server and an IdP answering from memory: what the flow sent, and the token answers it gets. */
function world(
  token: (request: Sent) => Response,
  extraMetadata: Record<string, unknown> = {},
): {
  sent: Sent[];
  perform: (step: AuthStep, request: AuthHttpRequest) => Promise<Response>;
} {
  const sent: Sent[] = [];
  const json = (body: unknown, status = 200): Response =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return {
    sent,
    perform: (step, request) => {
      const entry = { step, ...request };
      sent.push(entry);
      if (request.url === 'https://mcp.example/.well-known/oauth-protected-resource/mcp')
        return Promise.resolve(json({ resource: SERVER, authorization_servers: [ISSUER] }));
      if (request.url === `${ISSUER}/.well-known/oauth-authorization-server`)
        return Promise.resolve(
          json({
            issuer: ISSUER,
            token_endpoint: `${ISSUER}/token`,
            code_challenge_methods_supported: ['S256'],
            grant_types_supported: ['client_credentials', 'urn:ietf:params:oauth:grant-type:jwt-bearer'],
            ...extraMetadata,
          }),
        );
      if (request.url === `${ISSUER}/token` || request.url === IDP_TOKEN) return Promise.resolve(token(entry));
      return Promise.resolve(new Response(null, { status: 404 }));
    },
  };
}

function tokenAnswer(accessToken = 'access-token-1'): Response {
  return new Response(JSON.stringify({ access_token: accessToken, token_type: 'Bearer', expires_in: 60 }), {
    headers: { 'content-type': 'application/json' },
  });
}

async function run(
  extension: ExtensionGrant,
  token: (request: Sent) => Response,
  extraMetadata: Record<string, unknown> = {},
  scheme: 'bearer' | 'dpop' = 'bearer',
): Promise<{ result: FlowResult; sent: Sent[] }> {
  const { sent, perform } = world(token, extraMetadata);
  const result = await runAuthFlow({
    serverUrl: SERVER,
    revision: '2026-07-28',
    challenge: { scheme, resourceMetadata: 'https://mcp.example/.well-known/oauth-protected-resource/mcp' },
    settings: {},
    perform,
    report: () => undefined,
    redirectUri: () => Promise.reject(new Error('no browser in an extension grant')),
    authorize: () => Promise.reject(new Error('no browser in an extension grant')),
    registrations: new Map(),
    extension,
  });
  return { result, sent };
}

function form(request: Sent): URLSearchParams {
  return new URLSearchParams(request.body ?? '');
}

function header(request: Sent, name: string): string | undefined {
  return Object.entries(request.headers).find(([n]) => n.toLowerCase() === name)?.[1];
}

describe('the extension grants', () => {
  it('client credentials with private_key_jwt: a signed assertion naming the client as iss and sub, the issuer as aud', async () => {
    const { publicKey, privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
    const pem = await jose.exportPKCS8(privateKey);
    const { result, sent } = await run({ kind: 'client-credentials-jwt', clientId: 'cc-client', privateKeyPem: pem, alg: 'ES256' }, () =>
      tokenAnswer(),
    );
    expect(result).toMatchObject({ ok: true, grant: { accessToken: 'access-token-1', clientId: 'cc-client' } });
    const request = sent.filter((r) => r.step === 'token');
    expect(request).toHaveLength(1);
    const body = form(request[0]!);
    expect(body.get('grant_type')).toBe('client_credentials');
    expect(body.get('resource')).toBe(SERVER);
    expect(body.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    const { payload } = await jose.jwtVerify(body.get('client_assertion') ?? '', publicKey, { audience: ISSUER });
    expect(payload).toMatchObject({ iss: 'cc-client', sub: 'cc-client' });
    expect(typeof payload.jti).toBe('string');
    expect(payload.exp).toBeGreaterThan(payload.iat ?? Infinity);
    expect(header(request[0]!, 'authorization')).toBeUndefined();
  });

  it('client credentials with client_secret_basic: the id and secret form-encoded as RFC 6749 says', async () => {
    const { result, sent } = await run(
      { kind: 'client-credentials-secret', clientId: 'conformance-test-client', clientSecret: 's3cret-._*~ x' },
      () => tokenAnswer(),
    );
    expect(result.ok).toBe(true);
    const request = sent.find((r) => r.step === 'token')!;
    expect(form(request).get('grant_type')).toBe('client_credentials');
    expect(atob((header(request, 'authorization') ?? '').replace(/^Basic /, ''))).toBe('conformance-test-client:s3cret-._*%7E+x');
  });

  it("workload identity: the workload's JWT as the bearer assertion, and a refusal is the answer (asked once, no other grant)", async () => {
    const accepted = await run({ kind: 'workload-identity', clientId: 'workload', assertion: 'workload.jwt.value' }, () => tokenAnswer());
    expect(accepted.result.ok).toBe(true);
    const body = form(accepted.sent.find((r) => r.step === 'token')!);
    expect(body.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(body.get('assertion')).toBe('workload.jwt.value');
    expect(body.get('client_id')).toBe('workload');

    const refused = await run(
      { kind: 'workload-identity', clientId: 'workload', assertion: 'expired.jwt.value' },
      () =>
        new Response(JSON.stringify({ error: 'invalid_grant', error_description: 'JWT assertion is expired' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    expect(refused.result).toEqual({
      ok: false,
      step: 'token',
      reason: 'the JWT bearer grant was refused: HTTP 400 invalid_grant: JWT assertion is expired',
    });
    expect(refused.sent.filter((r) => r.step === 'token')).toHaveLength(1);
  });

  it('enterprise-managed: the ID token exchanged at the IdP for an ID-JAG for this issuer and resource, then the ID-JAG as the bearer assertion', async () => {
    const { result, sent } = await run(
      {
        kind: 'enterprise-managed',
        clientId: 'xaa-client',
        clientSecret: 'xaa-secret',
        idp: { tokenEndpoint: IDP_TOKEN, clientId: 'idp-client', idToken: 'the.id.token' },
      },
      (request) =>
        request.url === IDP_TOKEN
          ? new Response(
              JSON.stringify({
                access_token: 'the.id.jag',
                issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
                token_type: 'N_A',
              }),
              { headers: { 'content-type': 'application/json' } },
            )
          : tokenAnswer(),
    );
    expect(result).toMatchObject({ ok: true, grant: { accessToken: 'access-token-1', clientId: 'xaa-client' } });
    const [exchange, bearer] = sent.filter((r) => r.step === 'token');
    expect(exchange?.url).toBe(IDP_TOKEN);
    expect(Object.fromEntries(form(exchange!))).toMatchObject({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      audience: ISSUER,
      resource: SERVER,
      subject_token: 'the.id.token',
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      client_id: 'idp-client',
    });
    expect(bearer?.url).toBe(`${ISSUER}/token`);
    expect(form(bearer!).get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(form(bearer!).get('assertion')).toBe('the.id.jag');
    expect(atob((header(bearer!, 'authorization') ?? '').replace(/^Basic /, ''))).toBe('xaa-client:xaa-secret');
  });

  it('binds the token with DPoP where the MCP server asks for it and the authorization server offers it, the proof retried with its nonce', async () => {
    let answered = 0;
    const { result, sent } = await run(
      { kind: 'client-credentials-secret', clientId: 'c', clientSecret: 'secret' },
      () =>
        answered++ === 0
          ? new Response(JSON.stringify({ error: 'use_dpop_nonce' }), {
              status: 400,
              headers: { 'content-type': 'application/json', 'dpop-nonce': 'n-1' },
            })
          : new Response(JSON.stringify({ access_token: 'bound', token_type: 'DPoP' }), {
              headers: { 'content-type': 'application/json' },
            }),
      { dpop_signing_alg_values_supported: ['ES256'] },
      'dpop',
    );
    expect(result.ok && result.dpop !== undefined).toBe(true);
    const proofs = sent.filter((r) => r.step === 'token').map((r) => jose.decodeJwt(header(r, 'dpop') ?? ''));
    expect(proofs.map((p) => p.nonce)).toEqual([undefined, 'n-1']);
    expect(proofs[1]).toMatchObject({ htm: 'POST', htu: `${ISSUER}/token` });
  });

  it('asks for a Bearer token when the MCP server challenged with Bearer, even where the authorization server offers DPoP', async () => {
    const { result, sent } = await run(
      { kind: 'client-credentials-secret', clientId: 'c', clientSecret: 'secret' },
      () =>
        new Response(JSON.stringify({ access_token: 'plain', token_type: 'Bearer' }), { headers: { 'content-type': 'application/json' } }),
      { dpop_signing_alg_values_supported: ['ES256'] },
    );
    expect(result.ok && result.dpop === undefined).toBe(true);
    expect(sent.filter((r) => r.step === 'token').map((r) => header(r, 'dpop'))).toEqual([undefined]);
  });

  it('names every secret each grant holds, to be masked before anything is recorded', () => {
    expect(extensionSecrets({ kind: 'client-credentials-jwt', clientId: 'c', privateKeyPem: 'PEM', alg: 'ES256' })).toEqual(['PEM']);
    expect(
      extensionSecrets({
        kind: 'enterprise-managed',
        clientId: 'c',
        clientSecret: 's',
        idp: { tokenEndpoint: IDP_TOKEN, clientId: 'i', idToken: 'id' },
      }),
    ).toEqual(['s', 'id']);
  });
});
