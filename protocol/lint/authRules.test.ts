// The auth lint rules beyond their one fixture each (rules.test.ts): what each lets pass that a
// careless check would flag, and the variants of the faults it must still see.
import { describe, expect, it } from 'vitest';
import { lint, rulesOf } from './testing/transcript.js';
import { AS_URL, challenged, discovered, MCP_URL, resourceNamed, retried, tokened } from './testing/authFlows.js';
import { issuerOfMetadataUrl, resourceCovers } from './authRules.js';

describe('auth lint', () => {
  it('a whole flow done right has no finding, and each finding names the requirement of its revision', () => {
    expect(lint(retried().events)).toEqual([]);
    const [finding] = lint(resourceNamed('https://mcp.example.com/other').events);
    expect(finding).toMatchObject({
      rule: 'auth-resource-mismatch',
      message: `The protected resource metadata names resource https://mcp.example.com/other, but the server is ${MCP_URL}.`,
      spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization#resource-parameter-implementation',
    });
  });

  it('resource: the server itself or a path above it on its origin; never another origin or a sibling path', () => {
    expect(resourceCovers('https://mcp.example.com', MCP_URL)).toBe(true);
    expect(resourceCovers('https://mcp.example.com/mcp/', MCP_URL)).toBe(true);
    expect(resourceCovers('https://MCP.example.com:443/mcp', MCP_URL)).toBe(true);
    expect(resourceCovers('https://mcp.example.com/mc', MCP_URL)).toBe(false);
    expect(resourceCovers('http://mcp.example.com/mcp', MCP_URL)).toBe(false);
    expect(resourceCovers('https://mcp.example.com:8443/mcp', MCP_URL)).toBe(false);
    expect(resourceCovers('not a url', MCP_URL)).toBe(false);
  });

  it('issuer: read back from each well-known form of RFC 8414 and OpenID discovery', () => {
    expect(issuerOfMetadataUrl('https://as.example/.well-known/oauth-authorization-server')).toBe('https://as.example');
    expect(issuerOfMetadataUrl('https://as.example/.well-known/oauth-authorization-server/tenant1')).toBe('https://as.example/tenant1');
    expect(issuerOfMetadataUrl('https://as.example/.well-known/openid-configuration/tenant1')).toBe('https://as.example/tenant1');
    expect(issuerOfMetadataUrl('https://as.example/tenant1/.well-known/openid-configuration')).toBe('https://as.example/tenant1');
    expect(issuerOfMetadataUrl('https://as.example/metadata.json')).toBeUndefined();
    // A root issuer written with its slash is the same issuer.
    expect(rulesOf(lint(discovered({ issuer: `${AS_URL}/` }).events))).toEqual([]);
  });

  it('PKCE is not asked of a server that offers no authorization code grant', () => {
    const t = discovered({ asMeta: { code_challenge_methods_supported: undefined, grant_types_supported: ['client_credentials'] } });
    expect(rulesOf(lint(t.events))).toEqual([]);
    const absent = discovered({ asMeta: { code_challenge_methods_supported: undefined } });
    expect(lint(absent.events).map((f) => f.message)).toEqual([
      'The authorization server metadata at https://auth.example.com/.well-known/oauth-authorization-server has no code_challenge_methods_supported, so PKCE with S256 cannot be confirmed.',
    ]);
  });

  it('iss is asked only where the server advertises it', () => {
    const t = tokened({ asMeta: { authorization_response_iss_parameter_supported: false }, callbackQuery: 'code=[redacted]&state=s' });
    expect(rulesOf(lint(t.events))).toEqual([]);
    const refused = tokened({ callbackQuery: 'error=access_denied&state=s' });
    expect(rulesOf(lint(refused.events))).toEqual(['auth-iss-missing']);
  });

  it('a code belongs in the redirect only; tokens nowhere in a URL, a Location or a fragment', () => {
    expect(rulesOf(lint(tokened({ tokenUrl: `${AS_URL}/token?code=[redacted]&code_verifier=[redacted]` }).events))).toEqual([
      'auth-secret-in-url',
    ]);
    const [finding] = lint(tokened({ tokenUrl: `${AS_URL}/token?code=[redacted]&code_verifier=[redacted]` }).events);
    expect(finding?.message).toContain('code_verifier, code in the URL POST https://auth.example.com/token?');
    const location = challenged().auth('r1', 'authorization', 'response', {
      status: 302,
      http: {
        method: 'GET',
        url: `${AS_URL}/authorize?response_type=code`,
        headers: { Location: 'http://127.0.0.1/cb#access_token=[redacted]' },
      },
    });
    expect(rulesOf(lint(location.events))).toEqual(['auth-secret-in-url']);
  });

  it('metadata found nowhere is said once, also when the flow goes on without a failed step', () => {
    const t = challenged('Bearer')
      .auth('r1', 'resource-metadata', 'response', { status: 404, http: { method: 'GET', url: `${MCP_URL}/x`, headers: {} } })
      .auth('r1', 'server-metadata', 'request', { http: { method: 'GET', url: `${AS_URL}/.well-known/openid-configuration`, headers: {} } })
      .auth('r1', 'server-metadata', 'failed');
    expect(rulesOf(lint(t.events))).toEqual(['auth-challenge-no-resource-metadata', 'auth-resource-metadata-missing']);
  });

  it('token_type: Bearer or DPoP in any case; absent is said', () => {
    expect(rulesOf(lint(tokened({ tokenBody: { access_token: 'x', token_type: 'bearer' } }).events))).toEqual([]);
    expect(rulesOf(lint(tokened({ tokenBody: { access_token: 'x', token_type: 'DPoP' } }).events))).toEqual([]);
    expect(lint(tokened({ tokenBody: { access_token: 'x' } }).events).map((f) => f.message)).toEqual([
      'The token response has no token_type, which RFC 6749 §5.1 requires.',
    ]);
  });
});
