/**
 * A client of the demo authorization server for tests, all of it oauth4webapi: discovery,
 * dynamic registration (or a pre-registered client), an authorization request with PKCE (S256),
 * `resource` and `state`, sign-in and consent walked by completeAuthorization, the redirect
 * validated (`iss` included), and the code exchanged with `resource`. The redirect URI is never
 * listened on: the walk stops at it.
 */
import * as oauth from 'oauth4webapi';

import type { ClientAuthMethod } from '../oauth/authServer.js';
import { completeAuthorization } from '../oauth/completeAuthorization.js';

export interface TestClient {
  clientId: string;
  clientSecret?: string;
  authMethod: ClientAuthMethod;
}

export interface ObtainTokenOptions {
  issuer: string;
  /** The RFC 8707 resource, sent on both requests. */
  resource: string;
  scope: string;
  /** Registered dynamically when absent. */
  client?: TestClient;
  /** Default http://127.0.0.1:65000/oauth/callback. */
  redirectUri?: string;
}

export interface ObtainedToken {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  tokens: oauth.TokenEndpointResponse;
}

/** oauth4webapi refuses http URLs unless told: every server of these tests is on loopback http. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export async function discover(issuer: string, algorithm: 'oauth2' | 'oidc' = 'oauth2'): Promise<oauth.AuthorizationServer> {
  const url = new URL(issuer);
  return oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { algorithm, ...insecure }));
}

export function clientAuthOf(client: TestClient): oauth.ClientAuth {
  switch (client.authMethod) {
    case 'none':
      return oauth.None();
    case 'client_secret_basic':
      return oauth.ClientSecretBasic(client.clientSecret ?? '');
    case 'client_secret_post':
      return oauth.ClientSecretPost(client.clientSecret ?? '');
  }
}

export async function obtainToken(options: ObtainTokenOptions): Promise<ObtainedToken> {
  const as = await discover(options.issuer);
  const redirectUri = options.redirectUri ?? 'http://127.0.0.1:65000/oauth/callback';
  let known = options.client;
  if (!known) {
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          client_name: 'oauth test client',
        },
        insecure,
      ),
    );
    known = { clientId: registered.client_id, authMethod: 'none' };
  }
  const client: oauth.Client = { client_id: known.clientId, token_endpoint_auth_method: known.authMethod };
  const clientAuth = clientAuthOf(known);

  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint ?? '');
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    scope: options.scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    resource: options.resource,
  }).toString();

  const callback = await completeAuthorization(url);
  const params = oauth.validateAuthResponse(as, client, callback, state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, redirectUri, verifier, {
    additionalParameters: { resource: options.resource },
    ...insecure,
  });
  return { as, client, clientAuth, tokens: await oauth.processAuthorizationCodeResponse(as, client, response) };
}
