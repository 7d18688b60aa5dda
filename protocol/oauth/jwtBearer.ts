/**
 * The RFC 7523 JWT bearer grant, as two extensions use it: workload identity federation (the
 * workload's own JWT is the assertion) and enterprise-managed authorization (the IdP's ID token
 * is first exchanged at the IdP, RFC 8693, for an ID-JAG, which is the assertion). oauth4webapi
 * sends and reads both requests; the assertions are the IdP's and the workload's, never made here.
 */
import * as oauth from 'oauth4webapi';
import {
  describeGrantError,
  EXTENSION_SPECS,
  formBasic,
  JWT_BEARER,
  tokenEndpointRequest,
  type ExtensionGrant,
  type ExtensionGrantContext,
  type ExtensionToken,
} from './extensionGrants.js';

export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
export const ID_JAG_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';

/** The parameters of the RFC 8693 exchange at the IdP: the ID token for an ID-JAG naming the authorization server and the resource. */
export function idJagRequest(idToken: string, audience: string, resource: string, scope: string | undefined): Record<string, string> {
  return {
    requested_token_type: ID_JAG_TYPE,
    audience,
    resource,
    subject_token: idToken,
    subject_token_type: ID_TOKEN_TYPE,
    ...(scope === undefined ? {} : { scope }),
  };
}

/** The parameters of the JWT bearer grant. */
export function jwtBearerRequest(assertion: string, resource: string, scope: string | undefined): Record<string, string> {
  return { assertion, resource, ...(scope === undefined ? {} : { scope }) };
}

async function jwtBearer(
  context: ExtensionGrantContext,
  client: oauth.Client,
  auth: oauth.ClientAuth,
  assertion: string,
  spec: { text: string; url: string },
): Promise<oauth.TokenEndpointResponse> {
  const { as, resource, scope } = context;
  try {
    return await tokenEndpointRequest(context, async (options) => {
      const response = await oauth.genericTokenEndpointRequest(
        as,
        client,
        auth,
        JWT_BEARER,
        jwtBearerRequest(assertion, resource, scope),
        options,
      );
      return oauth.processGenericTokenEndpointResponse(as, client, response);
    });
  } catch (error) {
    // Refused once, the grant is not tried again nor swapped for another: the refusal is the answer.
    return context.fail('token', `the JWT bearer grant was refused: ${describeGrantError(error)}`, spec);
  }
}

export async function workloadToken(
  grant: Extract<ExtensionGrant, { kind: 'workload-identity' }>,
  context: ExtensionGrantContext,
): Promise<ExtensionToken> {
  const spec = EXTENSION_SPECS.workloadIdentity;
  context.report('client', 'ok', `a workload presenting its identity token as client ${grant.clientId}`, spec);
  const client: oauth.Client = { client_id: grant.clientId };
  const result = await jwtBearer(context, client, oauth.None(), grant.assertion, spec);
  context.report('token', 'ok', `an access token (${result.token_type}) for the workload's JWT`, spec);
  return { result, clientId: grant.clientId };
}

export async function enterpriseToken(
  grant: Extract<ExtensionGrant, { kind: 'enterprise-managed' }>,
  context: ExtensionGrantContext,
): Promise<ExtensionToken> {
  const spec = EXTENSION_SPECS.enterprise;
  const { as, resource, scope } = context;
  const idp: oauth.AuthorizationServer = {
    issuer: grant.idp.issuer ?? new URL(grant.idp.tokenEndpoint).origin,
    token_endpoint: grant.idp.tokenEndpoint,
  };
  const idpClient: oauth.Client = { client_id: grant.idp.clientId };
  let idJag: string;
  try {
    const response = await oauth.genericTokenEndpointRequest(
      idp,
      idpClient,
      oauth.None(),
      TOKEN_EXCHANGE,
      idJagRequest(grant.idp.idToken, as.issuer, resource, scope),
      context.options('token'),
    );
    const answer = await oauth.processGenericTokenEndpointResponse(idp, idpClient, response, {
      // RFC 8693 §2.2.1: an ID-JAG is no access token; its token_type is N_A.
      recognizedTokenTypes: { n_a: () => undefined },
    });
    if (answer.issued_token_type !== ID_JAG_TYPE)
      context.report(
        'token',
        'info',
        `the IdP's answer names issued_token_type ${String(answer.issued_token_type)}, not ${ID_JAG_TYPE}`,
        spec,
      );
    idJag = answer.access_token;
  } catch (error) {
    return context.fail('token', `the IdP did not exchange the ID token for an ID-JAG: ${describeGrantError(error)}`, spec);
  }
  context.report('token', 'ok', `an ID-JAG from the IdP for ${as.issuer} and ${resource}`, spec);
  const client: oauth.Client = { client_id: grant.clientId };
  const result = await jwtBearer(context, client, formBasic(grant.clientId, grant.clientSecret), idJag, spec);
  context.report('token', 'ok', `an access token (${result.token_type}) for the ID-JAG`, spec);
  return { result, clientId: grant.clientId, clientSecret: grant.clientSecret };
}
