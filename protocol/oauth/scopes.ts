/**
 * Which scopes the authorization request asks for (the page's scope selection strategy) and how
 * a 403 `insufficient_scope` widens them.
 */

/** Authorization attempts one request may lead to: the first, then at most two step-ups. */
export const MAX_AUTHORIZATIONS_PER_REQUEST = 3;

export interface ScopeInputs {
  /** The user's own choice, which wins. */
  configured?: string;
  /** `scope` of the challenge that started this attempt. */
  challenge?: string;
  /** `scopes_supported` of the protected resource metadata. */
  resourceScopes?: readonly string[];
  /** `scopes_supported` of the authorization server. */
  serverScopes?: readonly string[];
  /** Scopes asked for before on this connection (step-up keeps them). */
  previous?: readonly string[];
}

export interface ScopeChoice {
  /** Undefined: the request carries no scope parameter. */
  scope?: string;
  /** One sentence: where the scopes came from. */
  why: string;
}

export function chooseScopes(input: ScopeInputs): ScopeChoice {
  let base: string[];
  let why: string;
  if (input.configured !== undefined && input.configured.trim() !== '') {
    base = split(input.configured);
    why = 'the scopes set on the connection';
  } else if (input.challenge !== undefined && input.challenge.trim() !== '') {
    base = split(input.challenge);
    why = "the challenge's scope (WWW-Authenticate)";
  } else if (input.resourceScopes !== undefined && input.resourceScopes.length > 0) {
    base = [...input.resourceScopes];
    why = "the protected resource metadata's scopes_supported";
  } else {
    base = [];
    why = 'no scope: neither the challenge nor the protected resource metadata names one';
  }
  let scopes = union(input.previous ?? [], base);
  // SEP-2207: offline_access only where the authorization server lists it (the user's own choice aside).
  if (input.configured === undefined && !input.serverScopes?.includes('offline_access') && scopes.includes('offline_access')) {
    scopes = scopes.filter((s) => s !== 'offline_access');
    why += ', without offline_access, which the authorization server does not list';
  }
  if (input.previous !== undefined && input.previous.length > 0) why += ', with the scopes asked for before';
  // A refresh token is asked for only where the server lists offline_access.
  if (scopes.length > 0 && input.serverScopes?.includes('offline_access') && !scopes.includes('offline_access')) {
    scopes.push('offline_access');
    why += ', and offline_access, which the authorization server lists';
  }
  return scopes.length === 0 ? { why } : { scope: scopes.join(' '), why: `${why}: ${scopes.join(' ')}` };
}

export function split(scope: string | undefined): string[] {
  return scope === undefined ? [] : scope.split(/\s+/).filter((s) => s !== '');
}

export function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}
