/**
 * The demo HTTP server behind the demo authorization server (oidc-provider), driven by an
 * oauth4webapi client: what an unauthorized request gets, the metadata of both servers, the
 * whole authorization code flow (registration, PKCE, resource, consent, iss, refresh), tools
 * listed in both flows with the token, and each broken variant's break.
 */
import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterEach, describe, expect, it } from 'vitest';

import { WRONG_RESOURCE } from '../bearerGuard.js';
import { handshakeRequest, statelessRequest, toolNames } from '../testing/mcpHttpClient.js';
import { discover, insecure, obtainToken } from '../testing/oauthClient.js';
import { completeAuthorization } from './completeAuthorization.js';
import { startProtectedDemo, type ProtectedDemo, type ProtectedDemoOptions } from './protectedDemo.js';

let demo: ProtectedDemo | undefined;
const start = async (options: ProtectedDemoOptions = {}): Promise<ProtectedDemo> => (demo = await startProtectedDemo(options));
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

describe('the protected demo server', () => {
  it('answers 401 with a challenge naming its metadata, which names the authorization server, whose metadata has what MCP needs', async () => {
    const { mcpUrl, issuer, resourceMetadataUrl } = await start();
    expect(resourceMetadataUrl).toBe(mcpUrl.replace(/\/mcp$/, '/.well-known/oauth-protected-resource/mcp'));

    for (const request of [handshakeRequest, statelessRequest]) {
      const refused = await request(mcpUrl, 'tools/list', {});
      if (refused.ok) throw new Error('not refused');
      expect(refused.status).toBe(401);
      expect(refused.response.headers.get('www-authenticate')).toBe(`Bearer scope="mcp:tools", resource_metadata="${resourceMetadataUrl}"`);
    }

    const prm = await oauth.processResourceDiscoveryResponse(
      new URL(mcpUrl),
      await oauth.resourceDiscoveryRequest(new URL(mcpUrl), insecure),
    );
    expect(prm).toMatchObject({ resource: mcpUrl, authorization_servers: [issuer], scopes_supported: ['mcp:tools'] });

    // RFC 8414's URL and OpenID discovery's give the same document.
    const metadata = await discover(issuer, 'oauth2');
    expect(await discover(issuer, 'oidc')).toEqual(metadata);
    expect(metadata).toMatchObject({
      issuer,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      registration_endpoint: `${issuer}/reg`,
      response_types_supported: ['code'],
    });
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['mcp:tools', 'offline_access']));
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
  });

  it('gives a registered client with PKCE a JWT for the MCP URL, which lists tools in both flows, and refreshes it', async () => {
    const { mcpUrl, issuer } = await start();
    const { as, client, clientAuth, tokens } = await obtainToken({ issuer, resource: mcpUrl, scope: 'mcp:tools offline_access' });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: issuer, aud: mcpUrl, scope: 'mcp:tools' });

    expect(toolNames(await handshakeRequest(mcpUrl, 'tools/list', {}, bearer(tokens.access_token)))).toContain('echo');
    expect(toolNames(await statelessRequest(mcpUrl, 'tools/list', {}, bearer(tokens.access_token)))).toContain('echo');

    expect(tokens.refresh_token).toEqual(expect.any(String));
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token ?? '', {
        additionalParameters: { resource: mcpUrl },
        ...insecure,
      }),
    );
    expect(decodeJwt(refreshed.access_token)).toMatchObject({ aud: mcpUrl });
    expect(toolNames(await statelessRequest(mcpUrl, 'tools/list', {}, bearer(refreshed.access_token)))).toContain('echo');
  });

  it('refuses a token for another resource, and a token that is no JWT of its server', async () => {
    const { mcpUrl, issuer } = await start();
    const other = mcpUrl.replace(/\/mcp$/, '/other');
    const { tokens } = await obtainToken({ issuer, resource: other, scope: 'mcp:tools' });
    expect(decodeJwt(tokens.access_token).aud).toBe(other);
    expect(tokens.refresh_token).toBeUndefined();

    for (const [token, why] of [
      [tokens.access_token, 'the token is not for this resource'],
      ['not-a-token', 'the token is not a JWT access token of the authorization server'],
    ] as const) {
      const refused = await statelessRequest(mcpUrl, 'tools/list', {}, bearer(token));
      if (refused.ok) throw new Error('not refused');
      expect(refused.status).toBe(401);
      expect(refused.response.headers.get('www-authenticate')).toMatch(
        new RegExp(`^Bearer error="invalid_token", error_description="${why}", scope="mcp:tools", resource_metadata="`),
      );
    }
  });

  it('sends the client access_denied, with iss, when the user denies at the consent page', async () => {
    const { mcpUrl, issuer } = await start();
    const as = await discover(issuer);
    const redirectUri = 'http://127.0.0.1:65001/oauth/callback';
    const client = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(as, { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }, insecure),
    );
    const url = new URL(as.authorization_endpoint ?? '');
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      scope: 'mcp:tools',
      state: 'denied-state',
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: 'S256',
      resource: mcpUrl,
    }).toString();
    const callback = await completeAuthorization(url, { deny: true });
    expect(Object.fromEntries(callback.searchParams)).toMatchObject({ error: 'access_denied', state: 'denied-state', iss: issuer });
  });

  it('answers 403 insufficient_scope for a tool that needs more, until the token has it (step-up)', async () => {
    const { mcpUrl, issuer } = await start({ toolScopes: { add: ['mcp:admin'] } });
    const call = { name: 'add', arguments: { a: 1, b: 2 } };
    const narrow = await obtainToken({ issuer, resource: mcpUrl, scope: 'mcp:tools' });
    expect(toolNames(await statelessRequest(mcpUrl, 'tools/list', {}, bearer(narrow.tokens.access_token)))).toContain('add');
    const refused = await statelessRequest(mcpUrl, 'tools/call', call, bearer(narrow.tokens.access_token));
    if (refused.ok) throw new Error('not refused');
    expect(refused.status).toBe(403);
    expect(refused.response.headers.get('www-authenticate')).toMatch(/^Bearer error="insufficient_scope", scope="mcp:tools mcp:admin", /);

    const wide = await obtainToken({ issuer, resource: mcpUrl, scope: 'mcp:tools mcp:admin' });
    const called = await handshakeRequest(mcpUrl, 'tools/call', call, bearer(wide.tokens.access_token));
    expect(called.ok && called.message.result).toMatchObject({ content: [{ type: 'text', text: '1 + 2 = 3' }] });
  });
});

describe('the broken variants', () => {
  it('wrong-resource: the metadata names another resource, which a client refuses', async () => {
    const { mcpUrl } = await start({ variant: 'wrong-resource' });
    const response = await oauth.resourceDiscoveryRequest(new URL(mcpUrl), insecure);
    await expect(oauth.processResourceDiscoveryResponse(new URL(mcpUrl), response.clone())).rejects.toThrow(/resource/);
    expect(await response.json()).toMatchObject({ resource: WRONG_RESOURCE });
  });

  it('no-pkce: the authorization server lists no code challenge method', async () => {
    const { issuer } = await start({ variant: 'no-pkce' });
    const metadata = await discover(issuer);
    expect(metadata.code_challenge_methods_supported).toBeUndefined();
    expect(metadata.authorization_endpoint).toBe(`${issuer}/auth`);
  });

  it('no-metadata: the challenge names metadata that 404s, as does the root well-known URL', async () => {
    const { mcpUrl, resourceMetadataUrl } = await start({ variant: 'no-metadata' });
    const refused = await statelessRequest(mcpUrl, 'tools/list', {});
    expect(!refused.ok && refused.status === 401 && refused.response.headers.get('www-authenticate')).toContain(
      `resource_metadata="${resourceMetadataUrl}"`,
    );
    expect((await fetch(resourceMetadataUrl)).status).toBe(404);
    expect((await fetch(new URL('/.well-known/oauth-protected-resource', mcpUrl))).status).toBe(404);
  });

  it('registration off: no registration endpoint, and a pre-registered client on any loopback port gets its token', async () => {
    const preRegistered = { clientId: 'lens-test', clientSecret: 'lens-test-secret', authMethod: 'client_secret_basic' } as const;
    const { mcpUrl, issuer } = await start({ registration: false, preRegistered });
    const metadata = await discover(issuer);
    expect(metadata.registration_endpoint).toBeUndefined();
    expect((await fetch(`${issuer}/reg`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(
      404,
    );

    for (const redirectUri of ['http://127.0.0.1:41234/oauth/callback', 'http://localhost:5173/oauth/callback']) {
      const { tokens } = await obtainToken({ issuer, resource: mcpUrl, scope: 'mcp:tools', client: preRegistered, redirectUri });
      expect(toolNames(await handshakeRequest(mcpUrl, 'tools/list', {}, bearer(tokens.access_token)))).toContain('echo');
    }
  });
});
