/**
 * The credentials the conformance suite hands the client for the 2026-07-28 authorization
 * extensions (MCP_CONFORMANCE_CONTEXT), as the extension grant the OAuth client then uses: a
 * private key is client credentials with private_key_jwt, an enterprise IdP's ID token is
 * enterprise-managed authorization, a workload's JWT is workload identity federation. A client
 * id and secret alone are also what a pre-registered authorization code client is given, so
 * client credentials with a secret are used only where the scenario names that extension.
 * DPoP needs nothing here: the flow uses it where the authorization server offers it.
 */
import type { ExtensionGrant } from '../../protocol/oauth/extensionGrants.js';

export function extensionFromContext(scenario: string, context: Record<string, unknown>): ExtensionGrant | undefined {
  const text = (name: string): string | undefined => {
    const value = context[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const clientId = text('client_id');
  if (clientId === undefined) return undefined;
  const privateKeyPem = text('private_key_pem');
  if (privateKeyPem !== undefined)
    return { kind: 'client-credentials-jwt', clientId, privateKeyPem, alg: text('signing_algorithm') ?? 'ES256' };
  const clientSecret = text('client_secret');
  const idToken = text('idp_id_token');
  const idpTokenEndpoint = text('idp_token_endpoint');
  const idpClientId = text('idp_client_id');
  if (idToken !== undefined && idpTokenEndpoint !== undefined && idpClientId !== undefined && clientSecret !== undefined) {
    const issuer = text('idp_issuer');
    return {
      kind: 'enterprise-managed',
      clientId,
      clientSecret,
      idp: { tokenEndpoint: idpTokenEndpoint, clientId: idpClientId, idToken, ...(issuer === undefined ? {} : { issuer }) },
    };
  }
  const workloadJwt = text('valid_jwt');
  if (workloadJwt !== undefined) return { kind: 'workload-identity', clientId, assertion: workloadJwt };
  if (clientSecret !== undefined && scenario.startsWith('auth/client-credentials'))
    return { kind: 'client-credentials-secret', clientId, clientSecret };
  return undefined;
}
