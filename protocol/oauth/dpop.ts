/**
 * DPoP (RFC 9449, the MCP DPoP extension): sender-constrained access tokens. oauth4webapi makes
 * the key pair, signs every proof and keeps the servers' nonces; this file decides when DPoP is
 * used, reads the resource server's DPoP challenge, and gives the bridge one proof per MCP request
 * (htm, htu, ath, a fresh jti) through the library's own protected resource request. The private
 * key is a non-extractable CryptoKey: nothing can record it.
 */
import * as oauth from 'oauth4webapi';
import { challengeOf, type BearerChallenge } from './challenge.js';

/** The algorithms this client signs proofs with, in the order it prefers them. */
const PROOF_ALGORITHMS = ['ES256', 'EdDSA', 'PS256', 'RS256'] as const;

/**
 * The proof algorithm to use with an authorization server, or undefined when it does not offer
 * DPoP: its metadata lists `dpop_signing_alg_values_supported`, and one of them is one this
 * client signs with (`none` and symmetric algorithms never are).
 */
export function dpopAlgorithm(supported: unknown): string | undefined {
  if (!Array.isArray(supported)) return undefined;
  return PROOF_ALGORITHMS.find((alg) => supported.includes(alg));
}

/** A token the answer says is DPoP-bound is sent with the DPoP scheme; any other as Bearer. */
export function isDpopBound(tokenType: string | undefined): boolean {
  return tokenType?.toLowerCase() === 'dpop';
}

export interface DpopChallenge extends BearerChallenge {
  /** RFC 9449 §9: the server wants a proof carrying its nonce (given in `DPoP-Nonce`). */
  useNonce: boolean;
}

/**
 * The DPoP challenge in `WWW-Authenticate` (RFC 9449 §7.1), or undefined when there is none. The
 * header is parsed by oauth4webapi, as the Bearer challenge is.
 */
export async function dpopChallenge(status: number, wwwAuthenticate: string | null | undefined): Promise<DpopChallenge | undefined> {
  const challenge = await challengeOf('dpop', status, wwwAuthenticate);
  return challenge === undefined ? undefined : { ...challenge, useNonce: challenge.error === 'use_dpop_nonce' };
}

/**
 * One DPoP key pair and the nonces servers gave for it: the token endpoint's proofs and every
 * MCP request's proof are signed with it, so the token stays bound to this client.
 */
export class DpopKey {
  private constructor(
    readonly handle: oauth.DPoPHandle,
    readonly alg: string,
  ) {}

  /** A new key pair for `alg`; its private half cannot be exported. */
  static async create(alg: string): Promise<DpopKey> {
    const keyPair = await oauth.generateKeyPair(alg, { extractable: false });
    return new DpopKey(oauth.DPoP({}, keyPair), alg);
  }

  /** The RFC 7638 thumbprint of the public key (what a bound token's `cnf.jkt` names). */
  thumbprint(): Promise<string> {
    return this.handle.calculateThumbprint();
  }

  /**
   * The headers of a request presenting `accessToken`: `Authorization: DPoP <token>` and a fresh
   * `DPoP` proof for this method and URL (the query and fragment left out of htu, the token's
   * hash as ath, the last nonce the URL's origin gave).
   */
  async proofHeaders(method: string, url: string, accessToken: string): Promise<{ authorization: string; dpop: string }> {
    let sent: Headers | undefined;
    await oauth.protectedResourceRequest(accessToken, method, new URL(url), undefined, null, {
      DPoP: this.handle,
      [oauth.allowInsecureRequests]: true,
      [oauth.customFetch]: (_url, init) => {
        sent = new Headers(init.headers);
        return Promise.resolve(new Response(null, { status: 204 }));
      },
    });
    const authorization = sent?.get('authorization');
    const dpop = sent?.get('dpop');
    if (authorization === null || authorization === undefined || dpop === null || dpop === undefined)
      throw new Error('no DPoP proof was made');
    return { authorization, dpop };
  }

  /** Keeps the nonce a server gave (`DPoP-Nonce`) for the next proof to its origin. */
  async learnNonce(url: string, nonce: string): Promise<void> {
    await oauth
      .protectedResourceRequest('-', 'POST', new URL(url), undefined, null, {
        DPoP: this.handle,
        [oauth.allowInsecureRequests]: true,
        [oauth.customFetch]: () => Promise.resolve(new Response(null, { status: 204, headers: { 'dpop-nonce': nonce } })),
      })
      .catch(() => undefined);
  }
}

/**
 * Sends a token request with a DPoP proof, and once more when the authorization server answers
 * `use_dpop_nonce` (RFC 9449 §8): the library kept the nonce from that answer, the second proof
 * carries it.
 */
export async function withNonceRetry<T>(attempt: () => Promise<T>, onRetry: (why: string) => void): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isDpopNonceError(error)) throw error;
    onRetry(DPOP_NONCE_RETRY);
    return attempt();
  }
}

export const DPOP_NONCE_RETRY = 'the authorization server asked for a DPoP nonce (use_dpop_nonce): the token request goes again with it';

/** The answer was use_dpop_nonce (the library kept the nonce it came with). */
export function isDpopNonceError(error: unknown): boolean {
  return oauth.isDPoPNonceError(error);
}
