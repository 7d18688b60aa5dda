import { describe, expect, it } from 'vitest';
import { issuerMismatch, resourceMetadataUrls, resourceMismatch, serverMetadataUrls } from './discovery.js';

describe('where the protected resource metadata is looked for', () => {
  it("takes the challenge's resource_metadata first, then the path-based and root well-known URLs", () => {
    expect(resourceMetadataUrls('https://a.example/api/mcp', 'https://a.example/custom/prm.json')).toEqual([
      'https://a.example/custom/prm.json',
      'https://a.example/.well-known/oauth-protected-resource/api/mcp',
      'https://a.example/.well-known/oauth-protected-resource',
    ]);
  });

  it('asks the root URL alone for a server at the root, and ignores a challenge URL that is not an http(s) one', () => {
    expect(resourceMetadataUrls('https://a.example/', 'http://[bad')).toEqual(['https://a.example/.well-known/oauth-protected-resource']);
    expect(resourceMetadataUrls('https://a.example/', 'file:///etc/passwd')).toEqual([
      'https://a.example/.well-known/oauth-protected-resource',
    ]);
  });
});

describe('where the authorization server metadata is looked for', () => {
  it('an issuer with a path: OAuth with the path inserted, OpenID inserted, OpenID appended', () => {
    expect(serverMetadataUrls('https://as.example/tenant1')).toEqual([
      'https://as.example/.well-known/oauth-authorization-server/tenant1',
      'https://as.example/.well-known/openid-configuration/tenant1',
      'https://as.example/tenant1/.well-known/openid-configuration',
    ]);
  });

  it('an issuer without a path: OAuth, then OpenID', () => {
    expect(serverMetadataUrls('https://as.example')).toEqual([
      'https://as.example/.well-known/oauth-authorization-server',
      'https://as.example/.well-known/openid-configuration',
    ]);
  });
});

describe("the protected resource metadata's resource", () => {
  it('is refused when it names another server, in one sentence that names both', () => {
    expect(resourceMismatch('https://b.example/mcp', 'https://a.example/mcp')).toBe(
      'the protected resource metadata names resource https://a.example/mcp, but the server is https://b.example/mcp',
    );
    expect(resourceMismatch('https://a.example/mcp', 'https://a.example/other')).toBeDefined();
    expect(resourceMismatch('https://a.example/mcp', 'https://a.example/mcp#frag')).toBeDefined();
  });

  it('is accepted when it is the server itself, or the origin a root document names', () => {
    expect(resourceMismatch('https://a.example/mcp', 'https://a.example/mcp')).toBeUndefined();
    expect(resourceMismatch('https://a.example/mcp', 'https://a.example')).toBeUndefined();
    expect(resourceMismatch('https://a.example/api/mcp', 'https://a.example/api')).toBeUndefined();
  });
});

describe("the authorization server metadata's issuer", () => {
  it('must be the issuer the URL was built from', () => {
    expect(issuerMismatch('https://as.example', 'https://as.example')).toBeUndefined();
    expect(issuerMismatch('https://as.example', 'https://attacker.example')).toBe(
      'the authorization server metadata says issuer https://attacker.example, but it was fetched for issuer https://as.example',
    );
    expect(issuerMismatch('https://as.example', undefined)).toBe('the authorization server metadata has no issuer');
  });
});

describe('the issuer comparison', () => {
  it('is a string comparison: a trailing slash is another issuer', () => {
    expect(issuerMismatch('https://as.example', 'https://as.example/')).toBeDefined();
  });
});
