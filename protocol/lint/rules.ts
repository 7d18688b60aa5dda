/**
 * The lint rules: ids, severities and the spec page each rests on. The ids are a contract
 * (the app, the docs and `mcp-lens check` refer to them); add rules, never rename them.
 * A rule of both flows names a page of each revision: a finding cites the one of its session.
 */
import type { Flow } from '../flows.js';

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  rule: string;
  severity: Severity;
  conn: string;
  seq: number;
  /** One sentence: what is wrong and where (method, id). */
  message: string;
  /** The spec page the rule rests on, in the revision of the session. */
  spec: string;
}

export interface RuleInfo {
  id: string;
  severity: Severity;
  summary: string;
  /** The page the rule rests on: the 2026-07-28 one for a rule of both flows. */
  spec: string;
  /** A rule of both flows: the 2025-11-25 page, cited in a handshake session. */
  handshakeSpec?: string;
}

const SPEC = 'https://modelcontextprotocol.io/specification';
const HANDSHAKE = `${SPEC}/2025-11-25`;
const STATELESS = `${SPEC}/2026-07-28`;
/** Tasks left the core in 2026-07-28 for this extension; its page is the one that revision links. */
const TASKS_EXTENSION = 'https://modelcontextprotocol.io/extensions/tasks/overview';
const APPS_EXTENSION = 'https://modelcontextprotocol.io/extensions/apps/overview';

export const RULES: RuleInfo[] = [
  // ---- framing and JSON-RPC (both flows)
  {
    id: 'stdout-non-json',
    severity: 'error',
    summary:
      'The server wrote a stdout line (over HTTP, a body or SSE event data) that is not JSON (or not valid UTF-8); it may carry only MCP messages.',
    spec: `${STATELESS}/basic/transports/stdio`,
    handshakeSpec: `${HANDSHAKE}/basic/transports#stdio`,
  },
  {
    id: 'http-sse-endpoint-late',
    severity: 'warning',
    summary:
      "An older server's HTTP+SSE stream (2024-11-05) sent other events before its endpoint event; the endpoint event comes first, when the client connects. MCP Lens still uses it.",
    spec: `${HANDSHAKE}/basic/transports#backwards-compatibility`,
  },
  {
    id: 'jsonrpc-batch',
    severity: 'error',
    summary: 'A JSON array (a JSON-RPC batch) was sent; batches were removed in 2025-06-18 (a 2025-03-26 session may use them).',
    spec: `${SPEC}/2025-06-18/changelog`,
  },
  {
    id: 'jsonrpc-version',
    severity: 'error',
    summary: 'A message lacks "jsonrpc": "2.0".',
    spec: `${STATELESS}/basic/index#messages`,
    handshakeSpec: `${HANDSHAKE}/basic/index#messages`,
  },
  {
    id: 'jsonrpc-invalid',
    severity: 'error',
    summary: 'A JSON value that is neither a valid request, notification nor response.',
    spec: `${STATELESS}/basic/index#messages`,
    handshakeSpec: `${HANDSHAKE}/basic/index#messages`,
  },
  {
    id: 'jsonrpc-null-id',
    severity: 'error',
    summary: 'A request with "id": null; request ids must be a string or an integer.',
    spec: `${STATELESS}/basic/index#requests`,
    handshakeSpec: `${HANDSHAKE}/basic/index#requests`,
  },
  {
    id: 'error-without-id',
    severity: 'info',
    summary: 'An error response without an id; allowed only when the request could not be read.',
    spec: `${STATELESS}/basic/index#error-responses`,
    handshakeSpec: `${HANDSHAKE}/basic/index#error-responses`,
  },
  {
    id: 'error-shape',
    severity: 'error',
    summary: 'An error response whose error lacks an integer code or a string message.',
    spec: `${STATELESS}/basic/index#error-responses`,
    handshakeSpec: `${HANDSHAKE}/basic/index#error-responses`,
  },
  // ---- pairing
  {
    id: 'response-unknown-id',
    severity: 'error',
    summary: 'A response whose id matches no request the other side sent.',
    spec: `${STATELESS}/basic/index#responses`,
    handshakeSpec: `${HANDSHAKE}/basic/index#responses`,
  },
  {
    id: 'response-duplicate',
    severity: 'error',
    summary: 'A second response to a request that was already answered.',
    spec: `${STATELESS}/basic/index#responses`,
    handshakeSpec: `${HANDSHAKE}/basic/index#responses`,
  },
  {
    id: 'response-after-cancel',
    severity: 'info',
    summary: 'A response to a request that was cancelled; it may happen and is to be ignored.',
    spec: `${STATELESS}/basic/patterns/cancellation`,
    handshakeSpec: `${HANDSHAKE}/basic/utilities/cancellation`,
  },
  {
    id: 'request-id-reused',
    severity: 'error',
    summary: 'A request reuses the id of a request from the same side that is still in flight.',
    spec: `${STATELESS}/basic/index#requests`,
    handshakeSpec: `${HANDSHAKE}/basic/index#requests`,
  },
  // ---- handshake flow (2025-11-25)
  {
    id: 'server-before-initialized',
    severity: 'warning',
    summary:
      'In the handshake flow the server sent a request or notification (other than ping or logging) before notifications/initialized.',
    spec: `${HANDSHAKE}/basic/lifecycle#initialization`,
  },
  {
    id: 'handshake-result-type',
    severity: 'info',
    summary: 'A result in the handshake flow carries resultType, which 2025-11-25 does not define.',
    spec: `${HANDSHAKE}/basic/index#responses`,
  },
  // ---- stateless flow (2026-07-28)
  {
    id: 'stateless-server-request',
    severity: 'error',
    summary: 'In the stateless flow the server sent a JSON-RPC request; servers must not send requests.',
    spec: `${STATELESS}/basic/index#requests`,
  },
  {
    id: 'stateless-result-type-missing',
    severity: 'error',
    summary: 'In the stateless flow a result has no resultType.',
    spec: `${STATELESS}/basic/index#resulttype`,
  },
  {
    id: 'stateless-result-type-unknown',
    severity: 'error',
    summary:
      'In the stateless flow a result has a resultType other than complete, input_required or task (a task the request did not declare is task-not-requested).',
    spec: `${STATELESS}/basic/index#resulttype`,
  },
  {
    id: 'stateless-cache-fields',
    severity: 'error',
    summary:
      'In the stateless flow a complete result of a cacheable method lacks a valid ttlMs (integer >= 0) or cacheScope (public | private).',
    spec: `${STATELESS}/server/utilities/caching`,
  },
  {
    id: 'stateless-retired-error-code',
    severity: 'warning',
    summary: 'In the stateless flow an error uses a retired code (-32002 or -32042).',
    spec: `${STATELESS}/basic/index#error-codes`,
  },
  {
    id: 'stateless-missing-envelope',
    severity: 'error',
    summary: 'In the stateless flow a client request lacks the _meta protocolVersion or clientCapabilities.',
    spec: `${STATELESS}/basic/index#meta`,
  },
  // ---- error codes (both flows)
  {
    id: 'error-code-reserved',
    severity: 'warning',
    summary:
      "An error code in the reserved range -32768..-32000 that the revision in use does not define (-32000..-32019 are implementation-defined and fine; answers to initialize and server/discover may use either revision's codes).",
    spec: `${STATELESS}/basic/index#error-codes`,
    handshakeSpec: `${HANDSHAKE}/schema#error-code`,
  },
  // ---- primitives (both flows)
  {
    id: 'tool-name',
    severity: 'warning',
    summary: 'A tool name outside 1-128 characters of A-Z a-z 0-9 _ - .',
    spec: `${STATELESS}/server/tools#tool-names`,
    handshakeSpec: `${HANDSHAKE}/server/tools#tool-names`,
  },
  {
    id: 'tool-input-schema-root',
    severity: 'error',
    summary: 'A tool without an inputSchema, or whose inputSchema root type is not "object".',
    spec: `${STATELESS}/server/tools#tool`,
    handshakeSpec: `${HANDSHAKE}/server/tools#tool`,
  },
  {
    id: 'pagination-cursor-repeated',
    severity: 'error',
    summary: 'A list answered with a nextCursor it had already given in the same walk, so following the cursors never ends.',
    spec: `${STATELESS}/server/utilities/pagination`,
    handshakeSpec: `${HANDSHAKE}/server/utilities/pagination`,
  },
  {
    id: 'pagination-page-limit',
    severity: 'error',
    summary: 'A list still had a nextCursor after 1,000 pages; the client stopped there without reading it to its end.',
    spec: `${STATELESS}/server/utilities/pagination`,
    handshakeSpec: `${HANDSHAKE}/server/utilities/pagination`,
  },
  {
    id: 'tool-list-shape',
    severity: 'error',
    summary:
      'A tools/list, prompts/list, resources/list or resources/templates/list result with the wrong shape (or an unusable outputSchema).',
    spec: `${STATELESS}/schema`,
    handshakeSpec: `${HANDSHAKE}/schema`,
  },
  {
    id: 'tool-structured-content',
    severity: 'error',
    summary: "A tools/call result whose structuredContent does not validate against the tool's outputSchema.",
    spec: `${STATELESS}/server/tools#output-schema`,
    handshakeSpec: `${HANDSHAKE}/server/tools#output-schema`,
  },
  {
    id: 'tool-structured-content-missing',
    severity: 'error',
    summary: 'A successful tools/call result without structuredContent for a tool that declares an outputSchema.',
    spec: `${STATELESS}/server/tools#output-schema`,
    handshakeSpec: `${HANDSHAKE}/server/tools#output-schema`,
  },
  {
    id: 'content-block',
    severity: 'error',
    summary: 'A malformed content block in a tools/call result or a prompts/get message.',
    spec: `${STATELESS}/server/tools#tool-result`,
    handshakeSpec: `${HANDSHAKE}/server/tools#tool-result`,
  },
  // ---- results of the two openings
  {
    id: 'initialize-result-shape',
    severity: 'error',
    summary: 'An initialize result without a string protocolVersion, a capabilities object or a serverInfo with name and version.',
    spec: `${HANDSHAKE}/basic/lifecycle#initialization`,
  },
  {
    id: 'discover-result-shape',
    severity: 'error',
    summary:
      'A server/discover result without a non-empty supportedVersions list of strings or a capabilities object (or with a malformed serverInfo in _meta).',
    spec: `${STATELESS}/server/discover#response`,
  },
  // ---- more results (both flows unless said)
  {
    id: 'resource-read-shape',
    severity: 'error',
    summary:
      'A resources/read result whose contents is not a list of {uri, mimeType?, text | blob} with exactly one of text or base64 blob.',
    spec: `${STATELESS}/server/resources#resource-contents`,
    handshakeSpec: `${HANDSHAKE}/server/resources#resource-contents`,
  },
  {
    id: 'resource-not-found',
    severity: 'warning',
    summary: 'In the stateless flow a -32602 answer to resources/read lacks data.uri naming the resource that was not found.',
    spec: `${STATELESS}/server/resources#error-handling`,
  },
  {
    id: 'completion-result-shape',
    severity: 'error',
    summary:
      'A completion/complete result without completion.values as at most 100 strings, or with a total that is not an integer >= the values given, or a non-boolean hasMore.',
    spec: `${STATELESS}/server/utilities/completion#completion-results`,
    handshakeSpec: `${HANDSHAKE}/server/utilities/completion#completion-results`,
  },
  {
    id: 'input-required-method',
    severity: 'error',
    summary: 'An input_required result for a method other than tools/call, prompts/get or resources/read.',
    spec: `${STATELESS}/basic/patterns/mrtr#supported-requests`,
  },
  {
    id: 'input-required-shape',
    severity: 'error',
    summary:
      'An input_required result with neither inputRequests nor requestState, or whose inputRequests are not elicitation/create, sampling/createMessage or roots/list requests.',
    spec: `${STATELESS}/basic/patterns/mrtr#inputrequiredresult`,
  },
  // ---- capabilities
  {
    id: 'missing-capability-error',
    severity: 'error',
    summary:
      'A -32021 error without data.requiredCapabilities, with an extensions entry there that is not a map of extension ids to objects, naming only client capabilities the request did declare (a server capability is -32601), or not naming io.modelcontextprotocol/tasks for a tasks/* request that did not declare it.',
    spec: `${STATELESS}/basic/index#meta`,
  },
  {
    id: 'capability-undeclared',
    severity: 'error',
    summary:
      'The server used a capability that was not negotiated: a sampling, elicitation or roots request (or input request) the client did not declare, or a notification for a server capability it did not declare.',
    spec: `${STATELESS}/basic/index#meta`,
    handshakeSpec: `${HANDSHAKE}/basic/lifecycle#operation`,
  },
  // ---- tasks: experimental core in 2025-11-25, the io.modelcontextprotocol/tasks extension in 2026-07-28
  {
    id: 'task-status-transition',
    severity: 'error',
    summary:
      'A task shown completed, failed or cancelled was later shown in another status (a terminal status never changes; only working and input_required move), or a 2025-11-25 tasks/cancel result did not show the task cancelled.',
    spec: `${TASKS_EXTENSION}#task-lifecycle`,
    handshakeSpec: `${HANDSHAKE}/basic/utilities/tasks#task-status-lifecycle`,
  },
  {
    id: 'task-result-status',
    severity: 'error',
    summary:
      "A task's outcome and its status disagree: in 2025-11-25 tasks/result answered with a result and the task was then shown not yet ended (tasks/result waits for a terminal status); in 2026-07-28 a task with a result but not completed (an error but not failed), or completed without a result (failed without an error).",
    spec: `${TASKS_EXTENSION}#task-lifecycle`,
    handshakeSpec: `${HANDSHAKE}/basic/utilities/tasks#result-retrieval`,
  },
  {
    id: 'task-not-requested',
    severity: 'error',
    summary:
      'A task nobody asked for: in 2025-11-25 a CreateTaskResult to a request without params.task; in 2026-07-28 resultType "task" to a request that did not declare the io.modelcontextprotocol/tasks extension (or to one other than tools/call), or a tasks/get, tasks/update or tasks/cancel answered for a request that did not declare it (that is -32021).',
    spec: `${TASKS_EXTENSION}#for-mcp-servers`,
    handshakeSpec: `${HANDSHAKE}/basic/utilities/tasks#creating-tasks`,
  },
  {
    id: 'task-shape',
    severity: 'error',
    summary:
      'A task (in a CreateTaskResult, a tasks/get, tasks/cancel or tasks/list result, or a status notification) without a string taskId, a known status, string createdAt and lastUpdatedAt, and an integer or null ttl (ttlMs in 2026-07-28), or with a pollInterval (pollIntervalMs) that is not an integer, or (2026-07-28) input_required without inputRequests.',
    spec: `${TASKS_EXTENSION}#task-lifecycle`,
    handshakeSpec: `${HANDSHAKE}/basic/utilities/tasks#task`,
  },
  {
    id: 'stateless-task-method-removed',
    severity: 'error',
    summary:
      'In the stateless flow a tasks/result or tasks/list request was answered with a result; the tasks extension of 2026-07-28 has neither method (tasks/result must be answered -32601).',
    spec: `${STATELESS}/changelog`,
  },
  // ---- notifications
  {
    id: 'stateless-unrequested-notification',
    severity: 'error',
    summary:
      'In the stateless flow the server sent a notification nobody asked for: a change or task status notification outside a subscriptions/listen stream that asked for it (or before its acknowledgment), or a log message while no request that set a logLevel was in flight.',
    spec: `${STATELESS}/basic/patterns/subscriptions`,
  },
  {
    id: 'progress-token-unknown',
    severity: 'error',
    summary: 'A progress notification whose token belongs to no request of the other side that is still in progress.',
    spec: `${STATELESS}/basic/patterns/progress#behavior-requirements`,
    handshakeSpec: `${HANDSHAKE}/basic/utilities/progress#behavior-requirements`,
  },
  {
    id: 'progress-not-increasing',
    severity: 'error',
    summary: 'A progress notification whose progress is not greater than the previous one for the same token.',
    spec: `${STATELESS}/basic/patterns/progress#progress-flow`,
    handshakeSpec: `${HANDSHAKE}/basic/utilities/progress`,
  },
  // ---- message directions and ids
  {
    id: 'stateless-client-response',
    severity: 'error',
    summary: 'In the stateless flow the client sent a JSON-RPC response; clients must not write responses (nor answer a server request).',
    spec: `${STATELESS}/basic/transports/stdio#sending-messages`,
  },
  {
    id: 'handshake-request-id-reused',
    severity: 'error',
    summary:
      'In the handshake flow a side reused a request id it had already used in the session; 2025-11-25 forbids reuse, not just clashes.',
    spec: `${HANDSHAKE}/basic/index#requests`,
  },
  // ---- authorization: the recorded steps of an HTTP connection's OAuth flow (the auth events)
  {
    id: 'auth-resource-metadata-missing',
    severity: 'error',
    summary:
      "No protected resource metadata (RFC 9728) was found: neither the challenge's resource_metadata nor any well-known URL answered it. MCP servers MUST publish it.",
    spec: `${STATELESS}/basic/authorization/authorization-server-discovery#protected-resource-metadata-discovery-requirements`,
    handshakeSpec: `${HANDSHAKE}/basic/authorization#protected-resource-metadata-discovery-requirements`,
  },
  {
    id: 'auth-challenge-no-resource-metadata',
    severity: 'warning',
    summary:
      "The server's 401 WWW-Authenticate Bearer challenge has no resource_metadata parameter: the client had to guess the well-known URLs (servers SHOULD name it).",
    spec: `${STATELESS}/basic/authorization/authorization-server-discovery#protected-resource-metadata-discovery-requirements`,
    handshakeSpec: `${HANDSHAKE}/basic/authorization#protected-resource-metadata-discovery-requirements`,
  },
  {
    id: 'auth-resource-mismatch',
    severity: 'error',
    summary:
      "The protected resource metadata's resource is not the MCP server it was fetched for (another origin or path); clients MUST refuse it (RFC 9728 §3.3).",
    spec: `${STATELESS}/basic/authorization#resource-parameter-implementation`,
    handshakeSpec: `${HANDSHAKE}/basic/authorization#resource-parameter-implementation`,
  },
  {
    id: 'auth-issuer-mismatch',
    severity: 'error',
    summary:
      'The authorization server metadata gives an issuer that is not the one it was fetched for; it MUST be identical (RFC 8414 §3.3), else it is not to be used.',
    spec: `${STATELESS}/basic/authorization/authorization-server-discovery#authorization-server-metadata-discovery`,
    handshakeSpec: `${HANDSHAKE}/basic/authorization#authorization-server-metadata-discovery`,
  },
  {
    id: 'auth-pkce-s256-missing',
    severity: 'error',
    summary:
      'The authorization server metadata does not list S256 in code_challenge_methods_supported; MCP clients MUST use PKCE with S256 and MUST refuse to proceed without it.',
    spec: `${STATELESS}/basic/authorization/security-considerations#authorization-code-protection`,
    handshakeSpec: `${HANDSHAKE}/basic/authorization#authorization-code-protection`,
  },
  {
    id: 'auth-iss-missing',
    severity: 'error',
    summary:
      'The authorization response came back without iss though the authorization server advertises authorization_response_iss_parameter_supported; clients MUST reject it (RFC 9207 §2.4).',
    spec: `${STATELESS}/basic/authorization#authorization-response-validation`,
    // 2025-11-25 asks no iss check of its own: the flow's steps on its page, and RFC 9207 §2.4 in the summary.
    handshakeSpec: `${HANDSHAKE}/basic/authorization#authorization-flow-steps`,
  },
  {
    id: 'auth-secret-in-url',
    severity: 'error',
    summary:
      'An access or refresh token, an authorization code outside its redirect, or a client credential was put in a URL; access tokens MUST NOT be in the URI query string, and the others belong in request bodies.',
    spec: `${STATELESS}/basic/authorization#access-token-usage`,
    handshakeSpec: `${HANDSHAKE}/basic/authorization#access-token-usage`,
  },
  {
    id: 'auth-token-type',
    severity: 'error',
    summary:
      'A token response without token_type Bearer (or DPoP): RFC 6749 §5.1 requires token_type, and MCP clients send access tokens as Bearer tokens in the Authorization header.',
    spec: `${STATELESS}/basic/authorization#access-token-usage`,
    handshakeSpec: `${HANDSHAKE}/basic/authorization#access-token-usage`,
  },
  // ---- the official JSON Schema
  {
    id: 'schema-violation',
    severity: 'error',
    summary: "A message that does not validate against the official JSON Schema of the session's revision (where no other rule said so).",
    spec: `${STATELESS}/schema`,
    handshakeSpec: `${HANDSHAKE}/schema`,
  },
  // ---- MCP Apps (io.modelcontextprotocol/ui): the postMessage lane between an app and MCP Lens as its host
  {
    id: 'app-resource-uri',
    severity: 'error',
    summary: "A tool's _meta.ui.resourceUri (or the older flat ui/resourceUri) is not a ui:// URI: no host renders it.",
    spec: `${APPS_EXTENSION}#ui-resources`,
  },
  {
    id: 'app-tool-meta-misplaced',
    severity: 'warning',
    summary: "A tool's _meta.ui carries csp or permissions: hosts read those from the UI resource's _meta.ui, so here they are ignored.",
    spec: `${APPS_EXTENSION}#ui-resources`,
  },
  {
    id: 'app-resource-mime',
    severity: 'error',
    summary: 'A ui:// resource read back with a mimeType other than text/html;profile=mcp-app: hosts render only that as an app.',
    spec: `${APPS_EXTENSION}#ui-resources`,
  },
  {
    id: 'app-not-jsonrpc',
    severity: 'error',
    summary: 'An app posted a message that is not a JSON-RPC 2.0 request, notification or response: the host cannot answer it.',
    spec: `${APPS_EXTENSION}#transport`,
  },
  {
    id: 'app-before-initialize',
    severity: 'error',
    summary: 'An app sent a request before ui/initialize: its first request must be ui/initialize.',
    spec: `${APPS_EXTENSION}#lifecycle`,
  },
  {
    id: 'app-initialize-shape',
    severity: 'error',
    summary: 'ui/initialize lacks what the extension requires of it: appInfo (name and version), appCapabilities and a protocolVersion.',
    spec: `${APPS_EXTENSION}#lifecycle`,
  },
  {
    id: 'app-protocol-version',
    severity: 'warning',
    summary: 'An app asked for an MCP Apps protocol version the host does not speak; the host answers with its own.',
    spec: `${APPS_EXTENSION}#lifecycle`,
  },
  {
    id: 'app-initialized-order',
    severity: 'error',
    summary: 'An app sent ui/notifications/initialized before the answer to its ui/initialize, or sent ui/initialize again.',
    spec: `${APPS_EXTENSION}#lifecycle`,
  },
  {
    id: 'host-before-initialized',
    severity: 'error',
    summary:
      'The host sent the app a request or notification before the app said ui/notifications/initialized (or tool-input twice, or tool-result before tool-input).',
    spec: `${APPS_EXTENSION}#lifecycle`,
  },
  {
    id: 'app-size-changed',
    severity: 'warning',
    summary: 'ui/notifications/size-changed with a width or height that is not a finite, non-negative number of pixels.',
    spec: `${APPS_EXTENSION}#notifications`,
  },
  {
    id: 'app-message-shape',
    severity: 'warning',
    summary: 'ui/message whose role is not "user" or whose content is neither a content block nor a list of them.',
    spec: `${APPS_EXTENSION}#requests`,
  },
  {
    id: 'app-open-link-url',
    severity: 'warning',
    summary: 'ui/open-link with a URL that is not http or https (javascript:, data:, or no URL at all).',
    spec: `${APPS_EXTENSION}#requests`,
  },
  {
    id: 'app-tool-visibility',
    severity: 'error',
    summary:
      'An app called a tool whose _meta.ui.visibility lacks "app" (the host must refuse it), or the host answered such a call with a result.',
    spec: `${APPS_EXTENSION}#tool-visibility`,
  },
  {
    id: 'app-unknown-method',
    severity: 'warning',
    summary:
      'An app sent a method that is neither one of the extension (ui/…) nor an MCP request a host proxies (tools/call, resources/read, ping, notifications/message…).',
    spec: `${APPS_EXTENSION}#transport`,
  },
];

const byId = new Map(RULES.map((rule) => [rule.id, rule]));

/** The rule with that id; throws for an id that is not in RULES (a bug, caught by the tests). */
export function ruleInfo(id: string): RuleInfo {
  const rule = byId.get(id);
  if (!rule) throw new Error(`unknown lint rule ${id}`);
  return rule;
}

/** The page a finding cites: the 2025-11-25 one in a handshake session, where the rule has one. */
export function specFor(rule: RuleInfo, flow: Flow | undefined): string {
  return flow === 'handshake' && rule.handshakeSpec !== undefined ? rule.handshakeSpec : rule.spec;
}
