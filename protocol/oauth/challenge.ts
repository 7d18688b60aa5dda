/**
 * What a 401 or 403 from the MCP server says in `WWW-Authenticate`: the Bearer challenge's
 * `resource_metadata` (RFC 9728 §5.1), `scope` and `error`. The header is parsed by oauth4webapi
 * (handed the response as if it answered a protected resource request), never by hand.
 */
import * as oauth from 'oauth4webapi';

export interface BearerChallenge {
  /** Which scheme the server challenged with: `dpop` asks for sender-constrained tokens. */
  scheme?: 'bearer' | 'dpop';
  /** RFC 9728: where the protected resource metadata is. */
  resourceMetadata?: string;
  /** The scopes the request needs (space-separated). */
  scope?: string;
  error?: string;
  errorDescription?: string;
}

/**
 * The challenge of one scheme (`bearer`, `dpop`) in `wwwAuthenticate`, or undefined when there is
 * none (another scheme, an unparseable header).
 */
export async function challengeOf(
  scheme: 'bearer' | 'dpop',
  status: number,
  wwwAuthenticate: string | null | undefined,
): Promise<BearerChallenge | undefined> {
  if (wwwAuthenticate === null || wwwAuthenticate === undefined || wwwAuthenticate.trim() === '') return undefined;
  const response = new Response(null, { status, headers: { 'www-authenticate': wwwAuthenticate } });
  try {
    await oauth.protectedResourceRequest('-', 'POST', new URL('https://challenge.invalid/'), undefined, undefined, {
      [oauth.customFetch]: () => Promise.resolve(response),
    });
  } catch (error) {
    if (!(error instanceof oauth.WWWAuthenticateChallengeError)) return undefined;
    const found = error.cause.find((c) => c.scheme === scheme);
    if (!found) return undefined;
    const p = found.parameters;
    return {
      scheme,
      ...(p.resource_metadata === undefined ? {} : { resourceMetadata: p.resource_metadata }),
      ...(p.scope === undefined ? {} : { scope: p.scope }),
      ...(p.error === undefined ? {} : { error: p.error }),
      ...(p.error_description === undefined ? {} : { errorDescription: p.error_description }),
    };
  }
  return undefined;
}

/** The Bearer challenge in `wwwAuthenticate`, or undefined when there is none. */
export function bearerChallenge(status: number, wwwAuthenticate: string | null | undefined): Promise<BearerChallenge | undefined> {
  return challengeOf('bearer', status, wwwAuthenticate);
}
