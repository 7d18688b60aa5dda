// The exact wire text of what the app and the demo server say to each other, per flow, as a
// recorded session shows it: the app writes `jsonrpc` first; the server (the SDK) writes
// `result` first and `jsonrpc`, `id` last; stateless requests carry the `_meta` envelope and
// stateless results `resultType` and the server's info. Kept byte-faithful so that a generated
// journal costs the timeline what a real one would (parsing, pairing, lint).

export const LEGACY_VERSION = '2025-11-25';
export const STATELESS_VERSION = '2026-07-28';

const CLIENT_INFO = { name: 'mcp-lens', version: '0.1.0' };
const CLIENT_CAPABILITIES = { elicitation: { form: {} } };
const SERVER_INFO = { name: 'mcp-lens-demo', title: 'MCP Lens demo server', version: '0.1.0' };
const SERVER_CAPABILITIES = {
  tools: { listChanged: true },
  resources: { listChanged: true },
  prompts: { listChanged: true },
  logging: {},
  completions: {},
};
const INSTRUCTIONS = 'Demo server for MCP Lens. Try echo/add for simple calls, fail for a tool error, slow for progress and cancellation.';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': STATELESS_VERSION,
  'io.modelcontextprotocol/clientCapabilities': CLIENT_CAPABILITIES,
  'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
};
const SERVER_META = { 'io.modelcontextprotocol/serverInfo': SERVER_INFO };
const SCHEMA_DRAFT = 'https://json-schema.org/draft/2020-12/schema';

/** A short tools/list of the demo server's tools (the real one is 5 KB; its shape is what matters). */
export const TOOLS = [
  {
    name: 'echo',
    title: 'Echo',
    description: 'Returns the message it was given.',
    inputSchema: { type: 'object', $schema: SCHEMA_DRAFT, properties: { message: { type: 'string' } }, required: ['message'] },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'add',
    title: 'Add',
    description: 'Adds two numbers.',
    inputSchema: {
      type: 'object',
      $schema: SCHEMA_DRAFT,
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'fail',
    title: 'Fail',
    description: 'Always fails with a tool error (isError: true), not a JSON-RPC error.',
    inputSchema: { type: 'object', $schema: SCHEMA_DRAFT, properties: { reason: { type: 'string' } } },
  },
  {
    name: 'slow',
    title: 'Slow',
    description: 'Works through a number of steps, sending notifications/progress after each one.',
    inputSchema: {
      type: 'object',
      $schema: SCHEMA_DRAFT,
      properties: { steps: { type: 'integer', minimum: 1, maximum: 50 }, delayMs: { type: 'integer', minimum: 10, maximum: 5000 } },
    },
  },
  {
    name: 'confirm_action',
    title: 'Confirm action',
    description: 'Asks the user to confirm an action.',
    inputSchema: { type: 'object', $schema: SCHEMA_DRAFT, properties: { action: { type: 'string' } }, required: ['action'] },
  },
];

const CONFIRM_SCHEMA = {
  type: 'object',
  properties: {
    confirm: { type: 'boolean', title: 'Confirm', description: 'Go ahead with the action?' },
    comment: { type: 'string', title: 'Comment', description: 'Optional note for the log' },
  },
  required: ['confirm'],
};

/** What the app writes on one connection, in that connection's flow. */
export function clientWire(flow) {
  const stateless = flow === 'stateless';
  const withMeta = (params, progressToken) => {
    if (stateless) return { ...params, _meta: progressToken === undefined ? ENVELOPE : { ...ENVELOPE, progressToken } };
    return progressToken === undefined ? params : { ...params, _meta: { progressToken } };
  };
  return {
    request(id, method, params, progressToken) {
      const p = withMeta(params ?? {}, progressToken);
      const body = Object.keys(p).length === 0 ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params: p };
      return JSON.stringify(body);
    },
    notification(method, params) {
      return JSON.stringify(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
    },
    /** The answer to a server request (handshake flow: elicitation/create). */
    answer(id, result) {
      return JSON.stringify({ jsonrpc: '2.0', id, result });
    },
    initialize: (id) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'initialize',
        params: { protocolVersion: LEGACY_VERSION, capabilities: CLIENT_CAPABILITIES, clientInfo: CLIENT_INFO },
      }),
  };
}

/** What the demo server writes on one connection, in that connection's flow. */
export function serverWire(flow) {
  const stateless = flow === 'stateless';
  const complete = (result, listLike = false) =>
    stateless
      ? { ...result, resultType: 'complete', ...(listLike ? { ttlMs: 0, cacheScope: 'private' } : {}), _meta: SERVER_META }
      : result;
  return {
    result: (id, result, listLike) => JSON.stringify({ result: complete(result, listLike), jsonrpc: '2.0', id }),
    error: (id, code, message, data) =>
      JSON.stringify({ jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } }),
    notification: (method, params) => JSON.stringify({ jsonrpc: '2.0', method, params }),
    /** A request from the server to the client (handshake flow only). */
    request: (id, method, params) => JSON.stringify({ method, params, jsonrpc: '2.0', id }),
    text: (id, text, isError = false) =>
      JSON.stringify({
        result: complete(isError ? { content: [{ type: 'text', text }], isError: true } : { content: [{ type: 'text', text }] }),
        jsonrpc: '2.0',
        id,
      }),
    initializeResult: (id) =>
      JSON.stringify({
        result: { protocolVersion: LEGACY_VERSION, capabilities: SERVER_CAPABILITIES, serverInfo: SERVER_INFO, instructions: INSTRUCTIONS },
        jsonrpc: '2.0',
        id,
      }),
    discoverResult: (id) =>
      JSON.stringify({
        result: {
          supportedVersions: [STATELESS_VERSION],
          capabilities: SERVER_CAPABILITIES,
          instructions: INSTRUCTIONS,
          resultType: 'complete',
          ttlMs: 0,
          cacheScope: 'private',
          _meta: SERVER_META,
        },
        jsonrpc: '2.0',
        id,
      }),
    inputRequired: (id, action, requestState) =>
      JSON.stringify({
        result: {
          resultType: 'input_required',
          inputRequests: {
            confirm: {
              method: 'elicitation/create',
              params: { mode: 'form', message: `Confirm action: ${action}?`, requestedSchema: CONFIRM_SCHEMA },
            },
          },
          requestState,
          _meta: SERVER_META,
        },
        jsonrpc: '2.0',
        id,
      }),
    elicit: (id, action, progressToken) =>
      JSON.stringify({
        method: 'elicitation/create',
        params: { mode: 'form', message: `Confirm action: ${action}?`, requestedSchema: CONFIRM_SCHEMA, _meta: { progressToken } },
        jsonrpc: '2.0',
        id,
      }),
  };
}

/** The notes the app journals around a connection (protocol/session.ts NOTE_TOPICS). */
export const connectNotes = {
  start: (flow) => ({ choice: flow, capabilities: CLIENT_CAPABILITIES }),
  step: (text) => ({ text }),
  done: (flow) => ({
    outcome: {
      flow,
      protocolVersion: flow === 'stateless' ? STATELESS_VERSION : LEGACY_VERSION,
      serverInfo: SERVER_INFO,
      capabilities: SERVER_CAPABILITIES,
      instructions: INSTRUCTIONS,
    },
  }),
  failed: (reason) => ({ reason }),
};
