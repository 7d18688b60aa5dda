/**
 * The OAuth client of the MCP authorization page: from a 401's challenge to an access token.
 * Every decision is made here; every HTTP request goes through `perform`, which the bridge
 * supplies (it records the request and its answer, masked, and may hold it for the user), and
 * oauth4webapi builds and reads the OAuth messages (its `customFetch` is `perform`). Each step
 * ends in a verdict: one sentence and the requirement it checked.
 */
import * as oauth from 'oauth4webapi';
import type { AuthStep } from '../envelope.js';
import type { BearerChallenge } from './challenge.js';
import { issuerMismatch, resourceMetadataUrls, resourceMismatch, serverMetadataUrls } from './discovery.js';
import { chooseScopes, split } from './scopes.js';
import { specRef, type AuthRevision, type SpecRef, type SpecSection } from './spec.js';
import { chooseAuthMethod, type ClientSettings, type RegisteredClient } from './client.js';
import { EXTENSION_SPECS, formBasic, type ExtensionGrant } from './extensionGrants.js';
import { runExtensionGrant } from './extensionFlow.js';
import { DPOP_NONCE_RETRY, DpopKey, dpopAlgorithm, isDpopBound, isDpopNonceError } from './dpop.js';

export interface AuthHttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Sends one request of the flow and answers its response (never following a redirect). */
export type Performer = (step: AuthStep, request: AuthHttpRequest) => Promise<Response>;

export type Verdict = 'ok' | 'failed' | 'info';
export type Reporter = (step: AuthStep, phase: Verdict, text: string, spec?: SpecRef) => void;

/** What came back to the redirect URI (the bridge's BrowserStep answers it). */
export type AuthorizationAnswer = { ok: true; params: URLSearchParams } | { ok: false; reason: string };

export interface Grant {
  accessToken: string;
  tokenType: string;
  refreshToken?: string;
  /** Epoch milliseconds. */
  expiresAt?: number;
  scope?: string;
  clientId: string;
  clientSecret?: string;
}

export interface FlowInput {
  serverUrl: string;
  revision: AuthRevision;
  challenge?: BearerChallenge;
  settings: ClientSettings;
  /** Scopes asked for before on this connection: a step-up asks for their union with the new ones. */
  previousScopes?: readonly string[];
  perform: Performer;
  report: Reporter;
  redirectUri: () => Promise<string>;
  /** Sends the user to the authorization URL; resolves with what reached the redirect URI. */
  authorize: (url: URL, state: string) => Promise<AuthorizationAnswer>;
  /** Clients registered so far, by issuer: one issuer's client is never shown to another. */
  registrations: Map<string, RegisteredClient>;
  /** The token the server just refused, if the request carried one: a kept grant holding it is not used again. */
  refusedToken?: string;
  /** A grant kept for this issuer and resource: used while it lasts, else refreshed instead of asking the user again. */
  storedGrant?: (issuer: string, resource: string) => Grant | undefined;
  /** Plain http:// metadata and endpoints are allowed (a loopback server under test). */
  allowHttp?: boolean;
  now?: () => number;
  /** An extension grant (client credentials, workload identity, enterprise-managed) instead of the authorization code flow. */
  extension?: ExtensionGrant;
}

export type FlowResult =
  | {
      ok: true;
      grant: Grant;
      issuer: string;
      resource: string;
      scopes: string[];
      /** The key a DPoP-bound token is bound to: every request presenting it carries a proof signed with it. */
      dpop?: DpopKey;
    }
  | { ok: false; step: AuthStep; reason: string };

const EXTENSION_DPOP_SPEC = EXTENSION_SPECS.dpop;

/** A step failed: the flow stops there, its verdict already reported. */
class Stop extends Error {
  constructor(
    readonly step: AuthStep,
    message: string,
  ) {
    super(message);
  }
}

interface ResourceMetadata {
  resource: string;
  authorizationServers: string[];
  scopesSupported?: string[];
  /** RFC 9728: the server takes (or requires) DPoP-bound tokens. */
  dpop?: boolean;
}

export async function runAuthFlow(input: FlowInput): Promise<FlowResult> {
  try {
    return await new AuthFlow(input).run();
  } catch (error) {
    if (error instanceof Stop) return { ok: false, step: error.step, reason: error.message };
    throw error;
  }
}

class AuthFlow {
  private readonly ref: (section: SpecSection, text: string) => SpecRef;

  constructor(private readonly input: FlowInput) {
    this.ref = (section, text) => specRef(input.revision, section, text);
  }

  private fail(step: AuthStep, text: string, spec?: SpecRef): never {
    this.input.report(step, 'failed', text, spec);
    throw new Stop(step, text);
  }

  private options(step: AuthStep): { [oauth.customFetch]: typeof fetch; [oauth.allowInsecureRequests]?: boolean } {
    const perform = this.input.perform;
    const custom = async (url: string | URL | Request, init?: RequestInit): Promise<Response> =>
      perform(step, {
        method: init?.method ?? 'GET',
        url: String(url),
        headers: headerRecord(init?.headers),
        ...(init?.body === undefined || init.body === null ? {} : { body: String(init.body as string | URLSearchParams) }),
      });
    return { [oauth.customFetch]: custom as typeof fetch, ...(this.input.allowHttp ? { [oauth.allowInsecureRequests]: true } : {}) };
  }

  async run(): Promise<FlowResult> {
    const { input } = this;
    const prm = await this.resourceMetadata();
    const resource = prm.resource;
    const issuer = prm.authorizationServers[0];
    if (issuer === undefined)
      this.fail(
        'resource-metadata',
        'the protected resource metadata lists no authorization_servers',
        this.ref('prm-discovery', 'Protected resource metadata MUST include authorization_servers (RFC 9728 §2).'),
      );
    const as = await this.serverMetadata(issuer);
    const scopeChoice = chooseScopes({
      ...(input.settings.scope === undefined ? {} : { configured: input.settings.scope }),
      ...(input.challenge?.scope === undefined ? {} : { challenge: input.challenge.scope }),
      ...(prm.scopesSupported === undefined ? {} : { resourceScopes: prm.scopesSupported }),
      ...(as.scopes_supported === undefined ? {} : { serverScopes: as.scopes_supported }),
      ...(input.previousScopes === undefined ? {} : { previous: input.previousScopes }),
    });

    if (input.extension !== undefined) {
      const key = await this.dpopKey(as);
      const token = await runExtensionGrant(input.extension, {
        as,
        resource,
        scope: scopeChoice.scope,
        options: (step) => this.options(step),
        report: input.report,
        fail: (step, text, spec) => this.fail(step, text, spec),
        ...(key === undefined ? {} : { dpop: key.handle }),
      });
      const client: RegisteredClient = {
        clientId: token.clientId,
        ...(token.clientSecret === undefined ? {} : { clientSecret: token.clientSecret }),
        method: token.clientSecret === undefined ? 'none' : 'client_secret_basic',
      };
      const grant = this.grantOf(token.result, client);
      const bound = key !== undefined && isDpopBound(grant.tokenType) ? { dpop: key } : {};
      return { ok: true, grant, issuer: as.issuer, resource, scopes: split(scopeChoice.scope), ...bound };
    }

    const stored = input.storedGrant?.(as.issuer, resource);
    const now = (input.now ?? Date.now)();
    if (
      stored !== undefined &&
      input.previousScopes === undefined &&
      stored.accessToken !== input.refusedToken &&
      (stored.expiresAt === undefined || stored.expiresAt > now)
    ) {
      input.report('stored', 'ok', `a token kept for ${as.issuer} and ${resource} from before`);
      return { ok: true, grant: stored, issuer: as.issuer, resource, scopes: split(stored.scope) };
    }
    if (stored?.refreshToken !== undefined && input.previousScopes === undefined) {
      const refreshed = await this.refresh(as, stored, resource);
      if (refreshed) return { ok: true, grant: refreshed, issuer: as.issuer, resource, scopes: split(scopeChoice.scope) };
    }

    if (clientCredentialsOnly(as, input.settings)) {
      const grant = await this.clientCredentials(as, resource, scopeChoice.scope);
      return { ok: true, grant, issuer: as.issuer, resource, scopes: split(scopeChoice.scope) };
    }
    this.requirePkce(as);
    const redirectUri = await input.redirectUri();
    const client = await this.clientIdentity(as, redirectUri);
    const code = await this.authorization(as, client, resource, redirectUri, scopeChoice.scope, scopeChoice.why);
    const grant = await this.token(as, client, resource, redirectUri, code);
    const dpop = this.dpop !== undefined && isDpopBound(grant.tokenType) ? { dpop: this.dpop } : {};
    return { ok: true, grant, issuer: as.issuer, resource, scopes: split(scopeChoice.scope), ...dpop };
  }

  /** RFC 9728: the challenge's URL, then the path-based and root well-known URLs. */
  private async resourceMetadata(): Promise<ResourceMetadata> {
    const { input } = this;
    const spec = this.ref(
      'prm-discovery',
      'Clients MUST use the resource_metadata URL of WWW-Authenticate when present, else try the path-based, then the root well-known URI (RFC 9728).',
    );
    const tried: string[] = [];
    for (const url of resourceMetadataUrls(input.serverUrl, input.challenge?.resourceMetadata)) {
      const response = await input.perform('resource-metadata', { method: 'GET', url, headers: { Accept: 'application/json' } });
      if (response.status !== 200) {
        tried.push(`${url} (HTTP ${response.status})`);
        input.report('resource-metadata', 'info', `no protected resource metadata at ${url}: HTTP ${response.status}`, spec);
        continue;
      }
      const json = await jsonOf(response);
      if (json === undefined || typeof json.resource !== 'string')
        this.fail('resource-metadata', `the protected resource metadata at ${url} is not JSON with a resource`, spec);
      const mismatch = resourceMismatch(input.serverUrl, json.resource);
      if (mismatch !== undefined)
        this.fail(
          'resource-metadata',
          mismatch,
          this.ref(
            'resource',
            "Clients MUST check that the metadata's resource matches the MCP server they are talking to, and refuse to go on otherwise (RFC 9728 §3.3).",
          ),
        );
      const servers = stringList(json.authorization_servers) ?? [];
      const scopes = stringList(json.scopes_supported);
      input.report(
        'resource-metadata',
        'ok',
        `found at ${url}: resource ${json.resource}, authorization server ${servers[0] ?? 'none'}`,
        spec,
      );
      const dpop = json.dpop_bound_access_tokens_required === true || (stringList(json.dpop_signing_alg_values_supported)?.length ?? 0) > 0;
      this.resourceDpop = dpop;
      return {
        resource: json.resource,
        authorizationServers: servers,
        ...(scopes === undefined ? {} : { scopesSupported: scopes }),
        ...(dpop ? { dpop } : {}),
      };
    }
    return this.fail('resource-metadata', `no protected resource metadata found: ${tried.join(', ')}`, spec);
  }

  /** RFC 8414 and OpenID discovery, every URL variant in order; the issuer checked; PKCE S256 required. */
  private async serverMetadata(issuer: string): Promise<oauth.AuthorizationServer> {
    const { input } = this;
    const spec = this.ref(
      'as-discovery',
      'Clients MUST try the OAuth 2.0 and OpenID Connect well-known URIs in the order the spec gives, and use the metadata only if its issuer is the one they asked for.',
    );
    let issuerUrl: URL;
    try {
      issuerUrl = new URL(issuer);
    } catch {
      return this.fail('server-metadata', `the authorization server "${issuer}" is not a URL`, spec);
    }
    if (issuerUrl.protocol !== 'https:' && issuerUrl.protocol !== 'http:')
      this.fail('server-metadata', `the authorization server ${issuer} is not an http(s) URL`, spec);
    const tried: string[] = [];
    for (const url of serverMetadataUrls(issuer)) {
      const response = await input.perform('server-metadata', { method: 'GET', url, headers: { Accept: 'application/json' } });
      if (response.status !== 200) {
        tried.push(`${url} (HTTP ${response.status})`);
        input.report('server-metadata', 'info', `no authorization server metadata at ${url}: HTTP ${response.status}`, spec);
        continue;
      }
      const json = await jsonOf(response.clone());
      const mismatch = issuerMismatch(issuer, json?.issuer);
      if (mismatch !== undefined) this.fail('server-metadata', `${mismatch}: not used`, spec);
      let as: oauth.AuthorizationServer;
      try {
        as = await oauth.processDiscoveryResponse(issuerUrl, response);
      } catch (error) {
        return this.fail('server-metadata', `the metadata at ${url} is not usable: ${describe(error)}`, spec);
      }
      input.report('server-metadata', 'ok', `found at ${url}: issuer ${as.issuer}`, spec);
      return as;
    }
    return this.fail('server-metadata', `no authorization server metadata found for ${issuer}: ${tried.join(', ')}`, spec);
  }

  /** PKCE S256 or nothing: the authorization code flow stops before the user is sent anywhere. */
  private requirePkce(as: oauth.AuthorizationServer): void {
    const methods = as.code_challenge_methods_supported;
    const spec = this.ref(
      'pkce',
      'Clients MUST use PKCE with S256, and MUST refuse to proceed when the metadata does not list S256 in code_challenge_methods_supported.',
    );
    if (!methods?.includes('S256'))
      this.fail(
        'server-metadata',
        methods === undefined
          ? 'the authorization server metadata has no code_challenge_methods_supported: PKCE support cannot be confirmed, so the flow stops'
          : `the authorization server supports PKCE with ${methods.join(', ') || 'nothing'}, not S256: the flow stops`,
        spec,
      );
    this.input.report('server-metadata', 'ok', 'the authorization server supports PKCE with S256', spec);
  }

  /**
   * The client credentials grant (the OAuth client credentials extension): a pre-registered
   * client with a secret, at a server that offers that grant and not the authorization code one.
   */
  private async clientCredentials(as: oauth.AuthorizationServer, resource: string, scope: string | undefined): Promise<Grant> {
    const { settings } = this.input;
    const client: RegisteredClient = {
      clientId: settings.clientId ?? '',
      ...(settings.clientSecret === undefined ? {} : { clientSecret: settings.clientSecret }),
      method: settings.tokenEndpointAuthMethod ?? chooseAuthMethod(as.token_endpoint_auth_methods_supported, true),
    };
    const spec: SpecRef = {
      text: 'A client acting on its own behalf uses the client credentials grant, with the resource parameter, where the authorization server offers it.',
      url: 'https://github.com/modelcontextprotocol/ext-auth',
    };
    this.input.report(
      'client',
      'ok',
      `the client credentials grant as ${client.clientId} (${client.method}): the server offers no authorization code flow`,
      spec,
    );
    let result: oauth.TokenEndpointResponse;
    try {
      const response = await oauth.clientCredentialsGrantRequest(
        as,
        oauthClient(client),
        clientAuth(client),
        { resource, ...(scope === undefined ? {} : { scope }) },
        this.options('token'),
      );
      result = await oauth.processClientCredentialsResponse(as, oauthClient(client), response);
    } catch (error) {
      return this.fail('token', `the token request failed: ${describe(error)}`, spec);
    }
    this.input.report('token', 'ok', `an access token (${result.token_type}) for the client itself`, spec);
    return this.grantOf(result, client);
  }

  /** A pre-registered client, a client ID metadata document, or RFC 7591 registration, in that order. */
  private async clientIdentity(as: oauth.AuthorizationServer, redirectUri: string): Promise<RegisteredClient> {
    const { input } = this;
    const { settings } = input;
    const supported = as.token_endpoint_auth_methods_supported;
    if (settings.clientId !== undefined && settings.clientId !== '') {
      const method = settings.tokenEndpointAuthMethod ?? chooseAuthMethod(supported, settings.clientSecret !== undefined);
      input.report(
        'client',
        'ok',
        `a pre-registered client (${method})`,
        this.ref('preregistration', 'Clients MAY use client credentials registered with the authorization server beforehand.'),
      );
      return {
        clientId: settings.clientId,
        ...(settings.clientSecret === undefined ? {} : { clientSecret: settings.clientSecret }),
        method,
      };
    }
    const known = input.registrations.get(as.issuer);
    if (known) {
      input.report('client', 'ok', `the client registered with ${as.issuer} before`);
      return known;
    }
    if (as.client_id_metadata_document_supported === true && isMetadataDocumentUrl(settings.clientMetadataUrl)) {
      const client: RegisteredClient = { clientId: settings.clientMetadataUrl ?? '', method: 'none' };
      input.report(
        'client',
        'ok',
        `the client ID metadata document ${settings.clientMetadataUrl}, which the authorization server supports`,
        this.ref(
          'cimd',
          'Clients SHOULD use a client ID metadata document when the authorization server advertises client_id_metadata_document_supported.',
        ),
      );
      return client;
    }
    const spec = this.ref(
      'dcr',
      'Clients SHOULD register dynamically (RFC 7591) when the authorization server offers a registration_endpoint.',
    );
    if (as.registration_endpoint === undefined)
      this.fail(
        'registration',
        'the authorization server offers no registration endpoint and no client ID metadata document, and no client ID is set: enter a pre-registered client',
        this.ref('preregistration', 'Without registration, the client needs credentials registered beforehand.'),
      );
    const asked = chooseAuthMethod(supported, false);
    let registered: Record<string, unknown>;
    try {
      const response = await oauth.dynamicClientRegistrationRequest(
        as,
        {
          client_name: 'MCP Lens',
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: asked,
          application_type: 'native',
        },
        this.options('registration'),
      );
      registered = await lenientRegistration(response, (note) => input.report('registration', 'info', note, spec));
    } catch (error) {
      return this.fail('registration', `the registration failed: ${describe(error)}`, spec);
    }
    if (typeof registered.client_id !== 'string' || registered.client_id === '')
      return this.fail('registration', 'the registration response has no client_id', spec);
    const method = authMethodOf(registered.token_endpoint_auth_method) ?? asked;
    const secret = typeof registered.client_secret === 'string' ? registered.client_secret : undefined;
    const client: RegisteredClient = { clientId: registered.client_id, ...(secret === undefined ? {} : { clientSecret: secret }), method };
    input.registrations.set(as.issuer, client);
    input.report('registration', 'ok', `registered as client ${registered.client_id} (${method})`, spec);
    return client;
  }

  /** The authorization request (PKCE S256, state, resource, scope) and the redirect's checks. */
  private async authorization(
    as: oauth.AuthorizationServer,
    client: RegisteredClient,
    resource: string,
    redirectUri: string,
    scope: string | undefined,
    scopeWhy: string,
  ): Promise<URLSearchParams> {
    const { input } = this;
    if (as.authorization_endpoint === undefined)
      this.fail(
        'authorization',
        'the authorization server metadata has no authorization_endpoint',
        this.ref('as-discovery', 'The metadata names the endpoints the flow uses.'),
      );
    const verifier = oauth.generateRandomCodeVerifier();
    const challenge = await oauth.calculatePKCECodeChallenge(verifier);
    this.verifier = verifier;
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', client.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('state', state);
    // RFC 8707: exactly as the protected resource metadata published it.
    url.searchParams.set('resource', resource);
    if (scope !== undefined) url.searchParams.set('scope', scope);
    input.report(
      'authorization',
      'info',
      `authorization request with PKCE S256, state and resource ${resource}; scope from ${scopeWhy}`,
      this.ref('scope-selection', 'Clients SHOULD ask for the scope of WWW-Authenticate, else all of scopes_supported, else omit scope.'),
    );
    const answer = await input.authorize(url, state);
    const spec = this.ref(
      'iss',
      'Clients MUST check the state, and compare a present iss with the issuer recorded for the authorization server by simple string comparison, rejecting a mismatch or a missing iss the server advertised (RFC 9207).',
    );
    if (!answer.ok) return this.fail('callback', `nothing usable came back to the redirect URI: ${answer.reason}`, spec);
    let params: URLSearchParams;
    try {
      params = oauth.validateAuthResponse(as, oauthClient(client), answer.params, state);
    } catch (error) {
      return this.fail('callback', callbackProblem(error, as, answer.params), spec);
    }
    input.report(
      'callback',
      'ok',
      answer.params.has('iss')
        ? `the redirect came back with the state and iss ${as.issuer}`
        : 'the redirect came back with the state (no iss, and none advertised)',
      spec,
    );
    return params;
  }

  private verifier = '';
  private dpop: DpopKey | undefined;
  private dpopDeclined = false;

  /** Whether the protected resource metadata said the server takes DPoP-bound tokens. */
  private resourceDpop = false;

  /**
   * A DPoP key where the MCP server asks for DPoP (its challenge's scheme, or its metadata) and
   * the authorization server offers it (a proof algorithm this client signs with). An
   * authorization server offering DPoP is not enough: a server that takes Bearer tokens only
   * refuses a DPoP-bound one.
   */
  private async dpopKey(as: oauth.AuthorizationServer): Promise<DpopKey | undefined> {
    const alg = dpopAlgorithm(as.dpop_signing_alg_values_supported);
    if (alg === undefined) return undefined;
    if (this.input.challenge?.scheme !== 'dpop' && !this.resourceDpop) {
      if (this.dpop === undefined && !this.dpopDeclined) {
        this.dpopDeclined = true;
        this.input.report(
          'token',
          'info',
          'the authorization server offers DPoP, but the MCP server asked for Bearer tokens (its challenge and its metadata): a Bearer token is asked for',
          EXTENSION_DPOP_SPEC,
        );
      }
      return undefined;
    }
    this.dpop ??= await DpopKey.create(alg);
    this.input.report(
      'token',
      'info',
      `the authorization server offers DPoP: the token request carries a ${alg} proof`,
      EXTENSION_DPOP_SPEC,
    );
    return this.dpop;
  }

  private async token(
    as: oauth.AuthorizationServer,
    client: RegisteredClient,
    resource: string,
    redirectUri: string,
    params: URLSearchParams,
    nonceRetry = false,
  ): Promise<Grant> {
    const spec = this.ref(
      'resource',
      'Clients MUST send the resource parameter (RFC 8707) on both the authorization and the token request, and the code_verifier.',
    );
    let result: oauth.TokenEndpointResponse;
    const dpop = nonceRetry ? this.dpop : await this.dpopKey(as);
    try {
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        oauthClient(client),
        clientAuth(client),
        params,
        redirectUri,
        this.verifier,
        {
          ...this.options('token'),
          ...(dpop === undefined ? {} : { DPoP: dpop.handle }),
          additionalParameters: { resource },
        },
      );
      result = await oauth.processAuthorizationCodeResponse(as, oauthClient(client), response);
    } catch (error) {
      if (dpop !== undefined && !nonceRetry && isDpopNonceError(error)) {
        this.input.report('token', 'info', DPOP_NONCE_RETRY, EXTENSION_DPOP_SPEC);
        return this.token(as, client, resource, redirectUri, params, true);
      }
      return this.fail('token', `the token request failed: ${describe(error)}`, spec);
    }
    this.input.report(
      'token',
      'ok',
      `an access token (${result.token_type})${result.refresh_token === undefined ? '' : ' and a refresh token'}${result.scope === undefined ? '' : ` for ${result.scope}`}`,
      spec,
    );
    return this.grantOf(result, client);
  }

  private async refresh(as: oauth.AuthorizationServer, stored: Grant, resource: string): Promise<Grant | undefined> {
    const { input } = this;
    const client: RegisteredClient = {
      clientId: stored.clientId,
      ...(stored.clientSecret === undefined ? {} : { clientSecret: stored.clientSecret }),
      method:
        input.registrations.get(as.issuer)?.method ??
        chooseAuthMethod(as.token_endpoint_auth_methods_supported, stored.clientSecret !== undefined),
    };
    const spec = this.ref('refresh', 'Clients SHOULD use a refresh token, with the resource parameter, rather than ask the user again.');
    try {
      const response = await oauth.refreshTokenGrantRequest(as, oauthClient(client), clientAuth(client), stored.refreshToken ?? '', {
        ...this.options('refresh'),
        additionalParameters: { resource },
      });
      const result = await oauth.processRefreshTokenResponse(as, oauthClient(client), response);
      input.report('refresh', 'ok', 'a new access token from the refresh token', spec);
      const grant = this.grantOf(result, client);
      return grant.refreshToken === undefined && stored.refreshToken !== undefined
        ? { ...grant, refreshToken: stored.refreshToken }
        : grant;
    } catch (error) {
      input.report('refresh', 'info', `the refresh token was not accepted (${describe(error)}): authorizing again`, spec);
      return undefined;
    }
  }

  private grantOf(result: oauth.TokenEndpointResponse, client: RegisteredClient): Grant {
    const now = (this.input.now ?? Date.now)();
    return {
      accessToken: result.access_token,
      tokenType: result.token_type,
      ...(result.refresh_token === undefined ? {} : { refreshToken: result.refresh_token }),
      ...(result.expires_in === undefined ? {} : { expiresAt: now + result.expires_in * 1000 }),
      ...(result.scope === undefined ? {} : { scope: result.scope }),
      clientId: client.clientId,
      ...(client.clientSecret === undefined ? {} : { clientSecret: client.clientSecret }),
    };
  }
}

/**
 * RFC 7591 makes client_secret_expires_at required beside a client_secret, and oauth4webapi holds
 * to it; many servers leave it out. Such a response is read all the same (by the library, with
 * the member filled in as "never expires"), and the deviation is said.
 */
async function lenientRegistration(response: Response, note: (text: string) => void): Promise<Record<string, unknown>> {
  const copy = response.clone();
  try {
    return await oauth.processDynamicClientRegistrationResponse(response);
  } catch (error) {
    if (!(error instanceof oauth.OperationProcessingError) || !error.message.includes('client_secret_expires_at')) throw error;
    const json = (await copy.json()) as Record<string, unknown>;
    note(
      'the registration response carries a client_secret without client_secret_expires_at, which RFC 7591 §3.2.1 requires: read as never expiring',
    );
    const patched = new Response(JSON.stringify({ ...json, client_secret_expires_at: 0 }), {
      status: copy.status,
      headers: { 'content-type': 'application/json' },
    });
    return await oauth.processDynamicClientRegistrationResponse(patched);
  }
}

/** A client ID metadata document's URL: https, with a path (the draft's rule for a client_id). */
function isMetadataDocumentUrl(url: string | undefined): boolean {
  if (url === undefined) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.pathname !== '/' && parsed.pathname !== '';
  } catch {
    return false;
  }
}

function clientCredentialsOnly(as: oauth.AuthorizationServer, settings: FlowInput['settings']): boolean {
  const grants = as.grant_types_supported;
  return (
    settings.clientId !== undefined &&
    settings.clientSecret !== undefined &&
    grants !== undefined &&
    grants.includes('client_credentials') &&
    !grants.includes('authorization_code')
  );
}

function oauthClient(client: RegisteredClient): oauth.Client {
  return { client_id: client.clientId, token_endpoint_auth_method: client.method };
}

function clientAuth(client: RegisteredClient): oauth.ClientAuth {
  switch (client.method) {
    case 'client_secret_basic':
      return formBasic(client.clientId, client.clientSecret ?? '');
    case 'client_secret_post':
      return oauth.ClientSecretPost(client.clientSecret ?? '');
    case 'none':
      return oauth.None();
    default: {
      const never: never = client.method;
      return never;
    }
  }
}

function authMethodOf(value: unknown): RegisteredClient['method'] | undefined {
  return value === 'client_secret_basic' || value === 'client_secret_post' || value === 'none' ? value : undefined;
}

/** Why the redirect's parameters were refused, in one sentence. */
function callbackProblem(error: unknown, as: oauth.AuthorizationServer, params: URLSearchParams): string {
  if (error instanceof oauth.AuthorizationResponseError)
    return `the authorization server answered ${error.error}${error.error_description === undefined ? '' : `: ${error.error_description}`}`;
  const iss = params.get('iss');
  const message = describe(error);
  if (message.includes('"iss"')) {
    if (iss === null)
      return `the authorization server advertises authorization_response_iss_parameter_supported, but the redirect carries no iss: refused`;
    return `the redirect's iss is ${iss}, but the authorization server's issuer is ${as.issuer}: refused (a mix-up attack would look like this)`;
  }
  if (message.includes('"state"')) return `the redirect's state is not the one sent: refused`;
  return `the redirect was refused: ${message}`;
}

function describe(error: unknown): string {
  if (error instanceof oauth.ResponseBodyError)
    return `HTTP ${error.status} ${error.error}${error.error_description === undefined ? '' : `: ${error.error_description}`}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => (out[name] = value));
  return out;
}

async function jsonOf(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}
