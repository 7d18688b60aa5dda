/**
 * Where the flow looks for metadata, in the order the authorization page gives, and whether what
 * it found may be used. Pure: URLs in, URLs and verdicts out.
 */

/**
 * RFC 9728 protected resource metadata: the `resource_metadata` URL of the challenge first; else
 * the path-based well-known URL (the MCP endpoint's path after the well-known segment), then the
 * root one.
 */
export function resourceMetadataUrls(serverUrl: string, fromChallenge?: string): string[] {
  const server = new URL(serverUrl);
  const urls: string[] = [];
  if (fromChallenge !== undefined) {
    try {
      const url = new URL(fromChallenge, server);
      if (url.protocol === 'https:' || url.protocol === 'http:') urls.push(url.href);
    } catch {
      // A challenge naming no http(s) URL is ignored: the well-known URLs follow.
    }
  }
  const path = trimSlash(server.pathname);
  if (path !== '') urls.push(`${server.origin}/.well-known/oauth-protected-resource${path}`);
  urls.push(`${server.origin}/.well-known/oauth-protected-resource`);
  return [...new Set(urls)];
}

/**
 * RFC 8414 and OpenID Connect discovery for an issuer: with a path, OAuth with the path inserted,
 * OpenID with the path inserted, OpenID with the path appended; without one, OAuth then OpenID.
 */
export function serverMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = trimSlash(url.pathname);
  if (path === '') return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

function trimSlash(path: string): string {
  return path.replace(/\/+$/, '');
}

/**
 * Whether the protected resource metadata's `resource` names this server: the same origin, and
 * the server's path at or under the resource's (a root document names the whole origin).
 * Undefined when it does; else the one sentence that says why not.
 */
export function resourceMismatch(serverUrl: string, resource: string): string | undefined {
  let named: URL;
  try {
    named = new URL(resource);
  } catch {
    return `the protected resource metadata's resource "${resource}" is not a URL`;
  }
  const server = new URL(serverUrl);
  const base = trimSlash(named.pathname);
  const path = server.pathname;
  const under = base === '' || path === base || path.startsWith(`${base}/`);
  if (named.origin === server.origin && under && named.hash === '') return undefined;
  return `the protected resource metadata names resource ${resource}, but the server is ${server.origin}${server.pathname}`;
}

/**
 * RFC 8414 §3.3: the metadata's `issuer` must be identical to the issuer its URL was built from
 * (a string comparison: a trailing slash makes another issuer).
 */
export function issuerMismatch(expected: string, found: unknown): string | undefined {
  if (typeof found !== 'string') return 'the authorization server metadata has no issuer';
  if (found === expected) return undefined;
  return `the authorization server metadata says issuer ${found}, but it was fetched for issuer ${expected}`;
}
