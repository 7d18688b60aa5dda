/**
 * The lint rules: ids, severities and the spec page each rests on. The ids are a contract
 * (the app, the docs and `mcp-lens check` refer to them); add rules, never rename them.
 */

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  rule: string;
  severity: Severity;
  conn: string;
  seq: number;
  /** One sentence: what is wrong and where (method, id). */
  message: string;
  /** The spec page the rule rests on. */
  spec: string;
}

export interface RuleInfo {
  id: string;
  severity: Severity;
  summary: string;
  spec: string;
}

const SPEC = 'https://modelcontextprotocol.io/specification';
const HANDSHAKE = `${SPEC}/2025-11-25`;
const STATELESS = `${SPEC}/2026-07-28`;

export const RULES: RuleInfo[] = [
  // ---- framing and JSON-RPC (both flows)
  {
    id: 'stdout-non-json',
    severity: 'error',
    summary: 'The server wrote a stdout line that is not JSON (or not valid UTF-8); stdout may carry only MCP messages.',
    spec: `${STATELESS}/basic/transports/stdio`,
  },
  {
    id: 'jsonrpc-batch',
    severity: 'error',
    summary: 'A JSON array (a JSON-RPC batch) was sent; batches were removed in 2025-06-18.',
    spec: `${SPEC}/2025-06-18/changelog`,
  },
  {
    id: 'jsonrpc-version',
    severity: 'error',
    summary: 'A message lacks "jsonrpc": "2.0".',
    spec: `${STATELESS}/basic/index#messages`,
  },
  {
    id: 'jsonrpc-invalid',
    severity: 'error',
    summary: 'A JSON value that is neither a valid request, notification nor response.',
    spec: `${STATELESS}/basic/index#messages`,
  },
  {
    id: 'jsonrpc-null-id',
    severity: 'error',
    summary: 'A request with "id": null; request ids must be a string or an integer.',
    spec: `${STATELESS}/basic/index#requests`,
  },
  {
    id: 'error-without-id',
    severity: 'info',
    summary: 'An error response without an id; allowed only when the request could not be read.',
    spec: `${STATELESS}/basic/index#error-responses`,
  },
  {
    id: 'error-shape',
    severity: 'error',
    summary: 'An error response whose error lacks an integer code or a string message.',
    spec: `${STATELESS}/basic/index#error-responses`,
  },
  // ---- pairing
  {
    id: 'response-unknown-id',
    severity: 'error',
    summary: 'A response whose id matches no request the other side sent.',
    spec: `${STATELESS}/basic/index#responses`,
  },
  {
    id: 'response-duplicate',
    severity: 'error',
    summary: 'A second response to a request that was already answered.',
    spec: `${STATELESS}/basic/index#responses`,
  },
  {
    id: 'response-after-cancel',
    severity: 'info',
    summary: 'A response to a request that was cancelled; it may happen and is to be ignored.',
    spec: `${STATELESS}/basic/patterns/cancellation`,
  },
  {
    id: 'request-id-reused',
    severity: 'error',
    summary: 'A request reuses the id of a request from the same side that is still in flight.',
    spec: `${STATELESS}/basic/index#requests`,
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
      'In the stateless flow a result has a resultType other than complete or input_required (task only when the request declared the tasks extension).',
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
      'An error code in the reserved range -32768..-32000 that the revision in use does not define (-32000..-32019 are implementation-defined and fine).',
    spec: `${STATELESS}/basic/index#error-codes`,
  },
  // ---- primitives (both flows)
  {
    id: 'tool-name',
    severity: 'warning',
    summary: 'A tool name outside 1-128 characters of A-Z a-z 0-9 _ - .',
    spec: `${STATELESS}/server/tools#tool-names`,
  },
  {
    id: 'tool-input-schema-root',
    severity: 'error',
    summary: 'A tool without an inputSchema, or whose inputSchema root type is not "object".',
    spec: `${STATELESS}/server/tools#tool`,
  },
  {
    id: 'tool-list-shape',
    severity: 'error',
    summary:
      'A tools/list, prompts/list, resources/list or resources/templates/list result with the wrong shape (or an unusable outputSchema).',
    spec: `${STATELESS}/schema`,
  },
  {
    id: 'tool-structured-content',
    severity: 'error',
    summary: "A tools/call result whose structuredContent does not validate against the tool's outputSchema.",
    spec: `${STATELESS}/server/tools#output-schema`,
  },
  {
    id: 'tool-structured-content-missing',
    severity: 'error',
    summary: 'A successful tools/call result without structuredContent for a tool that declares an outputSchema.',
    spec: `${STATELESS}/server/tools#output-schema`,
  },
  {
    id: 'content-block',
    severity: 'error',
    summary: 'A malformed content block in a tools/call result or a prompts/get message.',
    spec: `${STATELESS}/server/tools#tool-result`,
  },
];

const byId = new Map(RULES.map((rule) => [rule.id, rule]));

/** The rule with that id; throws for an id that is not in RULES (a bug, caught by the tests). */
export function ruleInfo(id: string): RuleInfo {
  const rule = byId.get(id);
  if (!rule) throw new Error(`unknown lint rule ${id}`);
  return rule;
}
