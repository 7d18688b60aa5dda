/**
 * Lint of an OAuth flow as it was recorded: the `auth` events of an HTTP connection (one step of
 * the flow each, masked). Each rule is one requirement a recorded flow can show broken, and reads
 * only what an auth event carries (step, phase, status, the HTTP request or response with its URL,
 * headers and body, and the text), so a flow run by any client, recorded and opened later, is
 * judged alike. Bodies are metadata and token responses, masked: the member names and the values
 * that are no secret (resource, issuer, token_type) are still there.
 */
import type { AuthEvent } from '../envelope.js';
import { asRecord } from './state.js';
import { TOKEN_PARAMS } from '../oauth/secretParams.js';

export type AuthReport = (rule: string, text: string) => void;

interface RunState {
  /** The protected resource metadata answers of the run: where, and what status. */
  resourceMetadata: { url: string; status: number }[];
  found: boolean;
  judgedMissing: boolean;
}

export class AuthLint {
  /** The MCP server's URL, from the request a challenge answered. */
  private serverUrl: string | undefined;
  /** What the latest authorization server metadata advertised. */
  private issParameter = false;
  private readonly runs = new Map<string, RunState>();

  apply(event: AuthEvent, report: AuthReport): void {
    const run = this.run(event.run);
    const http = event.http;
    if (http !== undefined) this.secretInUrl(event, report);
    if ((event.step === 'challenge' || event.step === 'retry') && http !== undefined) this.serverUrl = http.url;
    if (event.step === 'challenge' && event.status === 401 && http !== undefined) this.challenge(http.headers, report);
    if (event.step !== 'challenge' && event.step !== 'resource-metadata') this.judgeMissing(run, report);
    switch (event.step) {
      case 'resource-metadata':
        if (event.phase === 'response' && http !== undefined && event.status !== undefined) {
          run.resourceMetadata.push({ url: http.url, status: event.status });
          if (event.status === 200) {
            run.found = true;
            this.resource(jsonBody(http.body), report);
          }
        }
        if (event.phase === 'failed') this.judgeMissing(run, report);
        return;
      case 'server-metadata':
        if (event.phase === 'response' && event.status === 200 && http !== undefined)
          this.serverMetadata(http.url, jsonBody(http.body), report);
        return;
      case 'callback':
        if (http !== undefined) this.callback(http.url, report);
        return;
      case 'token':
      case 'refresh':
        if (event.phase === 'response' && event.status === 200 && http !== undefined) this.tokenResponse(jsonBody(http.body), report);
        return;
      case 'challenge':
      case 'client':
      case 'registration':
      case 'authorization':
      case 'retry':
      case 'stored':
        return;
      default: {
        const never: never = event.step;
        return never;
      }
    }
  }

  private run(id: string): RunState {
    let run = this.runs.get(id);
    if (run === undefined) {
      run = { resourceMetadata: [], found: false, judgedMissing: false };
      this.runs.set(id, run);
    }
    return run;
  }

  /** WWW-Authenticate with a Bearer challenge but no resource_metadata: the client had to guess the well-known URLs. */
  private challenge(headers: Record<string, string>, report: AuthReport): void {
    const value = header(headers, 'www-authenticate');
    if (value === undefined) return;
    // Quoted strings first set aside, so a parameter named inside another's value is not taken for one.
    const bare = value.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    if (!/(^|[\s,])bearer(?=[\s,]|$)/i.test(bare)) return;
    if (/(^|[\s,])resource_metadata\s*=/i.test(bare)) return;
    report(
      'auth-challenge-no-resource-metadata',
      'The 401 challenge (WWW-Authenticate: Bearer) names no resource_metadata, so the client had to guess the protected resource metadata at the well-known URLs',
    );
  }

  /** Once the run has gone past discovery (or failed there): was any protected resource metadata found? */
  private judgeMissing(run: RunState, report: AuthReport): void {
    if (run.judgedMissing || run.found || run.resourceMetadata.length === 0) return;
    run.judgedMissing = true;
    const tried = run.resourceMetadata.map((r) => `${r.url} (HTTP ${r.status})`).join(', ');
    report('auth-resource-metadata-missing', `No protected resource metadata was found at any URL tried: ${tried}`);
  }

  private resource(json: Record<string, unknown> | undefined, report: AuthReport): void {
    const resource = json?.resource;
    if (typeof resource !== 'string' || this.serverUrl === undefined) return;
    if (resourceCovers(resource, this.serverUrl)) return;
    report('auth-resource-mismatch', `The protected resource metadata names resource ${resource}, but the server is ${this.serverUrl}`);
  }

  private serverMetadata(url: string, json: Record<string, unknown> | undefined, report: AuthReport): void {
    if (json === undefined) return;
    const expected = issuerOfMetadataUrl(url);
    const issuer = json.issuer;
    if (expected !== undefined && !sameIssuer(expected, issuer))
      report(
        'auth-issuer-mismatch',
        `The authorization server metadata at ${url} gives issuer ${typeof issuer === 'string' ? issuer : '(none)'}, but it was fetched for ${expected}`,
      );
    this.issParameter = json.authorization_response_iss_parameter_supported === true;
    const grants = json.grant_types_supported;
    // A server without the authorization code grant has nothing to protect with PKCE.
    if (Array.isArray(grants) && !grants.includes('authorization_code')) return;
    const methods = json.code_challenge_methods_supported;
    if (Array.isArray(methods) && methods.includes('S256')) return;
    report(
      'auth-pkce-s256-missing',
      Array.isArray(methods)
        ? `The authorization server metadata at ${url} lists code_challenge_methods_supported ${JSON.stringify(methods)}, without S256`
        : `The authorization server metadata at ${url} has no code_challenge_methods_supported, so PKCE with S256 cannot be confirmed`,
    );
  }

  private callback(url: string, report: AuthReport): void {
    const params = parseUrl(url)?.searchParams;
    if (params === undefined || !this.issParameter) return;
    if (!params.has('code') && !params.has('error')) return;
    if (params.has('iss')) return;
    report(
      'auth-iss-missing',
      'The authorization response carries no iss, though the authorization server advertises authorization_response_iss_parameter_supported',
    );
  }

  private tokenResponse(json: Record<string, unknown> | undefined, report: AuthReport): void {
    if (json === undefined || !('access_token' in json)) return;
    const type = json.token_type;
    if (typeof type === 'string' && /^(bearer|dpop)$/i.test(type)) return;
    report(
      'auth-token-type',
      typeof type === 'string'
        ? `The token response gives token_type ${JSON.stringify(type.slice(0, 100))}; an MCP client sends Bearer (or DPoP) tokens`
        : 'The token response has no token_type, which RFC 6749 §5.1 requires',
    );
  }

  private secretInUrl(event: AuthEvent, report: AuthReport): void {
    const http = event.http;
    if (http === undefined) return;
    const where: string[] = [];
    const names = paramNames(http.url);
    const found = names.filter((n) => TOKEN_PARAMS.includes(n));
    // The authorization code belongs in the redirect's query, and nowhere else.
    if (event.step !== 'callback' && names.includes('code')) found.push('code');
    if (found.length > 0) where.push(`${found.join(', ')} in the URL ${http.method} ${http.url}`);
    const location = header(http.headers, 'location');
    const inLocation = location === undefined ? [] : paramNames(location).filter((n) => TOKEN_PARAMS.includes(n));
    if (inLocation.length > 0) where.push(`${inLocation.join(', ')} in the Location ${location ?? ''}`);
    if (where.length === 0) return;
    report('auth-secret-in-url', `A token or credential travels in a URL (${event.step} step): ${where.join('; ')}`);
  }
}

function header(headers: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

function jsonBody(body: string | undefined): Record<string, unknown> | undefined {
  if (body === undefined) return undefined;
  try {
    return asRecord(JSON.parse(body));
  } catch {
    return undefined;
  }
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** The parameter names of a URL's query and fragment (a fragment may carry an implicit grant's token). */
function paramNames(url: string): string[] {
  const parsed = parseUrl(url);
  if (parsed === undefined) return [];
  const names = [...parsed.searchParams.keys()];
  if (parsed.hash.length > 1) names.push(...new URLSearchParams(parsed.hash.slice(1)).keys());
  return names.map((n) => n.toLowerCase());
}

/**
 * RFC 9728 §3.3: the metadata's resource is the server the client asked about. A root document
 * may name the origin (or a path above the server's), never another origin or a sibling path.
 */
export function resourceCovers(resource: string, serverUrl: string): boolean {
  const r = parseUrl(resource);
  const s = parseUrl(serverUrl);
  if (r === undefined || s === undefined || r.origin !== s.origin) return false;
  const rp = r.pathname.replace(/\/+$/, '');
  const sp = s.pathname.replace(/\/+$/, '');
  return rp === '' || sp === rp || sp.startsWith(`${rp}/`);
}

const WELL_KNOWN = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];
const OPENID_SUFFIX = '/.well-known/openid-configuration';

/** RFC 8414 §3 / OpenID discovery: the issuer a metadata URL was built from, or undefined for another URL. */
export function issuerOfMetadataUrl(url: string): string | undefined {
  const parsed = parseUrl(url);
  if (parsed === undefined) return undefined;
  const path = parsed.pathname;
  for (const prefix of WELL_KNOWN) {
    if (path === prefix || path === `${prefix}/`) return parsed.origin;
    if (path.startsWith(`${prefix}/`)) return parsed.origin + path.slice(prefix.length);
  }
  if (path.endsWith(OPENID_SUFFIX)) return parsed.origin + path.slice(0, -OPENID_SUFFIX.length);
  return undefined;
}

/** RFC 8414 §3.3: identical; an issuer without a path is the same with or without its one slash. */
function sameIssuer(expected: string, issuer: unknown): boolean {
  if (typeof issuer !== 'string') return false;
  if (issuer === expected) return true;
  const origin = parseUrl(expected)?.origin;
  return origin === expected && issuer === `${expected}/`;
}
