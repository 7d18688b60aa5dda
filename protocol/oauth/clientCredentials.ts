/**
 * The client credentials grant of the MCP client credentials extension (SEP-1046): the client
 * acts on its own behalf, authenticated with its secret (client_secret_basic) or with a
 * private_key_jwt assertion (RFC 7523 §2.2) that oauth4webapi signs with the key jose imports.
 */
import * as jose from 'jose';
import * as oauth from 'oauth4webapi';
import {
  describeGrantError,
  EXTENSION_SPECS,
  formBasic,
  tokenEndpointRequest,
  type ExtensionGrant,
  type ExtensionGrantContext,
  type ExtensionToken,
} from './extensionGrants.js';

type ClientCredentialsGrant = Extract<ExtensionGrant, { kind: 'client-credentials-secret' | 'client-credentials-jwt' }>;

/** The private_key_jwt signing algorithm: the one given, if the server accepts it. */
export function assertionAlgorithm(given: string, supported: readonly string[] | undefined): { alg: string; note?: string } {
  if (supported === undefined || supported.includes(given)) return { alg: given };
  return {
    alg: given,
    note: `the authorization server lists ${supported.join(', ') || 'no'} signing algorithms for private_key_jwt, not ${given}: the assertion is signed with ${given} all the same`,
  };
}

/** The client authentication of a client credentials grant. */
export async function clientCredentialsAuth(grant: ClientCredentialsGrant): Promise<oauth.ClientAuth> {
  switch (grant.kind) {
    case 'client-credentials-secret':
      return formBasic(grant.clientId, grant.clientSecret);
    case 'client-credentials-jwt':
      return oauth.PrivateKeyJwt(await jose.importPKCS8(grant.privateKeyPem, grant.alg));
    default: {
      const never: never = grant;
      return never;
    }
  }
}

export async function clientCredentialsToken(grant: ClientCredentialsGrant, context: ExtensionGrantContext): Promise<ExtensionToken> {
  const { as, resource, scope } = context;
  const spec = EXTENSION_SPECS.clientCredentials;
  const method = grant.kind === 'client-credentials-jwt' ? 'private_key_jwt' : 'client_secret_basic';
  const supported = as.token_endpoint_auth_methods_supported;
  if (supported !== undefined && !supported.includes(method))
    context.report('client', 'info', `the authorization server does not list ${method} in token_endpoint_auth_methods_supported`, spec);
  if (grant.kind === 'client-credentials-jwt') {
    const { note } = assertionAlgorithm(grant.alg, as.token_endpoint_auth_signing_alg_values_supported);
    if (note !== undefined) context.report('client', 'info', note, spec);
  }
  let auth: oauth.ClientAuth;
  try {
    auth = await clientCredentialsAuth(grant);
  } catch (error) {
    return context.fail('client', `the client's private key could not be read: ${describeGrantError(error)}`, spec);
  }
  context.report('client', 'ok', `a client acting on its own behalf: ${grant.clientId} (${method})`, spec);
  const client: oauth.Client = { client_id: grant.clientId };
  let result: oauth.TokenEndpointResponse;
  try {
    result = await tokenEndpointRequest(context, async (options) => {
      const response = await oauth.clientCredentialsGrantRequest(
        as,
        client,
        auth,
        { resource, ...(scope === undefined ? {} : { scope }) },
        options,
      );
      return oauth.processClientCredentialsResponse(as, client, response);
    });
  } catch (error) {
    return context.fail('token', `the client credentials grant failed: ${describeGrantError(error)}`, spec);
  }
  context.report('token', 'ok', `an access token (${result.token_type}) from the client credentials grant`, spec);
  return {
    result,
    clientId: grant.clientId,
    ...(grant.kind === 'client-credentials-secret' ? { clientSecret: grant.clientSecret } : {}),
  };
}
