/**
 * HTTP connections: the bridge's side of Streamable HTTP. It never reads MCP. For each
 * connection it holds the URL and the connection's own headers (a bearer token among them) in
 * memory only, performs the requests the engine asks for (method, the engine's headers, the
 * body), and records everything: the request with its headers masked, the body as a stdin line,
 * the response's status and headers, each server-sent event (its id) and its data as a stdout
 * line, or a JSON body as one, and how the exchange ended. A redirect is recorded and never
 * followed, so the headers never reach another address; a request waits at most the
 * connection's timeout for its response headers (a JSON body, for its whole body).
 */
import { randomUUID } from 'node:crypto';
import type { Eol, HttpErrorCode, HttpMethod, HttpServerConfig, StopReason, UnstampedEvent } from '../protocol/envelope.js';
import { maskHeaders, maskText, maskUrl, redactHttpConfig } from '../protocol/redact.js';
import { lineEvent, type LineStream } from './lineRecord.js';
import { SseParser } from './sseParser.js';
import { bearerChallenge, type BearerChallenge } from '../protocol/oauth/challenge.js';
import { dpopChallenge, type DpopKey } from '../protocol/oauth/dpop.js';
import { MAX_AUTHORIZATIONS_PER_REQUEST, union } from '../protocol/oauth/scopes.js';
import { authRevision, specRef } from '../protocol/oauth/spec.js';
import type { OAuthHost } from './oauth/oauthHost.js';
import { maskAuthHeaders, maskBody } from './oauth/mask.js';

export const DEFAULT_HTTP_TIMEOUT_MS = 30_000;
/** The errors of a request whose connection closed after it went out: the server may have read it. */
const CLOSED_UNDER_US = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/** A body that is not a stream is held whole before it is recorded; past this it is refused. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** One server-sent event (or one line of it) is held whole until it ends; past this the stream is closed. */
export const MAX_SSE_EVENT_BYTES = 64 * 1024 * 1024;

export interface HttpHostOptions {
  record: (event: UnstampedEvent) => void;
  recordLine?: (conn: string, stream: LineStream, bytes: Buffer, eol: Eol) => void;
  /** How long a stop waits for exchanges that are not streams (a DELETE) before aborting them. */
  graceMs?: number;
  /** The largest server-sent event kept (default MAX_SSE_EVENT_BYTES). */
  maxEventBytes?: number;
  /** The OAuth client: a 401 with a Bearer challenge runs its flow (unless the connection says otherwise). */
  oauth?: OAuthHost;
  /** Told every secret a connection comes to hold after it opened (a token the flow obtained). */
  onSecret?: (value: string) => void;
}

export interface HttpRequestInput {
  req: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body?: Buffer;
  /** Another URL on the connection's own origin (an older server's message endpoint); the connection's URL when absent. */
  url?: string;
}

interface Exchange {
  controller: AbortController;
  /** Reading an SSE stream: a stop ends it at once. */
  streaming: boolean;
  /** Why it was aborted (ours), once it was. */
  abortedFor?: { code: HttpErrorCode; message: string };
  /**
   * The body's reader, once reading. An abort cancels it too: a read pending when the server
   * closed the socket at the moment of the abort was seen to never settle.
   */
  reader?: ReadableStreamDefaultReader<Uint8Array>;
  done: Promise<void>;
}

interface Conn {
  config: HttpServerConfig;
  /** Values masked wherever they would be recorded (the token, marked values, secret header values). */
  secrets: string[];
  alive: boolean;
  exchanges: Map<string, Exchange>;
  stopping?: Promise<void>;
  /** What the OAuth client obtained for this connection. */
  auth: ConnAuth;
}

interface ConnAuth {
  token?: string;
  /** Scopes asked for so far (a step-up asks for their union with the challenge's). */
  scopes: string[];
  /** The flow under way: a second 401 meanwhile waits for it instead of starting another. */
  flow?: Promise<boolean>;
  /** The key a DPoP-bound token is bound to: each request then carries a fresh proof. */
  dpop?: DpopKey;
}

/** Shorter values would mangle messages and are no secret worth hiding there. */
const MIN_MASKED = 4;

export class HttpHost {
  private readonly conns = new Map<string, Conn>();
  private readonly recordLine: (conn: string, stream: LineStream, bytes: Buffer, eol: Eol) => void;
  private readonly graceMs: number;
  private readonly maxEventBytes: number;
  private shuttingDown = false;

  constructor(private readonly options: HttpHostOptions) {
    this.recordLine = options.recordLine ?? ((conn, stream, bytes, eol) => options.record(lineEvent(conn, stream, bytes, eol)));
    this.graceMs = options.graceMs ?? 2000;
    this.maxEventBytes = options.maxEventBytes ?? MAX_SSE_EVENT_BYTES;
  }

  has(conn: string): boolean {
    return this.conns.has(conn);
  }

  isAlive(conn: string): boolean {
    return this.conns.get(conn)?.alive ?? false;
  }

  liveConns(): string[] {
    return [...this.conns].filter(([, c]) => c.alive).map(([conn]) => conn);
  }

  /** Opens a connection: nothing is sent until the engine asks; the config is journaled masked. */
  open(conn: string, config: HttpServerConfig, label?: string): void {
    const { config: redacted, redactions } = redactHttpConfig(config);
    const secrets = redactions.flatMap((r) => (r.secret !== undefined && r.secret.length >= MIN_MASKED ? [r.secret] : []));
    const clientSecret = config.oauth?.clientSecret;
    if (clientSecret !== undefined && clientSecret.length >= MIN_MASKED) secrets.push(clientSecret);
    const fail = (code: string, message: string): void =>
      this.options.record({ kind: 'spawn-error', conn, config: redacted, code, message });
    if (this.shuttingDown) return fail('ESHUTDOWN', 'not opened: the bridge is stopping');
    let url: URL;
    try {
      url = new URL(config.url);
    } catch {
      return fail('EINVAL', `not a URL: ${redacted.url}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('EINVAL', `not an http:// or https:// URL: ${redacted.url}`);
    this.conns.set(conn, { config, secrets, alive: true, exchanges: new Map(), auth: { scopes: [] } });
    this.options.record({ kind: 'spawn', conn, config: redacted, ...(label === undefined ? {} : { label }) });
  }

  /** Performs one request; every outcome is recorded, ending in one `end` or `error` event. */
  request(conn: string, input: HttpRequestInput): void {
    const state = this.conns.get(conn);
    const { req } = input;
    const error = (code: HttpErrorCode, message: string): void =>
      this.options.record({ kind: 'http', conn, req, phase: 'error', code, message: state ? this.mask(state, message) : message });
    if (!state?.alive) return error('not-open', 'not sent: the connection is not open');
    if (state.exchanges.has(req)) return error('not-open', `not sent: exchange ${req} is still under way`);
    const url = input.url ?? state.config.url;
    // The connection's headers (a token) go to its own origin only, whatever the engine asks.
    if (!sameOrigin(url, state.config.url))
      return error('not-open', `not sent: ${maskUrl(url, state.secrets)} is not on the connection's origin (its headers go there only)`);
    // A new connection for every request, closed after its response: a request never goes out on
    // a kept-alive connection the server is closing as idle, so none is ever sent twice.
    const headers = this.withToken(state, { ...mergeHeaders(input.headers, state.config.headers), Connection: 'close' });
    this.options.record({
      kind: 'http',
      conn,
      req,
      phase: 'request',
      method: input.method,
      url: maskUrl(url, state.secrets),
      headers: maskHeaders(headers, state.secrets),
    });
    if (input.body !== undefined) this.recordLine(conn, 'stdin', input.body, '');
    const exchange: Exchange = { controller: new AbortController(), streaming: false, done: Promise.resolve() };
    state.exchanges.set(req, exchange);
    exchange.done = this.perform(conn, state, { ...input, url }, headers, exchange).finally(() => state.exchanges.delete(req));
  }

  /** Drops the tokens the OAuth client obtained for a connection (or every connection): the next 401 asks again. */
  forgetAuth(conn?: string): void {
    for (const [id, state] of this.conns) if (conn === undefined || id === conn) state.auth = { scopes: [] };
  }

  /** Stops reading an exchange (a cancel, a stream the engine closes); recorded as `aborted`. */
  abort(conn: string, req: string, reason: string): void {
    const exchange = this.conns.get(conn)?.exchanges.get(req);
    if (exchange) this.abortFor(exchange, reason);
  }

  /**
   * Closes a connection: its streams at once, other exchanges (the DELETE that ends a session)
   * after at most the grace time; then the `exit` that says it is closed.
   */
  stop(conn: string, _reason: StopReason = 'user'): Promise<void> {
    const state = this.conns.get(conn);
    if (!state?.alive) return Promise.resolve();
    state.stopping ??= (async () => {
      for (const exchange of state.exchanges.values()) if (exchange.streaming) this.abortFor(exchange, 'the connection was closed');
      const rest = [...state.exchanges.values()];
      if (rest.length > 0) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          Promise.all(rest.map((e) => e.done)),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, this.graceMs))),
        ]);
        clearTimeout(timer);
        for (const exchange of state.exchanges.values()) this.abortFor(exchange, 'the connection was closed');
        await Promise.all([...state.exchanges.values()].map((e) => e.done));
      }
      state.alive = false;
      this.options.record({ kind: 'exit', conn, code: null, signal: null, requested: true });
    })();
    return state.stopping;
  }

  async stopAll(reason: StopReason = 'user'): Promise<void> {
    await Promise.all([...this.conns.keys()].map((conn) => this.stop(conn, reason)));
  }

  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    await this.stopAll('shutdown');
  }

  private abortFor(exchange: Exchange, message: string): void {
    if (exchange.abortedFor) return;
    exchange.abortedFor = { code: 'aborted', message };
    exchange.controller.abort();
    exchange.reader?.cancel().catch(() => undefined);
  }

  private mask(state: Conn, text: string): string {
    return maskText(text, state.secrets).text;
  }

  private async perform(
    conn: string,
    state: Conn,
    input: HttpRequestInput & { url: string },
    headers: Record<string, string>,
    exchange: Exchange,
  ): Promise<void> {
    const { req } = input;
    const record = this.options.record;
    const timeoutMs = state.config.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
    let timedOut: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut ??= exchange.streaming
          ? `no response within ${timeoutMs} ms`
          : `no response (or not the whole body) within ${timeoutMs} ms`;
        exchange.controller.abort();
        exchange.reader?.cancel().catch(() => undefined);
      }, timeoutMs);
    };
    arm();
    const error = (code: HttpErrorCode, message: string): void =>
      record({ kind: 'http', conn, req, phase: 'error', code, message: this.mask(state, message) });
    /** Why the exchange stopped, when it was not the server's doing. */
    const stopped = (): { code: HttpErrorCode; message: string } | undefined =>
      exchange.abortedFor ?? (timedOut === undefined ? undefined : { code: 'timeout', message: timedOut });
    try {
      let response: Response;
      let authorizations = 0;
      let nonceRetried = false;
      for (;;) {
        await this.prove(state, input.method, input.url, headers);
        try {
          response = await fetch(input.url, {
            method: input.method,
            headers,
            ...(input.body === undefined ? {} : { body: new Uint8Array(input.body) }),
            redirect: 'manual',
            signal: exchange.controller.signal,
          });
        } catch (cause) {
          const why = stopped();
          if (why) return error(why.code, why.message);
          const e = cause as Error & { cause?: { code?: string; message?: string } };
          // fetch rejects a header it cannot send (a line break in a value) before anything goes out.
          if (e.name === 'TypeError' && e.message !== 'fetch failed') return error('not-open', `not sent: ${e.message}`);
          const detail = e.cause?.code ?? e.cause?.message ?? e.message;
          // The request went out and the connection closed before any answer: the server may have
          // read it and done the work, so it is never sent again here; the user may send it again.
          if (CLOSED_UNDER_US.has(e.cause?.code ?? ''))
            return error(
              'network',
              `the connection closed before any answer (${detail}): the server may have read the request, so it was not sent again`,
            );
          return error('refused', `could not reach ${maskUrl(state.config.url, state.secrets)}: ${detail}`);
        }
        if (!nonceRetried && (await this.dpopNonce(conn, req, state, input.url, response))) {
          // RFC 9449 §9: the server gave a nonce for the proof; the same request goes once more with it.
          nonceRetried = true;
          await response.body?.cancel().catch(() => undefined);
          continue;
        }
        const challenge = await this.challengeOf(state, response);
        if (challenge === undefined) break;
        // One run groups the challenge, the flow's steps and the retry.
        const run = randomUUID();
        if (authorizations >= MAX_AUTHORIZATIONS_PER_REQUEST) {
          this.options.record({
            kind: 'auth',
            conn,
            run,
            req,
            step: 'challenge',
            phase: 'failed',
            status: response.status,
            text: `the server still answers HTTP ${response.status} after ${authorizations} authorizations: no more are tried for this request`,
            spec: specRef(
              authRevision(protocolVersionOf(headers)),
              'scope-challenge',
              'Clients SHOULD limit how often they retry authorization for one request, so a scope that never satisfies the server does not loop.',
            ),
          });
          break;
        }
        // The server asks for authorization: the exchange stays open (its timer paused) while
        // the flow runs, and the same request goes again with the token, under the same id.
        const text = await readWhole(response, exchange);
        clearTimeout(timer);
        const body = typeof text === 'string' ? '' : text.toString('utf8');
        this.options.record({
          kind: 'auth',
          conn,
          run,
          req,
          step: 'challenge',
          phase: 'info',
          status: response.status,
          text: this.mask(
            state,
            `HTTP ${response.status}: ${challenge.error ?? 'authorization required'}${challenge.scope === undefined ? '' : `, scope ${challenge.scope}`}`,
          ),
          http: {
            method: input.method,
            url: maskUrl(input.url, state.secrets),
            headers: maskAuthHeaders(Object.fromEntries(response.headers), state.secrets),
            ...(body === '' ? {} : { body: clipBody(maskBody(body, state.secrets) ?? '') }),
          },
        });
        authorizations++;
        const authorized = await this.authorize(
          conn,
          state,
          req,
          run,
          headers,
          challenge,
          response.status === 403,
          exchange.controller.signal,
        );
        const why = stopped();
        if (why) return error(why.code, why.message);
        if (!authorized) {
          arm();
          response = new Response(body === '' ? null : body, { status: response.status, headers: response.headers });
          break;
        }
        arm();
        const token = state.auth.token ?? '';
        for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name];
        headers.Authorization = `${state.auth.dpop ? 'DPoP' : 'Bearer'} ${token}`;
        this.options.record({
          kind: 'auth',
          conn,
          run,
          req,
          step: 'retry',
          phase: 'request',
          text: `${input.method} ${maskUrl(input.url, state.secrets)} again with the access token`,
          http: { method: input.method, url: maskUrl(input.url, state.secrets), headers: maskHeaders(headers, state.secrets) },
        });
      }
      const responseHeaders = maskHeaders(Object.fromEntries(response.headers), state.secrets);
      const contentType = mediaType(response.headers.get('content-type'));
      const responseEvent = (): void =>
        record({
          kind: 'http',
          conn,
          req,
          phase: 'response',
          status: response.status,
          headers: responseHeaders,
          ...(contentType === undefined ? {} : { contentType }),
        });
      if (response.status >= 300 && response.status < 400) {
        responseEvent();
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        return error(
          'redirect',
          `HTTP ${response.status}${location === null ? '' : ` to ${maskUrl(location, state.secrets)}`}: not followed (the connection's headers go to its own address only)`,
        );
      }
      if (contentType === 'text/event-stream' && response.status < 300) {
        exchange.streaming = true;
        clearTimeout(timer);
        responseEvent();
        return await this.readStream(conn, state, req, response, exchange);
      }
      const whole = await readWhole(response, exchange);
      clearTimeout(timer);
      const why = stopped();
      if (why) return error(why.code, why.message);
      if (typeof whole === 'string') return error('network', this.bodyProblem(whole));
      const body = whole;
      responseEvent();
      // 202 Accepted says the message was taken and carries no message (an older server's
      // POST answers "Accepted"): its bytes are counted, not recorded as the server's words.
      if (response.status === 202) {
        record({ kind: 'http', conn, req, phase: 'end', how: 'complete', bytes: body.length });
        return;
      }
      if (body.length > 0) this.recordLine(conn, 'stdout', body, '');
      // A successful answer must be JSON or a stream; an error status may carry any page.
      if (body.length > 0 && response.status < 300 && contentType !== 'application/json')
        return error('content-type', `the body is ${contentType ?? 'of no stated type'}, not application/json or text/event-stream`);
      record({ kind: 'http', conn, req, phase: 'end', how: 'complete', bytes: body.length });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Whether the OAuth client may act on this connection: on, and no Authorization of the user's own. */
  private oauthApplies(state: Conn): boolean {
    if (!this.options.oauth || state.config.oauth?.enabled === false) return false;
    return !Object.keys(state.config.headers).some((name) => name.toLowerCase() === 'authorization');
  }

  /** The request's headers with the token the flow obtained, where the OAuth client acts. */
  private withToken(state: Conn, headers: Record<string, string>): Record<string, string> {
    if (state.auth.token === undefined || !this.oauthApplies(state)) return headers;
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() !== 'authorization') out[name] = value;
    return { ...out, Authorization: `${state.auth.dpop ? 'DPoP' : 'Bearer'} ${state.auth.token}` };
  }

  /** A DPoP-bound token's fresh proof for this request (RFC 9449 §7.1: htm, htu, ath, a new jti). */
  private async prove(state: Conn, method: string, url: string, headers: Record<string, string>): Promise<void> {
    const token = state.auth.token;
    if (state.auth.dpop === undefined || token === undefined || !this.oauthApplies(state)) return;
    const proof = await state.auth.dpop.proofHeaders(method, url, token);
    for (const name of Object.keys(headers))
      if (name.toLowerCase() === 'authorization' || name.toLowerCase() === 'dpop') delete headers[name];
    headers.Authorization = proof.authorization;
    headers.DPoP = proof.dpop;
  }

  /** Whether a DPoP-bound request was refused for want of the server's nonce, which is then kept for the next proof. */
  private async dpopNonce(conn: string, req: string, state: Conn, url: string, response: Response): Promise<boolean> {
    if (response.status !== 401 || state.auth.dpop === undefined) return false;
    const nonce = response.headers.get('dpop-nonce');
    const challenge = await dpopChallenge(response.status, response.headers.get('www-authenticate'));
    if (nonce === null || challenge?.useNonce !== true) return false;
    await state.auth.dpop.learnNonce(url, nonce);
    this.options.record({
      kind: 'auth',
      conn,
      run: `dpop-nonce-${req}`,
      req,
      step: 'retry',
      phase: 'info',
      status: 401,
      text: 'the server asks for a DPoP nonce (use_dpop_nonce): the request goes again with a proof carrying it',
    });
    return true;
  }

  /**
   * The challenge the flow answers: a 401 with a Bearer challenge, or a 403 insufficient_scope
   * (a step-up), while the request has not met the limit of authorizations.
   */
  private async challengeOf(state: Conn, response: Response): Promise<BearerChallenge | undefined> {
    if (response.status !== 401 && response.status !== 403) return undefined;
    if (!this.oauthApplies(state)) return undefined;
    const wwwAuthenticate = response.headers.get('www-authenticate');
    const challenge = (await bearerChallenge(response.status, wwwAuthenticate)) ?? (await dpopChallenge(response.status, wwwAuthenticate));
    if (challenge === undefined) return undefined;
    if (response.status === 403 && challenge.error !== 'insufficient_scope') return undefined;
    return challenge;
  }

  /**
   * Runs the flow for the connection (or waits for the one under way, when the token it brings
   * is not the one this request was refused with). True when there is a token to try.
   */
  private async authorize(
    conn: string,
    state: Conn,
    req: string,
    run: string,
    headers: Record<string, string>,
    challenge: BearerChallenge,
    stepUp: boolean,
    signal: AbortSignal,
  ): Promise<boolean> {
    const oauth = this.options.oauth;
    if (!oauth) return false;
    const sentWith = Object.entries(headers)
      .find(([name]) => name.toLowerCase() === 'authorization')?.[1]
      .replace(/^Bearer\s+/i, '');
    if (state.auth.flow) await state.auth.flow;
    // Another request's flow brought a token this one was not refused with: try it first.
    if (state.auth.token !== undefined && state.auth.token !== sentWith && !stepUp) return true;
    const settings = state.config.oauth ?? {};
    const version = protocolVersionOf(headers);
    const flow = (async (): Promise<boolean> => {
      const result = await oauth.authorize({
        conn,
        req,
        run,
        serverUrl: state.config.url,
        settings,
        challenge,
        revision: authRevision(version),
        ...(stepUp ? { previousScopes: state.auth.scopes } : {}),
        ...(sentWith === undefined ? {} : { refusedToken: sentWith }),
        addSecret: (value) => {
          if (value.length >= MIN_MASKED && !state.secrets.includes(value)) state.secrets.push(value);
          this.options.onSecret?.(value);
        },
        secrets: () => state.secrets,
      });
      if (!result.ok) return false;
      state.auth.token = result.accessToken;
      if (result.dpop) state.auth.dpop = result.dpop;
      else delete state.auth.dpop;
      state.auth.scopes = union(state.auth.scopes, result.scopes);
      return true;
    })();
    state.auth.flow = flow;
    // A stop (or an abort) does not wait for a user who may never come back from the browser.
    const aborted = new Promise<boolean>((resolve) => {
      if (signal.aborted) resolve(false);
      else signal.addEventListener('abort', () => resolve(false), { once: true });
    });
    try {
      return await Promise.race([flow, aborted]);
    } finally {
      if (state.auth.flow === flow) delete state.auth.flow;
    }
  }

  private bodyProblem(problem: string): string {
    return problem === 'too-large' ? `the body is larger than ${MAX_BODY_BYTES} bytes: not kept` : `the body broke off: ${problem}`;
  }

  private async readStream(conn: string, state: Conn, req: string, response: Response, exchange: Exchange): Promise<void> {
    const record = this.options.record;
    const parser = new SseParser(this.maxEventBytes);
    let bytes = 0;
    const reader = response.body?.getReader();
    if (!reader) {
      record({ kind: 'http', conn, req, phase: 'end', how: 'complete', bytes: 0 });
      return;
    }
    exchange.reader = reader;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        for (const event of parser.push(Buffer.from(value.buffer, value.byteOffset, value.length))) {
          record({
            kind: 'http',
            conn,
            req,
            phase: 'sse-event',
            ...(event.id === undefined ? {} : { id: event.id }),
            ...(event.event === undefined ? {} : { event: event.event }),
            ...(event.retry === undefined ? {} : { retry: event.retry }),
            size: event.data.length,
          });
          if (event.data.length > 0) this.recordLine(conn, 'stdout', event.data, '');
        }
        if (parser.overflowed) {
          // What was held of the event is already dropped (the parser let go of it).
          exchange.abortedFor ??= {
            code: 'network',
            message: `a server-sent event grew past ${this.maxEventBytes} bytes without ending: the stream was closed and the event dropped`,
          };
          await reader.cancel().catch(() => undefined);
          break;
        }
      }
    } catch (cause) {
      const why = exchange.abortedFor;
      const message = why ? why.message : `the stream broke off${parser.inEvent ? ' inside an event' : ''}: ${describeCause(cause)}`;
      record({ kind: 'http', conn, req, phase: 'error', code: why ? why.code : 'network', message: this.mask(state, message) });
      return;
    }
    // A cancelled reader ends as if the body had: it was ours.
    const why = exchange.abortedFor;
    if (why) record({ kind: 'http', conn, req, phase: 'error', code: why.code, message: this.mask(state, why.message) });
    else record({ kind: 'http', conn, req, phase: 'end', how: parser.inEvent ? 'cut' : 'complete', bytes });
  }
}

/** The engine's headers, then the connection's own (which win, whatever the case of their names). */
export function mergeHeaders(engine: Readonly<Record<string, string>>, own: Readonly<Record<string, string>>): Record<string, string> {
  const ownNames = new Set(Object.keys(own).map((n) => n.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(engine)) if (!ownNames.has(name.toLowerCase())) out[name] = value;
  return { ...out, ...own };
}

/** A challenge's body in the authorization lane: enough to read, never the whole of a large page. */
function clipBody(text: string): string {
  return text.length > 16 * 1024 ? `${text.slice(0, 16 * 1024)}… (${text.length} characters)` : text;
}

function protocolVersionOf(headers: Readonly<Record<string, string>>): string | undefined {
  return Object.entries(headers).find(([name]) => name.toLowerCase() === 'mcp-protocol-version')?.[1];
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** `Application/JSON; charset=utf-8` -> `application/json`. */
export function mediaType(header: string | null): string | undefined {
  if (header === null) return undefined;
  const type = header.split(';')[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}

async function readWhole(response: Response, exchange: Exchange): Promise<Buffer | string> {
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  exchange.reader = reader;
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => undefined);
        return 'too-large';
      }
      parts.push(value);
    }
  } catch (cause) {
    return describeCause(cause);
  }
  return Buffer.concat(parts);
}

function describeCause(cause: unknown): string {
  const e = cause as Error & { cause?: { code?: string; message?: string } };
  const inner = e.cause?.code ?? e.cause?.message;
  return inner === undefined ? (e.message ?? String(cause)) : `${e.message} (${inner})`;
}
