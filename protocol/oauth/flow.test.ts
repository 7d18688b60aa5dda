/**
 * The flow's decisions against an authorization server made of canned answers: what it refuses
 * (RFC 9207 iss, PKCE without S256, a poisoned issuer, a resource for another server) and that
 * it refuses before the authorization code reaches the token endpoint.
 */
import { describe, expect, it } from 'vitest';
import type { AuthStep } from '../envelope.js';
import { runAuthFlow, type AuthHttpRequest, type FlowResult } from './flow.js';

const SERVER = 'https://rs.example/mcp';
const AS = 'https://as.example';

interface Fake {
  issSupported?: boolean | null;
  iss?: 'correct' | 'wrong' | 'normalized' | 'omit';
  pkce?: string[] | null;
  metadataIssuer?: string;
  prmResource?: string;
  grants?: string[];
  settings?: { clientId?: string; clientSecret?: string };
}

async function run(fake: Fake): Promise<{ result: FlowResult; sent: { step: AuthStep; request: AuthHttpRequest }[]; verdicts: string[] }> {
  const sent: { step: AuthStep; request: AuthHttpRequest }[] = [];
  const verdicts: string[] = [];
  const json = (status: number, body: unknown): Response =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const result = await runAuthFlow({
    serverUrl: SERVER,
    revision: '2026-07-28',
    challenge: { resourceMetadata: 'https://rs.example/.well-known/oauth-protected-resource/mcp' },
    settings: fake.settings ?? {},
    registrations: new Map(),
    redirectUri: () => Promise.resolve('http://127.0.0.1:1/oauth/callback'),
    report: (step, phase, text) => verdicts.push(`${step} ${phase}: ${text}`),
    perform: (step, request) => {
      sent.push({ step, request });
      const url = request.url;
      if (url === 'https://rs.example/.well-known/oauth-protected-resource/mcp')
        return Promise.resolve(json(200, { resource: fake.prmResource ?? SERVER, authorization_servers: [AS] }));
      if (url === `${AS}/.well-known/oauth-authorization-server`)
        return Promise.resolve(
          json(200, {
            issuer: fake.metadataIssuer ?? AS,
            authorization_endpoint: `${AS}/authorize`,
            token_endpoint: `${AS}/token`,
            registration_endpoint: `${AS}/register`,
            token_endpoint_auth_methods_supported: fake.grants ? ['client_secret_basic'] : ['none'],
            ...(fake.grants === undefined ? {} : { grant_types_supported: fake.grants }),
            ...(fake.pkce === null ? {} : { code_challenge_methods_supported: fake.pkce ?? ['S256'] }),
            ...(fake.issSupported === null ? {} : { authorization_response_iss_parameter_supported: fake.issSupported ?? true }),
          }),
        );
      if (url === `${AS}/register`) return Promise.resolve(json(201, { client_id: 'c1', token_endpoint_auth_method: 'none' }));
      if (url === `${AS}/token`) return Promise.resolve(json(200, { access_token: 'at-1', token_type: 'Bearer', expires_in: 60 }));
      return Promise.resolve(json(404, { error: 'not_found' }));
    },
    authorize: (url, state) => {
      const params = new URLSearchParams({ code: 'code-1', state });
      const iss = fake.iss ?? 'correct';
      if (iss === 'correct') params.set('iss', AS);
      if (iss === 'wrong') params.set('iss', 'https://evil.example');
      if (iss === 'normalized') params.set('iss', `${AS}/`);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('resource')).toBe(fake.prmResource ?? SERVER);
      return Promise.resolve({ ok: true, params });
    },
  });
  return { result, sent, verdicts };
}

const tokenRequested = (sent: { step: AuthStep }[]): boolean => sent.some((s) => s.step === 'token');

describe('the iss of the authorization response (RFC 9207)', () => {
  it('goes on when it is the issuer the metadata gave', async () => {
    const { result, sent } = await run({ iss: 'correct' });
    expect(result).toMatchObject({ ok: true, grant: { accessToken: 'at-1' }, issuer: AS, resource: SERVER });
    const token = sent.find((s) => s.step === 'token');
    expect(new URLSearchParams(token?.request.body).get('resource')).toBe(SERVER);
    expect(new URLSearchParams(token?.request.body).get('code_verifier')).toBeTruthy();
  });

  it('goes on when it is absent and the server does not advertise it', async () => {
    expect((await run({ issSupported: null, iss: 'omit' })).result.ok).toBe(true);
  });

  it('is refused before the token request when absent but advertised', async () => {
    const { result, sent } = await run({ issSupported: true, iss: 'omit' });
    expect(result).toMatchObject({ ok: false, step: 'callback' });
    expect(result.ok || result.reason).toContain('carries no iss');
    expect(tokenRequested(sent)).toBe(false);
  });

  it('is refused when it names another issuer, advertised or not', async () => {
    for (const issSupported of [true, null]) {
      const { result, sent } = await run({ issSupported, iss: 'wrong' });
      expect(result.ok || result.reason).toContain("the redirect's iss is https://evil.example");
      expect(tokenRequested(sent)).toBe(false);
    }
  });

  it('is compared as a string: the issuer with a trailing slash is another issuer', async () => {
    const { result, sent } = await run({ iss: 'normalized' });
    expect(result).toMatchObject({ ok: false, step: 'callback' });
    expect(tokenRequested(sent)).toBe(false);
  });
});

describe('what stops the flow before the user is sent anywhere', () => {
  it('an authorization server that does not list S256, or lists no PKCE method', async () => {
    for (const pkce of [['plain'], null]) {
      const { result, sent } = await run({ pkce });
      expect(result).toMatchObject({ ok: false, step: 'server-metadata' });
      expect(sent.some((s) => s.step === 'registration')).toBe(false);
    }
  });

  it('metadata whose issuer is not the one asked for', async () => {
    const { result, sent } = await run({ metadataIssuer: 'https://attacker.example' });
    expect(result.ok || result.reason).toBe(
      'the authorization server metadata says issuer https://attacker.example, but it was fetched for issuer https://as.example: not used',
    );
    expect(sent.some((s) => s.step === 'registration')).toBe(false);
  });

  it('protected resource metadata naming another server', async () => {
    const { result, sent } = await run({ prmResource: 'https://evil.example/mcp' });
    expect(result).toMatchObject({ ok: false, step: 'resource-metadata' });
    expect(sent.some((s) => s.step === 'server-metadata')).toBe(false);
  });
});

describe('a server that offers only the client credentials grant', () => {
  it('gets the token with the pre-registered client, client_secret_basic and the resource, with no browser', async () => {
    const { result, sent } = await run({ grants: ['client_credentials'], settings: { clientId: 'svc', clientSecret: 's3cret-value' } });
    expect(result).toMatchObject({ ok: true, grant: { accessToken: 'at-1', clientId: 'svc' } });
    const token = sent.find((s) => s.step === 'token');
    const form = new URLSearchParams(token?.request.body);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('resource')).toBe(SERVER);
    expect(token?.request.headers.authorization).toBe(`Basic ${btoa('svc:s3cret-value')}`);
    expect(sent.some((s) => s.step === 'registration')).toBe(false);
  });
});
