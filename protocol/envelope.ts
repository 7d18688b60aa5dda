/**
 * The bridge <-> browser envelope. The bridge records and relays; it never reads MCP.
 * Every recorded thing is a BridgeEvent with a per-session sequence number (`seq`) and a
 * monotonic time (`t`, milliseconds). Commands flow the other way as ClientCommands.
 * Both sides safeParse every frame they receive with the schemas below.
 */
import { z } from 'zod';

/**
 * What the user asks the bridge to launch: a stdio server. No shell is ever involved.
 * `transport` is absent in every config written before HTTP connections existed.
 */
export const serverConfigSchema = z.object({
  transport: z.literal('stdio').optional(),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
  /** Hand the server the bridge's whole environment, not only the safe list (bridge/serverEnv.ts). */
  inheritEnv: z.boolean().optional(),
  /** Values the user marked as secret: redacted wherever they occur in what is journaled; never journaled. */
  secrets: z.array(z.string()).optional(),
});
/** A stdio server's config (the name every caller used before HTTP connections). */
export type ServerConfig = z.infer<typeof serverConfigSchema>;
export type ServerConfigInput = z.input<typeof serverConfigSchema>;

/** The methods the bridge performs for an HTTP connection (Streamable HTTP uses no other). */
export const httpMethodSchema = z.enum(['POST', 'GET', 'DELETE']);
export type HttpMethod = z.infer<typeof httpMethodSchema>;

/**
 * A remote server over Streamable HTTP. The bridge keeps `headers` (a bearer token among them)
 * in memory only: what it journals has them masked (protocol/redact.ts, redactHttpConfig).
 */
export const httpServerConfigSchema = z.object({
  transport: z.literal('http'),
  url: z
    .string()
    .min(1)
    .refine((u) => /^https?:\/\//i.test(u), { message: 'an http:// or https:// URL' }),
  /** Sent on every request, after the ones the engine chose (so `Authorization` is the user's). */
  headers: z.record(z.string(), z.string()).default({}),
  /** Values the user marked as secret: masked wherever they occur in what is journaled. */
  secrets: z.array(z.string()).optional(),
  /** How long a request may wait for its response headers (and a JSON body). Default 30 s. */
  timeoutMs: z.number().int().positive().max(3_600_000).optional(),
  /**
   * The OAuth client (the authorization page of the MCP spec). Absent or present, a 401 with
   * `WWW-Authenticate: Bearer` starts the flow unless the user set an Authorization header;
   * `enabled: false` turns it off. `clientSecret` is a secret: held in memory, masked everywhere.
   */
  oauth: z
    .object({
      enabled: z.boolean().optional(),
      /** A pre-registered client: used instead of a client ID metadata document or registration. */
      clientId: z.string().max(2000).optional(),
      clientSecret: z.string().max(4000).optional(),
      tokenEndpointAuthMethod: z.enum(['client_secret_basic', 'client_secret_post', 'none']).optional(),
      /** An https URL serving this client's metadata document (used as client_id where the server supports it). */
      clientMetadataUrl: z.string().max(2000).optional(),
      /** Scopes to ask for instead of the ones the spec's order picks (space-separated). */
      scope: z.string().max(4000).optional(),
      /** Keep the tokens under the MCP Lens home (owner-only) for the next connection to this server. */
      remember: z.boolean().optional(),
      /** Walk the flow one step at a time: each request waits for an `auth-step` command (which may edit it). */
      stepByStep: z.boolean().optional(),
    })
    .optional(),
});
export type HttpServerConfig = z.infer<typeof httpServerConfigSchema>;
export type HttpServerConfigInput = z.input<typeof httpServerConfigSchema>;

/** Any connection's config: a stdio server (transport absent or 'stdio') or an HTTP one. */
export const connectionConfigSchema = z.union([serverConfigSchema, httpServerConfigSchema]);
export type ConnectionConfig = z.infer<typeof connectionConfigSchema>;
export type ConnectionConfigInput = z.input<typeof connectionConfigSchema>;

export function isHttpConfig<C extends { transport?: string | undefined }>(config: C): config is Extract<C, { transport: 'http' }> {
  return config.transport === 'http';
}

export const streamSchema = z.enum(['stdin', 'stdout', 'stderr']);
export type Stream = z.infer<typeof streamSchema>;

/** How a recorded line ended on the wire; '' marks a last line cut off by the process exit. */
export const eolSchema = z.enum(['\n', '\r\n', '']);
export type Eol = z.infer<typeof eolSchema>;

const stamp = {
  seq: z.number().int().nonnegative(),
  /** Monotonic milliseconds: never goes back within a bridge run; epoch-aligned at start. */
  t: z.number(),
  /** The server connection this event belongs to (absent for bridge-wide events). */
  conn: z.string().optional(),
};

/**
 * One line on one stream. `text` when the bytes are valid UTF-8, `b64` when they are not,
 * so the exact bytes are always recoverable: bytes(text|b64) + eol.
 */
export const lineEventSchema = z
  .object({
    ...stamp,
    kind: z.literal('line'),
    stream: streamSchema,
    text: z.string().optional(),
    b64: z.string().optional(),
    eol: eolSchema,
    /** Byte length of the line without its terminator. */
    size: z.number().int().nonnegative(),
  })
  .refine((e) => (e.text === undefined) !== (e.b64 === undefined), {
    message: 'a line carries exactly one of text or b64',
  });

export const redactedConfigSchema = z.object({
  transport: z.literal('stdio').optional(),
  command: z.string(),
  args: z.array(z.string()),
  /** Env values are never journaled: keys only, values replaced by a fixed marker. */
  env: z.record(z.string(), z.string()),
  cwd: z.string().optional(),
});
export type RedactedConfig = z.infer<typeof redactedConfigSchema>;

export const redactedHttpConfigSchema = z.object({
  transport: z.literal('http'),
  /** Credentials in the URL (a password, a `?token=`) masked. */
  url: z.string(),
  /** Credential-named headers (`Authorization` keeps its scheme) and marked values masked. */
  headers: z.record(z.string(), z.string()),
  timeoutMs: z.number().int().positive().optional(),
  /** The OAuth settings, `clientSecret` masked. */
  oauth: z.record(z.string(), z.unknown()).optional(),
});
export type RedactedHttpConfig = z.infer<typeof redactedHttpConfigSchema>;

/**
 * An MCP App's lane (the `io.modelcontextprotocol/ui` extension): not a server but the postMessage
 * channel between the app a tool's result rendered (`uri`, a `ui://` resource) and MCP Lens as its
 * host, on the connection `of`. The app speaks first, as a client does: what it sends is the
 * lane's stdin, what the host sends it is its stdout.
 */
export const appLaneConfigSchema = z.object({
  transport: z.literal('app'),
  uri: z.string().max(8192),
  of: z.string().min(1).max(100),
  tool: z.string().max(500).optional(),
});
export type AppLaneConfig = z.infer<typeof appLaneConfigSchema>;

export const redactedConnectionConfigSchema = z.union([redactedConfigSchema, redactedHttpConfigSchema, appLaneConfigSchema]);
export type RedactedConnectionConfig = z.infer<typeof redactedConnectionConfigSchema>;

/** A recorded stdio server's config (neither an HTTP connection nor an app lane). */
export function isStdioConfig(config: RedactedConnectionConfig): config is RedactedConfig {
  return config.transport === undefined || config.transport === 'stdio';
}

/**
 * A connection a host (Claude Desktop, an IDE) opened through `mcp-lens tap`: MCP Lens only
 * watches it. `id` names the tap (its journal is `tap-<session>` when no bridge ran), `pid` is the
 * tap's own process, `client` the host as its first request named itself, when the tap saw it.
 */
export const tapInfoSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{6,32}$/),
  pid: z.number().int().optional(),
  /** `stdio`: the tap ran the server; `http`: the tap is a reverse proxy in front of `config.url`. */
  via: z.enum(['stdio', 'http']),
  client: z.object({ name: z.string().max(200), version: z.string().max(100).optional() }).optional(),
});
export type TapInfo = z.infer<typeof tapInfoSchema>;

export const spawnEventSchema = z.object({
  ...stamp,
  kind: z.literal('spawn'),
  config: redactedConnectionConfigSchema,
  /** The server's process id; absent for an HTTP connection, which has none. */
  pid: z.number().int().optional(),
  label: z.string().optional(),
  /** Present when a host's tap recorded this connection: read-only in the app, never written to. */
  tap: tapInfoSchema.optional(),
});

export const spawnErrorEventSchema = z.object({
  ...stamp,
  kind: z.literal('spawn-error'),
  config: redactedConnectionConfigSchema,
  code: z.string(),
  message: z.string(),
});

export const exitEventSchema = z.object({
  ...stamp,
  kind: z.literal('exit'),
  code: z.number().int().nullable(),
  signal: z.string().nullable(),
  /** True when the exit followed a stop the user (or the bridge shutting down) asked for. */
  requested: z.boolean(),
});

export const stopStepSchema = z.enum(['close-stdin', 'sigterm', 'sigkill']);
/** Who asked for a stop: the user, the bridge after no tab showed the connection for a while, or the bridge going down. */
export const stopReasonSchema = z.enum(['user', 'idle', 'shutdown']);
export type StopReason = z.infer<typeof stopReasonSchema>;
export const stopEventSchema = z.object({
  ...stamp,
  kind: z.literal('stop'),
  step: stopStepSchema,
  /** Absent in journals written before stops had reasons. */
  reason: stopReasonSchema.optional(),
});

export const noticeEventSchema = z.object({
  ...stamp,
  kind: z.literal('notice'),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});

/** Something the app records for itself (a chosen flow, a comparison); opaque to the bridge. */
export const noteEventSchema = z.object({
  ...stamp,
  kind: z.literal('note'),
  topic: z.string().min(1).max(200),
  data: z.unknown(),
});

/**
 * The HTTP framing of an HTTP connection, one event per step of one exchange (`req`, chosen by
 * the engine): the request as sent, the response's status and headers, each SSE event (its
 * `id`, `event` and `retry`; its data follows as a stdout `line`), and how the exchange ended.
 * Every exchange ends in exactly one `end` or `error`. Secrets are masked in `url` and headers.
 */
const httpStamp = { ...stamp, kind: z.literal('http'), req: z.string().min(1).max(100) };
const headersSchema = z.record(z.string(), z.string());
export const httpErrorCodeSchema = z.enum([
  /** Nothing answered: the connection was refused, the name did not resolve, TLS failed. */
  'refused',
  /** No response headers (or no whole JSON body) within the connection's timeout. */
  'timeout',
  /** A 3xx: recorded, never followed (the connection's headers never go to another address). */
  'redirect',
  /** A response to a request the body of which is neither JSON nor an SSE stream. */
  'content-type',
  /** The engine (a cancel) or a stop ended the exchange. */
  'aborted',
  /** The connection is not open, or the request could not be built. */
  'not-open',
  /** The body broke off for another reason (a reset connection, a stream error). */
  'network',
]);
export type HttpErrorCode = z.infer<typeof httpErrorCodeSchema>;
export const httpEventSchema = z.discriminatedUnion('phase', [
  z.object({
    ...httpStamp,
    phase: z.literal('request'),
    method: httpMethodSchema,
    url: z.string(),
    headers: headersSchema,
  }),
  z.object({
    ...httpStamp,
    phase: z.literal('response'),
    status: z.number().int(),
    headers: headersSchema,
    /** The media type without parameters, lower case (`application/json`); absent when none was sent. */
    contentType: z.string().optional(),
  }),
  z.object({
    ...httpStamp,
    phase: z.literal('sse-event'),
    /** The event's `id` field, when it had one: what a resumption sends as Last-Event-ID. */
    id: z.string().optional(),
    /** The event's `event` field (absent: a `message`). */
    event: z.string().optional(),
    retry: z.number().int().nonnegative().optional(),
    /** Bytes of data (the stdout line that follows carries them; none when 0). */
    size: z.number().int().nonnegative(),
  }),
  z.object({
    ...httpStamp,
    phase: z.literal('end'),
    /** `complete`: the body ended where a body may end; `cut`: an SSE stream stopped inside an event. */
    how: z.enum(['complete', 'cut']),
    /** Bytes of body received. */
    bytes: z.number().int().nonnegative(),
  }),
  z.object({
    ...httpStamp,
    phase: z.literal('error'),
    code: httpErrorCodeSchema,
    message: z.string(),
  }),
]);
export type HttpEvent = z.infer<typeof httpEventSchema>;
export type HttpPhase = HttpEvent['phase'];

/** The steps of the OAuth flow (protocol/oauth/), each a row of the authorization lane and a step of its diagram. */
export const authStepSchema = z.enum([
  /** The MCP request answered 401 (or 403 insufficient_scope): what WWW-Authenticate said. */
  'challenge',
  /** RFC 9728 protected resource metadata. */
  'resource-metadata',
  /** RFC 8414 / OpenID discovery of the authorization server. */
  'server-metadata',
  /** Client identity: a client ID metadata document, a pre-registered client or RFC 7591 registration. */
  'client',
  'registration',
  /** The authorization request opened in a browser, and the redirect coming back. */
  'authorization',
  'callback',
  /** The token request (authorization code, refresh, client credentials, JWT bearer...). */
  'token',
  'refresh',
  /** The MCP request sent again with the token. */
  'retry',
  /** A token the store (memory or remembered) already had. */
  'stored',
]);
export type AuthStep = z.infer<typeof authStepSchema>;
const authHttpSchema = z.object({
  method: z.string(),
  url: z.string(),
  headers: headersSchema,
  /** The body, masked (tokens, codes, verifiers, secrets, assertions), clipped. */
  body: z.string().optional(),
});
/**
 * One step of an OAuth flow on an HTTP connection (the authorization lane). `run` groups the steps
 * of one flow; `req` names the MCP exchange that met the 401 it answers. Secrets are masked.
 */
export const authEventSchema = z.object({
  ...stamp,
  kind: z.literal('auth'),
  run: z.string().min(1).max(100),
  req: z.string().max(100).optional(),
  step: authStepSchema,
  /**
   * `request`: an HTTP request about to go (with step-by-step, it waits for `auth-step`);
   * `response`: its answer; `waiting`: the user must act (open `authorizationUrl`); `ok`/`failed`:
   * the step's verdict in `text`; `info`: anything else worth a row.
   */
  phase: z.enum(['request', 'response', 'waiting', 'ok', 'failed', 'info']),
  /** One sentence: what happened, or which requirement failed and why. */
  text: z.string(),
  http: authHttpSchema.optional(),
  status: z.number().int().optional(),
  /** The requirement this step checks: its words and the spec page of the session's revision. */
  spec: z.object({ text: z.string(), url: z.string() }).optional(),
  /** `waiting` at the authorization step: the URL the user opens. */
  authorizationUrl: z.string().optional(),
  /** With step-by-step, a `request` waits for the app: the request may be edited before it goes. */
  held: z.boolean().optional(),
});
export type AuthEvent = z.infer<typeof authEventSchema>;

export const bridgeEventSchema = z.union([
  lineEventSchema,
  spawnEventSchema,
  spawnErrorEventSchema,
  exitEventSchema,
  stopEventSchema,
  noticeEventSchema,
  noteEventSchema,
  httpEventSchema,
  authEventSchema,
]);
export type BridgeEvent = z.infer<typeof bridgeEventSchema>;
export type LineEvent = z.infer<typeof lineEventSchema>;
export type SpawnEvent = z.infer<typeof spawnEventSchema>;
export type EventKind = BridgeEvent['kind'];
/** An event before the journal stamps it. */
export type UnstampedEvent = BridgeEvent extends infer E ? (E extends BridgeEvent ? Omit<E, 'seq' | 't'> : never) : never;

// ---- browser -> bridge ----

export const clientCommandSchema = z.discriminatedUnion('type', [
  /** Replay everything after `after` (-1 or absent: from the start), then stream live. */
  z.object({ type: z.literal('attach'), after: z.number().int().min(-1).default(-1) }),
  z.object({
    type: z.literal('spawn'),
    conn: z.string().min(1).max(100),
    /** A stdio server to start, or an HTTP server to talk to (nothing is sent until a `http` command). */
    config: connectionConfigSchema,
    label: z.string().max(200).optional(),
  }),
  /** Written to stdin exactly as given, plus "\n". `b64` allows bytes that are not UTF-8. */
  z
    .object({
      type: z.literal('send'),
      conn: z.string(),
      text: z.string().optional(),
      b64: z.string().optional(),
    })
    .refine((c) => (c.text === undefined) !== (c.b64 === undefined), {
      message: 'send carries exactly one of text or b64',
    }),
  z.object({ type: z.literal('stop'), conn: z.string() }),
  /**
   * HTTP connections: perform one request. The engine chose the method and the headers that
   * carry MCP (Accept, Content-Type, Mcp-Session-Id, MCP-Protocol-Version, Mcp-Method, ...);
   * the bridge adds the connection's own headers, never follows a redirect, and records it all.
   */
  z
    .object({
      type: z.literal('http'),
      conn: z.string(),
      req: z.string().min(1).max(100),
      method: httpMethodSchema,
      headers: z.record(z.string(), z.string()).default({}),
      text: z.string().optional(),
      b64: z.string().optional(),
      /** Another URL on the connection's origin (an older server's endpoint); the bridge refuses any other. */
      url: z.string().max(8192).optional(),
    })
    .refine((c) => c.text === undefined || c.b64 === undefined, { message: 'http carries at most one of text or b64' }),
  /**
   * HTTP connections with OAuth step-by-step: let the held request of `run` go, as it is or edited
   * (`edit` replaces the URL, headers or body), or `cancel` the flow.
   */
  z.object({
    type: z.literal('auth-step'),
    conn: z.string(),
    run: z.string().min(1).max(100),
    cancel: z.boolean().optional(),
    edit: z
      .object({
        url: z.string().max(8192).optional(),
        headers: z.record(z.string(), z.string()).optional(),
        body: z.string().max(1_000_000).optional(),
      })
      .optional(),
  }),
  /** Forget the OAuth tokens kept for a connection's server (memory and remembered), or all of them. */
  z.object({ type: z.literal('auth-forget'), conn: z.string().optional() }),
  /** HTTP connections: stop reading an exchange and close it (an SSE stream a cancel ends). */
  z.object({ type: z.literal('abort'), conn: z.string(), req: z.string().min(1).max(100), reason: z.string().max(500).optional() }),
  /**
   * The connections this socket's tab shows now (replacing what it said before). A connection
   * no socket shows is stopped after the bridge's idle time; a socket shows what it spawned
   * until it says otherwise.
   */
  z.object({ type: z.literal('watch'), conns: z.array(z.string().max(100)).max(10_000) }),
  /**
   * An MCP App the app renders (a lane of its own, `conn`, new): every postMessage between the
   * app and MCP Lens is journaled on it with `app-line`; `app-close` when the app is torn down.
   */
  z.object({ type: z.literal('app-open'), conn: z.string().min(1).max(100), config: appLaneConfigSchema }),
  z.object({
    type: z.literal('app-line'),
    conn: z.string().min(1).max(100),
    /** `from-app`: the app sent it (the lane's stdin); `to-app`: MCP Lens sent it (stdout). */
    dir: z.enum(['from-app', 'to-app']),
    text: z.string(),
  }),
  z.object({ type: z.literal('app-close'), conn: z.string().min(1).max(100), reason: z.string().max(500).optional() }),
  z.object({
    type: z.literal('note'),
    conn: z.string().optional(),
    topic: z.string().min(1).max(200),
    data: z.unknown(),
  }),
]);
export type ClientCommand = z.infer<typeof clientCommandSchema>;
export type ClientCommandInput = z.input<typeof clientCommandSchema>;

/**
 * The largest frame the app may send the bridge. A raw line to a server is the biggest thing a
 * frame carries; 16 MiB is far past any request a person writes or pastes, and a frame of 60 MB
 * once took the bridge to 2.8 GB while it parsed.
 */
export const MAX_CLIENT_FRAME_BYTES = 16 * 1024 * 1024;

// ---- bridge -> browser frames ----

export const welcomeFrameSchema = z.object({
  type: z.literal('welcome'),
  session: z.string(),
  /** The last sequence number recorded when the socket opened. */
  lastSeq: z.number().int(),
  /** The server the bridge was started with (or the demo server), to prefill the connect form. */
  defaultServer: serverConfigSchema.extend({ label: z.string().optional() }),
  /**
   * A remote server the bridge was started with (`--config FILE --server NAME` naming one with a
   * url): the connect form starts in its URL mode with it. The demo server stays `defaultServer`.
   */
  defaultRemote: httpServerConfigSchema.extend({ label: z.string().optional() }).optional(),
  version: z.string(),
  /** The MCP Apps sandbox: the origin (a second loopback port) an app's proxy frame is loaded from. */
  appSandbox: z.string().optional(),
  /** To a full socket: the read-only token a follower link carries (a presenter's learners). */
  followerToken: z.string().optional(),
  /**
   * To a full socket, when the bridge was started with `--followers HOST:PORT`: the follower
   * link on that second, read-only listener (its own token), for learners on other machines.
   */
  followersUrl: z.string().optional(),
  /** To a full socket: how to start the demo server beside the bridge (a tour's `server: {demo: true}`). */
  demoServer: z.object({ command: z.string(), args: z.array(z.string()) }).optional(),
  /** To a full socket: the words that run this bridge's CLI from a shell (`mcp-lens`, or `node …/bin.js`), for "Copy as CLI". */
  cli: z.array(z.string()).optional(),
  /** To a full socket: where a server launched without a `cwd` runs (the bridge's own directory). */
  serverCwd: z.string().optional(),
  /** To a follower's socket: it receives events, and every command but attach is refused. */
  readOnly: z.boolean().optional(),
});
export const eventsFrameSchema = z.object({
  type: z.literal('events'),
  events: z.array(z.unknown()),
});
export const rejectedFrameSchema = z.object({
  type: z.literal('rejected'),
  message: z.string(),
});
/**
 * Whether the bridge is writing its journal. When the disk refuses (full, say), events wait in
 * the bridge's memory and reach sockets once written: the app says so, and why.
 */
export const journalFrameSchema = z.object({
  type: z.literal('journal'),
  ok: z.boolean(),
  message: z.string().optional(),
  /** When writing stopped (ms since the epoch). */
  since: z.number().optional(),
  /** Bytes of events waiting to be written. */
  waitingBytes: z.number().optional(),
});
export type JournalFrame = z.infer<typeof journalFrameSchema>;
export const bridgeFrameSchema = z.discriminatedUnion('type', [
  welcomeFrameSchema,
  eventsFrameSchema,
  rejectedFrameSchema,
  journalFrameSchema,
]);
export type BridgeFrame = z.infer<typeof bridgeFrameSchema>;
export type WelcomeFrame = z.infer<typeof welcomeFrameSchema>;

/**
 * Parses one event, keeping what is malformed as data instead of throwing, so a damaged
 * journal line or a frame from a newer bridge shows up rather than vanishing.
 */
export function parseBridgeEvent(value: unknown): { ok: true; event: BridgeEvent } | { ok: false; error: string } {
  const result = bridgeEventSchema.safeParse(value);
  if (result.success) return { ok: true, event: result.data };
  return { ok: false, error: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
}
