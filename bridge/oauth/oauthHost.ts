/**
 * The bridge's side of the OAuth client: it runs the flow protocol/oauth/ decides for an HTTP
 * connection, performs each request with fetch (never following a redirect, never with the
 * connection's own headers), records every step as an `auth` event with its secrets masked,
 * holds each request for the user when the connection walks the flow step by step, and keeps the
 * tokens in the TokenStore it is handed. The browser step (app, CLI, conformance client) is
 * handed in too.
 */
import { randomUUID } from 'node:crypto';
import type { AuthEvent, AuthStep, HttpServerConfig, UnstampedEvent } from '../../protocol/envelope.js';
import type { BearerChallenge } from '../../protocol/oauth/challenge.js';
import type { RegisteredClient } from '../../protocol/oauth/client.js';
import { runAuthFlow, type AuthHttpRequest, type Grant } from '../../protocol/oauth/flow.js';
import type { AuthRevision } from '../../protocol/oauth/spec.js';
import { extensionSecrets, type ExtensionGrant } from '../../protocol/oauth/extensionGrants.js';
import type { DpopKey } from '../../protocol/oauth/dpop.js';
import { keepMasked, maskAuthHeaders, maskAuthUrl, maskBody, secretsIn } from './mask.js';
import type { BrowserStep, GrantKey, TokenStore } from './types.js';

/** Bodies of the flow's answers are metadata and tokens: anything past this is refused. */
const MAX_AUTH_BODY = 1024 * 1024;
/** What of a body an event keeps. */
const MAX_RECORDED_BODY = 16 * 1024;
/** The longest sentence an event keeps. */
const MAX_TEXT = 2000;
/** One request of the flow waits at most this long for its answer. */
const AUTH_REQUEST_TIMEOUT_MS = 30_000;

export interface OAuthHostOptions {
  record: (event: UnstampedEvent) => void;
  store: TokenStore;
  browser: BrowserStep;
  /** Plain http:// authorization servers (a local one under test); https only otherwise. Default: allowed. */
  allowHttp?: boolean;
  /**
   * A credential of the client's own (client credentials, a workload's token, an enterprise IdP's
   * ID token): its flows use that extension grant instead of the authorization code flow. Given
   * by the CLI or the conformance client, never from a connection's config, so its keys and
   * assertions never sit in what the journal records of the config.
   */
  extension?: ExtensionGrant;
}

export interface ConnAuthRequest {
  conn: string;
  /** The MCP exchange that met the challenge. */
  req?: string;
  /** Groups the flow's events with the challenge and the retry around it (a new one when absent). */
  run?: string;
  serverUrl: string;
  settings: NonNullable<HttpServerConfig['oauth']>;
  challenge?: BearerChallenge;
  revision: AuthRevision;
  /** Scopes asked for before on this connection (a step-up asks for their union with the new ones). */
  previousScopes?: readonly string[];
  /** The token the server just refused, if any. */
  refusedToken?: string;
  /** Told every secret the flow meets (tokens, the client secret) before anything of it is recorded. */
  addSecret: (value: string) => void;
  /** Values already secret on the connection. */
  secrets: () => readonly string[];
}

export type ConnAuthResult =
  { ok: true; accessToken: string; scopes: string[]; key: GrantKey; dpop?: DpopKey } | { ok: false; reason: string };

interface Held {
  conn: string;
  resolve: (decision: { cancel: boolean; edit?: { url?: string; headers?: Record<string, string>; body?: string } }) => void;
}

export class FlowCancelled extends Error {}

export class OAuthHost {
  /** Clients registered per issuer, for the rest of the run. */
  private readonly registrations = new Map<string, RegisteredClient>();
  private readonly held = new Map<string, Held>();
  /** The grant each connection holds, so `auth-forget` for a connection knows what to forget. */
  private readonly keys = new Map<string, GrantKey>();

  constructor(private readonly options: OAuthHostOptions) {}

  /** Runs the flow for a connection: resolves with the access token, or why there is none. */
  async authorize(request: ConnAuthRequest): Promise<ConnAuthResult> {
    const run = request.run ?? randomUUID();
    const { conn, settings } = request;
    // A server's words (an error_description) reach the text: a sentence, not a page of them.
    const record = (event: Omit<AuthEvent, 'seq' | 't' | 'kind' | 'run' | 'conn'>): void =>
      this.options.record({
        kind: 'auth',
        conn,
        run,
        ...(request.req === undefined ? {} : { req: request.req }),
        ...event,
        text: event.text.length > MAX_TEXT ? `${event.text.slice(0, MAX_TEXT)}…` : event.text,
      });
    if (settings.clientSecret !== undefined && settings.clientSecret.length > 0) request.addSecret(settings.clientSecret);
    const extension = this.options.extension;
    if (extension !== undefined) for (const value of extensionSecrets(extension)) if (value.length > 0) request.addSecret(value);
    const perform = (step: AuthStep, http: AuthHttpRequest): Promise<Response> => this.perform(conn, run, step, http, request, record);
    try {
      const result = await runAuthFlow({
        serverUrl: request.serverUrl,
        revision: request.revision,
        ...(request.challenge === undefined ? {} : { challenge: request.challenge }),
        settings: {
          ...(settings.clientId === undefined ? {} : { clientId: settings.clientId }),
          ...(settings.clientSecret === undefined ? {} : { clientSecret: settings.clientSecret }),
          ...(settings.tokenEndpointAuthMethod === undefined ? {} : { tokenEndpointAuthMethod: settings.tokenEndpointAuthMethod }),
          ...(settings.clientMetadataUrl === undefined ? {} : { clientMetadataUrl: settings.clientMetadataUrl }),
          ...(settings.scope === undefined ? {} : { scope: settings.scope }),
        },
        ...(request.previousScopes === undefined ? {} : { previousScopes: request.previousScopes }),
        ...(request.refusedToken === undefined ? {} : { refusedToken: request.refusedToken }),
        perform,
        report: (step, phase, text, spec) =>
          record({ step, phase, text: this.mask(text, request), ...(spec === undefined ? {} : { spec }) }),
        redirectUri: () => this.options.browser.redirectUri(),
        authorize: async (url, state) => {
          const answer = await this.options.browser.authorize(url, state, (authorizationUrl) =>
            record({
              step: 'authorization',
              phase: 'waiting',
              text: 'waiting for the user to authorize in the browser',
              authorizationUrl,
            }),
          );
          // What reached the redirect URI is a row of its own (its code masked): a check can see
          // which parameters came back (an `iss`, an error) without trusting the flow's words.
          if (answer.ok) {
            for (const [name, value] of answer.params) if (name === 'code' && value.length > 0) request.addSecret(value);
            const back = new URL(await this.options.browser.redirectUri());
            back.search = answer.params.toString();
            record({
              step: 'callback',
              phase: 'response',
              text: 'the browser came back to the redirect URI',
              http: { method: 'GET', url: maskAuthUrl(back.href, request.secrets()), headers: {} },
            });
          }
          return answer;
        },
        registrations: this.registrations,
        storedGrant: (issuer, resource) => this.options.store.get({ issuer, resource }),
        allowHttp: this.options.allowHttp ?? true,
        ...(extension === undefined ? {} : { extension }),
      });
      if (!result.ok) return { ok: false, reason: `${result.step}: ${result.reason}` };
      this.learnGrant(result.grant, request);
      const key = { issuer: result.issuer, resource: result.resource };
      this.options.store.put(key, result.grant, settings.remember === true);
      this.keys.set(conn, key);
      return { ok: true, accessToken: result.grant.accessToken, scopes: result.scopes, key, ...(result.dpop ? { dpop: result.dpop } : {}) };
    } catch (error) {
      const reason = error instanceof FlowCancelled ? 'the flow was cancelled' : `the flow broke off: ${(error as Error).message}`;
      record({ step: 'authorization', phase: 'failed', text: this.mask(reason, request) });
      return { ok: false, reason };
    }
  }

  /** A token kept for this server from before (memory or remembered), for the connection's first request. */
  storedToken(conn: string, key: GrantKey): string | undefined {
    const grant = this.options.store.get(key);
    if (grant === undefined) return undefined;
    if (grant.expiresAt !== undefined && grant.expiresAt <= Date.now()) return undefined;
    this.keys.set(conn, key);
    return grant.accessToken;
  }

  /** `auth-step`: lets the held request of `run` go, edited or as it is, or cancels the flow. */
  step(
    conn: string,
    run: string,
    decision: { cancel?: boolean; edit?: { url?: string; headers?: Record<string, string>; body?: string } },
  ): boolean {
    const held = this.held.get(run);
    if (held?.conn !== conn) return false;
    this.held.delete(run);
    held.resolve({ cancel: decision.cancel === true, ...(decision.edit === undefined ? {} : { edit: decision.edit }) });
    return true;
  }

  /** `auth-forget`: the grants of a connection's server, or all of them. */
  forget(conn?: string): number {
    if (conn === undefined) {
      this.keys.clear();
      return this.options.store.forget();
    }
    const key = this.keys.get(conn);
    if (key === undefined) return 0;
    this.keys.delete(conn);
    return this.options.store.forget(key);
  }

  /** Cancels what a connection's flows hold (the connection closed). */
  release(conn: string): void {
    for (const [run, held] of this.held) if (held.conn === conn) this.step(conn, run, { cancel: true });
  }

  close(): void {
    for (const [run, held] of this.held) this.step(held.conn, run, { cancel: true });
    this.options.browser.close?.();
  }

  private mask(text: string, request: ConnAuthRequest): string {
    return maskBody(text, request.secrets()) ?? text;
  }

  private learnGrant(grant: Grant, request: ConnAuthRequest): void {
    for (const value of [grant.accessToken, grant.refreshToken, grant.clientSecret])
      if (value !== undefined && value !== '') request.addSecret(value);
  }

  private async perform(
    conn: string,
    run: string,
    step: AuthStep,
    initial: AuthHttpRequest,
    request: ConnAuthRequest,
    record: (event: Omit<AuthEvent, 'seq' | 't' | 'kind' | 'run' | 'conn'>) => void,
  ): Promise<Response> {
    let http = initial;
    for (const value of secretsIn(http.body)) request.addSecret(value);
    const stepByStep = request.settings.stepByStep === true;
    record({
      step,
      phase: 'request',
      text: `${http.method} ${maskAuthUrl(http.url, request.secrets())}`,
      http: this.recordedRequest(http, request),
      ...(stepByStep ? { held: true } : {}),
    });
    if (stepByStep) {
      const decision = await new Promise<Parameters<Held['resolve']>[0]>((resolve) => this.held.set(run, { conn, resolve }));
      if (decision.cancel) throw new FlowCancelled('cancelled');
      if (decision.edit) {
        // The user edited what was shown, masked: a value left masked is the held one, unchanged.
        http = keepMasked(http, this.recordedRequest(http, request), decision.edit);
        for (const value of secretsIn(http.body)) request.addSecret(value);
        record({
          step,
          phase: 'info',
          text: `sent as edited: ${http.method} ${maskAuthUrl(http.url, request.secrets())}`,
          http: this.recordedRequest(http, request),
        });
      }
    }
    let response: Response;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), AUTH_REQUEST_TIMEOUT_MS);
    let text: string;
    try {
      response = await fetch(http.url, {
        method: http.method,
        headers: http.headers,
        ...(http.body === undefined ? {} : { body: http.body }),
        redirect: 'manual',
        signal: controller.signal,
      });
      text = await readText(response);
    } catch (error) {
      const e = error as Error & { cause?: { code?: string; message?: string } };
      const why = controller.signal.aborted
        ? `no answer within ${AUTH_REQUEST_TIMEOUT_MS} ms`
        : (e.cause?.code ?? e.cause?.message ?? e.message);
      record({
        step,
        phase: 'failed',
        text: this.mask(`${http.method} ${maskAuthUrl(http.url, request.secrets())} got no answer: ${why}`, request),
      });
      throw error;
    } finally {
      clearTimeout(timer);
    }
    for (const value of secretsIn(text)) request.addSecret(value);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    record({
      step,
      phase: 'response',
      text: `HTTP ${response.status}`,
      status: response.status,
      http: {
        method: http.method,
        url: maskAuthUrl(http.url, request.secrets()),
        headers: maskAuthHeaders(headers, request.secrets()),
        ...(text === '' ? {} : { body: clip(maskBody(text, request.secrets()) ?? '') }),
      },
    });
    const nullBody = response.status === 204 || response.status === 205 || response.status === 304;
    return new Response(nullBody ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  private recordedRequest(http: AuthHttpRequest, request: ConnAuthRequest): NonNullable<AuthEvent['http']> {
    const body = maskBody(http.body, request.secrets());
    return {
      method: http.method,
      url: maskAuthUrl(http.url, request.secrets()),
      headers: maskAuthHeaders(http.headers, request.secrets()),
      ...(body === undefined ? {} : { body: clip(body) }),
    };
  }
}

function clip(text: string): string {
  return text.length > MAX_RECORDED_BODY ? `${text.slice(0, MAX_RECORDED_BODY)}… (${text.length} characters)` : text;
}

async function readText(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > MAX_AUTH_BODY) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`the answer is larger than ${MAX_AUTH_BODY} bytes`);
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString('utf8');
}
