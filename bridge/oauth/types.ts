/**
 * The seams of the OAuth client on the bridge's side. protocol/oauth/ decides every request of
 * the flow; the bridge performs them (recording each as an `auth` event, masked), keeps the
 * tokens, and reaches the user's browser. Three things differ between the app, the CLI and the
 * conformance client, and each is one of these interfaces.
 */
import type { AuthorizationAnswer, Grant } from '../../protocol/oauth/flow.js';

/** Which grant a token answers: one authorization server and one protected resource. */
export interface GrantKey {
  /** The authorization server's issuer identifier. */
  issuer: string;
  /** The protected resource (RFC 8707 `resource`, the canonical MCP server URL). */
  resource: string;
}

/** What the store keeps of a grant (the flow's Grant). Every string in it is a secret but the issuer and the scope. */
export type StoredGrant = Grant & {
  /** The DPoP key pair as JWKs, when tokens are sender-constrained. */
  dpopKey?: { publicJwk: Record<string, unknown>; privateJwk: Record<string, unknown> };
};

/**
 * Tokens in the bridge's memory; `remember` also writes them under the MCP Lens home with
 * owner-only permissions, read back by the next run.
 */
export interface TokenStore {
  get(key: GrantKey): StoredGrant | undefined;
  put(key: GrantKey, grant: StoredGrant, remember: boolean): void;
  /** Forgets the grants matching `key` (all of them without one); how many were forgotten. */
  forget(key?: Partial<GrantKey>): number;
}

/** What came back to the redirect URI. */
export type { AuthorizationAnswer };

/**
 * The browser step. The app: the bridge's own `/oauth/callback`, and a `waiting` event the app
 * turns into a tab. The CLI: a loopback listener of its own, the URL opened or printed. The
 * conformance client: the authorization URL fetched, its redirect read.
 */
export interface BrowserStep {
  /** The redirect URI to register and send; known before the authorization request is built. */
  redirectUri(): Promise<string>;
  /**
   * Sends the user to `url` and resolves with what reached the redirect URI for `state` (one use,
   * expiring), or why nothing did. `announce` records the `waiting` step before the wait begins.
   */
  authorize(url: URL, state: string, announce: (url: string) => void): Promise<AuthorizationAnswer>;
  /** Lets go of what it holds (a listener, pending states). */
  close?(): void;
}
