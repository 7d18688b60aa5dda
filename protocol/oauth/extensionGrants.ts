/**
 * The 2026-07-28 authorization extensions that obtain a token without a user and a browser: the
 * client credentials grant (a client secret or a private_key_jwt assertion), workload identity
 * federation (the JWT bearer grant with a workload's token) and enterprise-managed authorization
 * (an ID token exchanged at the enterprise IdP for an ID-JAG, then the JWT bearer grant). Which
 * one applies is the user's (or the conformance context's) choice: a credential the client holds,
 * never a guess. The flow's discovery runs first as always; then the grant (./extensionFlow.ts)
 * replaces registration, the authorization request and the code exchange. This file holds what
 * the grants share.
 */
import * as oauth from 'oauth4webapi';
import type { AuthStep } from '../envelope.js';
import type { SpecRef } from './spec.js';
import { withNonceRetry } from './dpop.js';

export type ExtensionGrant =
  /** Client credentials, the client authenticated with client_secret_basic. */
  | { kind: 'client-credentials-secret'; clientId: string; clientSecret: string }
  /** Client credentials, the client authenticated with a private_key_jwt assertion (RFC 7523 §2.2). */
  | { kind: 'client-credentials-jwt'; clientId: string; privateKeyPem: string; alg: string }
  /** Workload identity federation: the workload's JWT as the RFC 7523 bearer assertion. */
  | { kind: 'workload-identity'; clientId: string; assertion: string }
  /** Enterprise-managed authorization: the IdP's ID token exchanged for an ID-JAG (RFC 8693), then RFC 7523. */
  | {
      kind: 'enterprise-managed';
      clientId: string;
      clientSecret: string;
      idp: { issuer?: string; tokenEndpoint: string; clientId: string; idToken: string };
    };

/** What an extension grant is given by the flow: discovery's results and its seams. */
export interface ExtensionGrantContext {
  as: oauth.AuthorizationServer;
  resource: string;
  scope: string | undefined;
  /** oauth4webapi's options for a request of `step` (the flow's performer as its fetch). */
  options: (step: AuthStep) => { [oauth.customFetch]: typeof fetch; [oauth.allowInsecureRequests]?: boolean };
  report: (step: AuthStep, phase: 'ok' | 'info', text: string, spec?: SpecRef) => void;
  /** Reports the step failed and stops the flow. */
  fail: (step: AuthStep, text: string, spec?: SpecRef) => never;
  /** The DPoP key, where the authorization server offers DPoP: its token requests carry a proof. */
  dpop?: oauth.DPoPHandle;
}

type TokenOptions = ReturnType<ExtensionGrantContext['options']> & { DPoP?: oauth.DPoPHandle };

/**
 * A request to the authorization server's token endpoint: with a DPoP proof where it offers DPoP,
 * sent once more with its nonce on use_dpop_nonce (RFC 9449 §8).
 */
export function tokenEndpointRequest<T>(context: ExtensionGrantContext, send: (options: TokenOptions) => Promise<T>): Promise<T> {
  const { dpop } = context;
  const options: TokenOptions = { ...context.options('token'), ...(dpop === undefined ? {} : { DPoP: dpop }) };
  if (dpop === undefined) return send(options);
  return withNonceRetry(
    () => send(options),
    (why) => context.report('token', 'info', why, EXTENSION_SPECS.dpop),
  );
}

export interface ExtensionToken {
  result: oauth.TokenEndpointResponse;
  clientId: string;
  clientSecret?: string;
}

export const EXTENSION_SPECS = {
  clientCredentials: {
    text: 'With the client credentials extension, a client acting on its own behalf uses the client_credentials grant, authenticated with client_secret_basic or a private_key_jwt assertion (RFC 7523 §2.2), with the resource parameter.',
    url: 'https://github.com/modelcontextprotocol/ext-auth/blob/main/specification/draft/oauth-client-credentials.mdx',
  },
  workloadIdentity: {
    text: "With workload identity federation, the client sends the workload's JWT as the assertion of the RFC 7523 JWT bearer grant, and surfaces a refusal (invalid_grant, invalid_scope, unauthorized_client) without retrying or switching grants.",
    url: 'https://github.com/modelcontextprotocol/modelcontextprotocol/pull/1933',
  },
  enterprise: {
    text: "With enterprise-managed authorization, the client exchanges the IdP's ID token at the IdP for an ID-JAG (RFC 8693, audience the authorization server, resource the MCP server), then presents it with the RFC 7523 JWT bearer grant, authenticated as its own client.",
    url: 'https://github.com/modelcontextprotocol/ext-auth/blob/main/specification/draft/enterprise-managed-authorization.mdx',
  },
  dpop: {
    text: 'With the DPoP extension, a client binds its tokens to a key: a DPoP proof on the token request (retried with the nonce on use_dpop_nonce), then the token sent as Authorization: DPoP with a fresh proof (htm, htu, ath) on every request (RFC 9449).',
    url: 'https://github.com/modelcontextprotocol/ext-auth/blob/main/specification/draft/dpop-extension.mdx',
  },
} satisfies Record<string, SpecRef>;

/** Every secret an extension grant holds: masked before anything of the flow is recorded. */
export function extensionSecrets(grant: ExtensionGrant): string[] {
  switch (grant.kind) {
    case 'client-credentials-secret':
      return [grant.clientSecret];
    case 'client-credentials-jwt':
      return [grant.privateKeyPem];
    case 'workload-identity':
      return [grant.assertion];
    case 'enterprise-managed':
      return [grant.clientSecret, grant.idp.idToken];
    default: {
      const never: never = grant;
      return never;
    }
  }
}

/** The grant type the extension uses at the authorization server's token endpoint. */
export function extensionGrantType(grant: ExtensionGrant): string {
  switch (grant.kind) {
    case 'client-credentials-secret':
    case 'client-credentials-jwt':
      return 'client_credentials';
    case 'workload-identity':
    case 'enterprise-managed':
      return JWT_BEARER;
    default: {
      const never: never = grant;
      return never;
    }
  }
}

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** The error of a refused token request, in one phrase. */
export function describeGrantError(error: unknown): string {
  if (error instanceof oauth.ResponseBodyError)
    return `HTTP ${error.status} ${error.error}${error.error_description === undefined ? '' : `: ${error.error_description}`}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * client_secret_basic as RFC 6749 §2.3.1 encodes it (form encoding, which leaves `-`, `.`, `_`
 * and `*` alone); oauth4webapi escapes those too, which servers that do not decode refuse.
 */
export function formBasic(clientId: string, clientSecret: string): oauth.ClientAuth {
  const encode = (value: string): string => new URLSearchParams({ v: value }).toString().slice(2);
  return (_as, _client, _body, headers) => {
    headers.set('authorization', `Basic ${btoa(`${encode(clientId)}:${encode(clientSecret)}`)}`);
  };
}
