/** Client identity: the settings a user may give, and how the client authenticates at the token endpoint. */

export type TokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface ClientSettings {
  clientId?: string;
  clientSecret?: string;
  tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
  /** An https URL serving this client's metadata document (its client_id where the server supports it). */
  clientMetadataUrl?: string;
  scope?: string;
}

export interface RegisteredClient {
  clientId: string;
  clientSecret?: string;
  method: TokenEndpointAuthMethod;
}

/**
 * The token endpoint authentication method from the server's `token_endpoint_auth_methods_supported`:
 * without a secret, `none` where listed; with one (or when `none` is not listed), basic before post.
 * RFC 8414: an absent list means client_secret_basic.
 */
export function chooseAuthMethod(supported: readonly string[] | undefined, hasSecret: boolean): TokenEndpointAuthMethod {
  const list = supported ?? ['client_secret_basic'];
  if (!hasSecret && list.includes('none')) return 'none';
  if (list.includes('client_secret_basic')) return 'client_secret_basic';
  if (list.includes('client_secret_post')) return 'client_secret_post';
  return hasSecret ? 'client_secret_basic' : 'none';
}
