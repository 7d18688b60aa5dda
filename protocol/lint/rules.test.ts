// Every rule, one transcript that passes and one that trips it. The offending line of a
// tripping transcript is always its last event, so the finding's seq can be checked.
import { describe, expect, it } from 'vitest';

import { MAX_PAGES } from '../pagination.js';
import { RULES } from './rules.js';
import { Transcript, lint, rulesOf } from './testing/transcript.js';
import { AUTH_CASES } from './testing/authFlows.js';
import { APP_CASES } from './testing/appLanes.js';

const J = '2.0';

/** Spawned, handshake done (initialize, result, notifications/initialized). */
const handshake = (): Transcript => new Transcript().spawn().handshake();
/** Spawned, the stateless flow named by the app's note. */
const stateless = (): Transcript => new Transcript().connectStart('stateless').spawn();

const ORDER_TOOL = {
  name: 'create_order',
  inputSchema: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
  outputSchema: {
    type: 'object',
    properties: { orderId: { type: 'string' }, total: { type: 'number' } },
    required: ['orderId', 'total'],
    additionalProperties: false,
  },
};

/** A tools/list walk of `pages` pages, each cursor new; the last one ends the list or not. */
function pagesOfTools(pages: number, moreAfterLast: boolean): Transcript {
  let t = handshake();
  for (let page = 1; page <= pages; page++) {
    const more = page < pages || moreAfterLast;
    t = t
      .send({ jsonrpc: J, id: page, method: 'tools/list', ...(page === 1 ? {} : { params: { cursor: `p${page}` } }) })
      .recv({ jsonrpc: J, id: page, result: { tools: [], ...(more ? { nextCursor: `p${page + 1}` } : {}) } });
  }
  return t;
}

const toolsListed = (tools: unknown[]): Transcript =>
  handshake().send({ jsonrpc: J, id: 1, method: 'tools/list' }).recv({ jsonrpc: J, id: 1, result: { tools } });

const toolCall = (tools: unknown[], result: Record<string, unknown>): Transcript =>
  toolsListed(tools)
    .send({
      jsonrpc: J,
      id: 2,
      method: 'tools/call',
      params: { name: tools.length > 0 ? (tools[0] as { name: string }).name : 'x', arguments: { sku: 'A' } },
    })
    .recv({ jsonrpc: J, id: 2, result });

const listResult = (method: string, result: Record<string, unknown>): Transcript =>
  handshake().send({ jsonrpc: J, id: 1, method }).recv({ jsonrpc: J, id: 1, result });

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

const INITIALIZE = {
  jsonrpc: J,
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-lens', version: '0.1.0' } },
};
const INITIALIZE_RESULT = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } };
const COMPLETE_PARAMS = { ref: { type: 'ref/prompt', name: 'code_review' }, argument: { name: 'language', value: 'py' } };
/** A stateless envelope that declares no client capabilities. */
const BARE_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** A 2025-11-25 task "t1" in `status`, as a receiver states it. */
const legacyTask = (status: string, lastUpdatedAt = '2025-11-25T10:30:00Z') => ({
  taskId: 't1',
  status,
  createdAt: '2025-11-25T10:30:00Z',
  lastUpdatedAt,
  ttl: 60000,
  pollInterval: 1000,
});

/** Handshake done, then a task-augmented tools/call answered with task "t1" working. */
const taskCall = (): Transcript =>
  handshake()
    .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'build', arguments: {}, task: { ttl: 60000 } } })
    .recv({ jsonrpc: J, id: 1, result: { task: legacyTask('working') } });

/** A tasks/get of "t1" (id `id`), answered in `status`. */
const pollTask = (t: Transcript, id: number, status: string): Transcript =>
  t.send({ jsonrpc: J, id, method: 'tasks/get', params: { taskId: 't1' } }).recv({ jsonrpc: J, id, result: legacyTask(status) });

/** Whether the transcript opened with initialize (else it is a stateless one). */
const isHandshake = (t: Transcript): boolean =>
  t.events.some((e) => e.kind === 'line' && e.stream === 'stdin' && e.text?.includes('"method":"initialize"') === true);

interface Case {
  rule: string;
  pass: () => Transcript;
  trip: () => Transcript;
}

const CASES: Case[] = [
  {
    rule: 'stdout-non-json',
    // Banners belong on stderr; a bad line on stdin is the user's own experiment.
    pass: () => handshake().stderr('Server started on stdio').send('{not json'),
    trip: () => handshake().recv('Server started on stdio'),
  },
  {
    rule: 'http-sse-endpoint-late',
    pass: () =>
      handshake()
        .http('h2', { phase: 'response', status: 200, headers: {}, contentType: 'text/event-stream' })
        .http('h2', { phase: 'sse-event', event: 'endpoint', size: 20 })
        .http('h2', { phase: 'sse-event', size: 40 }),
    trip: () =>
      handshake()
        .http('h2', { phase: 'response', status: 200, headers: {}, contentType: 'text/event-stream' })
        .http('h2', { phase: 'sse-event', size: 40 })
        .http('h2', { phase: 'sse-event', event: 'endpoint', size: 20 }),
  },
  {
    rule: 'jsonrpc-batch',
    pass: () => handshake().send({ jsonrpc: J, id: 1, method: 'tools/list' }).send({ jsonrpc: J, id: 2, method: 'prompts/list' }),
    trip: () =>
      handshake().send([
        { jsonrpc: J, id: 1, method: 'tools/list' },
        { jsonrpc: J, id: 2, method: 'prompts/list' },
      ]),
  },
  {
    rule: 'jsonrpc-version',
    pass: () => handshake().send({ jsonrpc: J, id: 1, method: 'ping' }).recv({ jsonrpc: J, id: 1, result: {} }),
    trip: () => handshake().send({ jsonrpc: J, id: 1, method: 'ping' }).recv({ jsonrpc: '1.0', id: 1, result: {} }),
  },
  {
    rule: 'jsonrpc-invalid',
    pass: () => handshake().send({ jsonrpc: J, id: 1, method: 'ping' }).recv({ jsonrpc: J, id: 1, result: {} }),
    trip: () => handshake().send({ jsonrpc: J, id: 1, method: 'ping' }).recv({ jsonrpc: J, id: 1 }),
  },
  {
    rule: 'jsonrpc-null-id',
    // 0 is a perfectly good id; an error may carry a null id (that is error-without-id).
    pass: () => handshake().send({ jsonrpc: J, id: 0, method: 'ping' }).recv({ jsonrpc: J, id: 0, result: {} }),
    trip: () => handshake().send({ jsonrpc: J, id: null, method: 'tools/list' }),
  },
  {
    rule: 'error-without-id',
    pass: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'nope' })
        .recv({ jsonrpc: J, id: 1, error: { code: -32601, message: 'Method not found' } }),
    trip: () =>
      handshake()
        .send('{"jsonrpc":"2.0","id":')
        .recv({ jsonrpc: J, id: null, error: { code: -32700, message: 'Parse error' } }),
  },
  {
    rule: 'error-shape',
    pass: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'nope' })
        .recv({ jsonrpc: J, id: 1, error: { code: -32601, message: 'Method not found', data: { m: 'nope' } } }),
    trip: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'tools/list' })
        .recv({ jsonrpc: J, id: 1, error: { code: '-32601', message: 'Method not found' } }),
  },
  {
    rule: 'response-unknown-id',
    pass: () => handshake().send({ jsonrpc: J, id: 'a', method: 'ping' }).recv({ jsonrpc: J, id: 'a', result: {} }),
    // 1 is not "1".
    trip: () => handshake().send({ jsonrpc: J, id: 1, method: 'ping' }).recv({ jsonrpc: J, id: '1', result: {} }),
  },
  {
    rule: 'response-duplicate',
    pass: () => handshake().send({ jsonrpc: J, id: 1, method: 'ping' }).recv({ jsonrpc: J, id: 1, result: {} }),
    trip: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'ping' })
        .recv({ jsonrpc: J, id: 1, result: {} })
        .recv({ jsonrpc: J, id: 1, result: {} }),
  },
  {
    rule: 'response-after-cancel',
    pass: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'slow' } })
        .send({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 1, reason: 'user' } }),
    trip: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'slow' } })
        .send({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 1, reason: 'user' } })
        .recv({ jsonrpc: J, id: 1, result: { content: [] } }),
  },
  {
    rule: 'request-id-reused',
    // Reusing an id after its answer is not an in-flight clash (2025-11-25 forbids it all the same: handshake-request-id-reused).
    pass: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'ping' })
        .recv({ jsonrpc: J, id: 1, result: {} })
        .send({ jsonrpc: J, id: 1, method: 'ping' }),
    trip: () => handshake().send({ jsonrpc: J, id: 1, method: 'tools/list' }).send({ jsonrpc: J, id: 1, method: 'prompts/list' }),
  },
  {
    rule: 'server-before-initialized',
    pass: () =>
      new Transcript()
        .spawn()
        .send({
          jsonrpc: J,
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
        })
        .recv({ jsonrpc: J, method: 'notifications/message', params: { level: 'info', data: 'starting' } })
        .recv({ jsonrpc: J, id: 's1', method: 'ping' })
        .recv({ jsonrpc: J, id: 0, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } })
        .send({ jsonrpc: J, method: 'notifications/initialized' })
        .recv({ jsonrpc: J, method: 'notifications/tools/list_changed' })
        .recv({ jsonrpc: J, id: 0, method: 'roots/list' }),
    trip: () =>
      new Transcript()
        .spawn()
        .send({
          jsonrpc: J,
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
        })
        .recv({ jsonrpc: J, id: 0, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } })
        .recv({ jsonrpc: J, method: 'notifications/tools/list_changed' }),
  },
  {
    rule: 'handshake-result-type',
    pass: () => listResult('tools/list', { tools: [] }),
    trip: () => listResult('tools/list', { tools: [], resultType: 'complete' }),
  },
  {
    rule: 'stateless-server-request',
    // Server requests are fine in the handshake flow.
    pass: () =>
      handshake().recv({
        jsonrpc: J,
        id: 0,
        method: 'elicitation/create',
        params: { message: 'ok?', requestedSchema: { type: 'object' } },
      }),
    trip: () =>
      stateless()
        .sendStateless(1, 'tools/call', { name: 'confirm_action', arguments: {} })
        .recv({ jsonrpc: J, id: 0, method: 'elicitation/create', params: { message: 'ok?', requestedSchema: { type: 'object' } } }),
  },
  {
    rule: 'stateless-result-type-missing',
    pass: () =>
      stateless()
        .sendStateless(1, 'tools/call', { name: 'echo' })
        .recv({ jsonrpc: J, id: 1, result: { resultType: 'complete', content: [] } }),
    trip: () =>
      stateless()
        .sendStateless(1, 'tools/call', { name: 'echo' })
        .recv({ jsonrpc: J, id: 1, result: { content: [] } }),
  },
  {
    rule: 'stateless-result-type-unknown',
    pass: () =>
      stateless()
        .send({
          jsonrpc: J,
          id: 1,
          method: 'tools/call',
          params: {
            name: 'build',
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
            },
          },
        })
        .recv({
          jsonrpc: J,
          id: 1,
          result: { resultType: 'task', taskId: 't1', status: 'working', createdAt: 'x', lastUpdatedAt: 'x', ttlMs: null },
        }),
    // A value no revision or declared extension defines ("task" undeclared is task-not-requested).
    trip: () =>
      stateless()
        .sendStateless(1, 'tools/call', { name: 'build' })
        .recv({ jsonrpc: J, id: 1, result: { resultType: 'later', content: [] } }),
  },
  {
    rule: 'stateless-cache-fields',
    pass: () =>
      stateless()
        .sendStateless(1, 'resources/read', { uri: 'test://a' })
        // An input_required round is not cacheable.
        .recv({ jsonrpc: J, id: 1, result: { resultType: 'input_required', requestState: 'x' } })
        .sendStateless(2, 'resources/read', { uri: 'test://a', requestState: 'x' })
        .recv({
          jsonrpc: J,
          id: 2,
          result: { resultType: 'complete', contents: [{ uri: 'test://a', text: 'hi' }], ttlMs: 60000, cacheScope: 'public' },
        }),
    trip: () =>
      stateless()
        .sendStateless(1, 'tools/list')
        .recv({ jsonrpc: J, id: 1, result: { resultType: 'complete', tools: [], ttlMs: 1.5 } }),
  },
  {
    rule: 'stateless-retired-error-code',
    // -32002 is the 2025-11-25 resource-not-found code: fine in the handshake flow.
    pass: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'resources/read', params: { uri: 'x://y' } })
        .recv({ jsonrpc: J, id: 1, error: { code: -32002, message: 'Resource not found' } }),
    trip: () =>
      stateless()
        .sendStateless(1, 'resources/read', { uri: 'x://y' })
        .recv({ jsonrpc: J, id: 1, error: { code: -32002, message: 'Resource not found' } }),
  },
  {
    rule: 'stateless-missing-envelope',
    pass: () => stateless().sendStateless(1, 'tools/list'),
    trip: () =>
      stateless().send({
        jsonrpc: J,
        id: 1,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      }),
  },
  {
    rule: 'error-code-reserved',
    pass: () =>
      stateless()
        .sendStateless(1, 'tools/list')
        .recv({
          jsonrpc: J,
          id: 1,
          error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'], requested: 'x' } },
        })
        .sendStateless(2, 'tools/list')
        .recv({ jsonrpc: J, id: 2, error: { code: -32001, message: 'Request timed out' } })
        .sendStateless(3, 'tools/list')
        .recv({ jsonrpc: J, id: 3, error: { code: -1, message: 'Application error' } }),
    trip: () =>
      stateless()
        .sendStateless(1, 'tools/list')
        .recv({ jsonrpc: J, id: 1, error: { code: -32050, message: 'Made up' } }),
  },
  {
    rule: 'tool-name',
    pass: () =>
      toolsListed(
        ['getUser', 'DATA_EXPORT_v2', 'admin.tools.list', 'x'.repeat(128)].map((name) => ({ name, inputSchema: { type: 'object' } })),
      ),
    trip: () => toolsListed([{ name: 'get weather', inputSchema: { type: 'object' } }]),
  },
  {
    rule: 'tool-input-schema-root',
    pass: () => toolsListed([{ name: 'noargs', inputSchema: { type: 'object', additionalProperties: false } }]),
    trip: () => toolsListed([{ name: 'bad', inputSchema: { type: 'string' } }]),
  },
  {
    rule: 'tool-list-shape',
    pass: () =>
      listResult('resources/list', { resources: [{ uri: 'test://a', name: 'a' }], nextCursor: 'p2' })
        .send({ jsonrpc: J, id: 2, method: 'resources/templates/list' })
        .recv({ jsonrpc: J, id: 2, result: { resourceTemplates: [{ uriTemplate: 'greeting://{name}', name: 'greeting' }] } })
        .send({ jsonrpc: J, id: 3, method: 'prompts/list' })
        .recv({ jsonrpc: J, id: 3, result: { prompts: [{ name: 'p', arguments: [{ name: 'a', required: true }] }] } }),
    trip: () => listResult('tools/list', { tools: [{ name: 42, inputSchema: { type: 'object' } }] }),
  },
  {
    rule: 'tool-structured-content',
    pass: () => toolCall([ORDER_TOOL], { content: [{ type: 'text', text: '{}' }], structuredContent: { orderId: 'O-1', total: 9.5 } }),
    trip: () => toolCall([ORDER_TOOL], { content: [{ type: 'text', text: '{}' }], structuredContent: { orderId: 'O-1', total: '9.5' } }),
  },
  {
    rule: 'tool-structured-content-missing',
    // A tool error needs no structured content.
    pass: () => toolCall([ORDER_TOOL], { content: [{ type: 'text', text: 'boom' }], isError: true }),
    trip: () => toolCall([ORDER_TOOL], { content: [{ type: 'text', text: 'done' }] }),
  },
  {
    rule: 'content-block',
    pass: () =>
      toolCall([{ name: 'media', inputSchema: { type: 'object' } }], {
        content: [
          { type: 'text', text: 'hi', annotations: { audience: ['user'], priority: 0.5 } },
          { type: 'image', data: PNG, mimeType: 'image/png' },
          { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'info://x', name: 'x' },
          { type: 'resource', resource: { uri: 'info://x', text: 'x' } },
          { type: 'resource', resource: { uri: 'info://y', blob: 'AAEC' } },
        ],
      }),
    trip: () =>
      toolCall([{ name: 'media', inputSchema: { type: 'object' } }], {
        content: [{ type: 'image', data: 'not base64!', mimeType: 'image/png' }],
      }),
  },
  {
    rule: 'initialize-result-shape',
    pass: () => handshake(),
    trip: () =>
      new Transcript()
        .spawn()
        .send(INITIALIZE)
        .recv({ jsonrpc: J, id: 0, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's' } } }),
  },
  {
    rule: 'discover-result-shape',
    pass: () =>
      stateless()
        .sendStateless(1, 'server/discover')
        .recv({
          jsonrpc: J,
          id: 1,
          result: {
            resultType: 'complete',
            supportedVersions: ['2026-07-28'],
            capabilities: { tools: {} },
            ttlMs: 0,
            cacheScope: 'private',
            _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
          },
        }),
    trip: () =>
      stateless()
        .sendStateless(1, 'server/discover')
        .recv({
          jsonrpc: J,
          id: 1,
          result: { resultType: 'complete', supportedVersions: '2026-07-28', capabilities: {}, ttlMs: 0, cacheScope: 'private' },
        }),
  },
  {
    rule: 'resource-read-shape',
    pass: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'resources/read', params: { uri: 'x://a' } })
        .recv({
          jsonrpc: J,
          id: 1,
          result: {
            contents: [
              { uri: 'x://a', text: 'a' },
              { uri: 'x://a/b', mimeType: 'image/png', blob: PNG },
            ],
          },
        }),
    trip: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'resources/read', params: { uri: 'x://a' } })
        .recv({ jsonrpc: J, id: 1, result: { contents: [{ uri: 'x://a', text: 'a', blob: 'AAEC' }] } }),
  },
  {
    rule: 'resource-not-found',
    pass: () =>
      stateless()
        .sendStateless(1, 'resources/read', { uri: 'x://missing' })
        .recv({ jsonrpc: J, id: 1, error: { code: -32602, message: 'Resource not found', data: { uri: 'x://missing' } } }),
    trip: () =>
      stateless()
        .sendStateless(1, 'resources/read', { uri: 'x://missing' })
        .recv({ jsonrpc: J, id: 1, error: { code: -32602, message: 'Resource not found' } }),
  },
  {
    rule: 'completion-result-shape',
    pass: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'completion/complete', params: COMPLETE_PARAMS })
        .recv({ jsonrpc: J, id: 1, result: { completion: { values: ['python', 'pytorch'], total: 10, hasMore: true } } }),
    trip: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'completion/complete', params: COMPLETE_PARAMS })
        .recv({ jsonrpc: J, id: 1, result: { completion: { values: ['python', 'pytorch', 'pyside'], total: 2 } } }),
  },
  {
    rule: 'input-required-method',
    pass: () =>
      stateless()
        .sendStateless(1, 'resources/read', { uri: 'x://a' })
        .recv({ jsonrpc: J, id: 1, result: { resultType: 'input_required', requestState: 'again' } }),
    trip: () =>
      stateless()
        .sendStateless(1, 'tools/list')
        .recv({ jsonrpc: J, id: 1, result: { resultType: 'input_required', requestState: 'again' } }),
  },
  {
    rule: 'input-required-shape',
    pass: () =>
      stateless()
        .sendStateless(1, 'prompts/get', { name: 'p' })
        .recv({
          jsonrpc: J,
          id: 1,
          result: {
            resultType: 'input_required',
            inputRequests: { ok: { method: 'elicitation/create', params: { message: 'Go?', requestedSchema: { type: 'object' } } } },
          },
        }),
    trip: () =>
      stateless()
        .sendStateless(1, 'tools/call', { name: 'deploy' })
        .recv({ jsonrpc: J, id: 1, result: { resultType: 'input_required' } }),
  },
  {
    rule: 'missing-capability-error',
    // The request declared no capabilities: asking for elicitation is right.
    pass: () =>
      stateless()
        .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'deploy', _meta: BARE_META } })
        .recv({
          jsonrpc: J,
          id: 1,
          error: { code: -32021, message: 'Needs elicitation', data: { requiredCapabilities: { elicitation: {} } } },
        }),
    // META declares elicitation: the server asks for what it was given.
    trip: () =>
      stateless()
        .sendStateless(1, 'tools/call', { name: 'deploy' })
        .recv({
          jsonrpc: J,
          id: 1,
          error: { code: -32021, message: 'Needs elicitation', data: { requiredCapabilities: { elicitation: {} } } },
        }),
  },
  {
    rule: 'task-status-transition',
    // working -> input_required -> working -> completed, then the same end again.
    pass: () =>
      pollTask(pollTask(pollTask(pollTask(taskCall(), 2, 'input_required'), 3, 'working'), 4, 'completed'), 5, 'completed').recv({
        jsonrpc: J,
        method: 'notifications/tasks/status',
        params: legacyTask('completed'),
      }),
    trip: () => pollTask(pollTask(taskCall(), 2, 'completed'), 3, 'working'),
  },
  {
    rule: 'task-result-status',
    // tasks/result waits; a poll sent while it waits may still see the task working.
    pass: () =>
      taskCall()
        .send({ jsonrpc: J, id: 2, method: 'tasks/result', params: { taskId: 't1' } })
        .send({ jsonrpc: J, id: 3, method: 'tasks/get', params: { taskId: 't1' } })
        .recv({
          jsonrpc: J,
          id: 2,
          result: { content: [{ type: 'text', text: 'built' }], _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } } },
        })
        .recv({ jsonrpc: J, id: 3, result: legacyTask('working') }),
    // A poll sent after tasks/result answered finds the task still working: the answer came early.
    trip: () =>
      pollTask(
        taskCall()
          .send({ jsonrpc: J, id: 2, method: 'tasks/result', params: { taskId: 't1' } })
          .recv({ jsonrpc: J, id: 2, result: { content: [{ type: 'text', text: 'built' }] } }),
        3,
        'working',
      ),
  },
  {
    rule: 'task-not-requested',
    pass: () => taskCall(),
    trip: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'build', arguments: {} } })
        .recv({ jsonrpc: J, id: 1, result: { task: legacyTask('working') } }),
  },
  {
    rule: 'task-shape',
    pass: () => taskCall().recv({ jsonrpc: J, method: 'notifications/tasks/status', params: legacyTask('working') }),
    trip: () =>
      taskCall().recv({ jsonrpc: J, method: 'notifications/tasks/status', params: { ...legacyTask('working'), pollInterval: 'soon' } }),
  },
  {
    rule: 'stateless-task-method-removed',
    pass: () =>
      stateless()
        .sendStateless(1, 'tasks/result', { taskId: 't1' })
        .recv({ jsonrpc: J, id: 1, error: { code: -32601, message: 'Method not found' } }),
    trip: () =>
      stateless()
        .sendStateless(1, 'tasks/result', { taskId: 't1' })
        .recv({ jsonrpc: J, id: 1, result: { resultType: 'complete', content: [{ type: 'text', text: 'built' }] } }),
  },
  {
    rule: 'stateless-unrequested-notification',
    pass: () =>
      stateless()
        .sendStateless(1, 'subscriptions/listen', { notifications: { toolsListChanged: true } })
        .recv({
          jsonrpc: J,
          method: 'notifications/subscriptions/acknowledged',
          params: { notifications: { toolsListChanged: true }, _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } },
        })
        .recv({
          jsonrpc: J,
          method: 'notifications/tools/list_changed',
          params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } },
        }),
    trip: () => stateless().sendStateless(1, 'tools/list').recv({ jsonrpc: J, method: 'notifications/tools/list_changed' }),
  },
  {
    rule: 'progress-token-unknown',
    pass: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'slow', _meta: { progressToken: 'p1' } } })
        .recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 'p1', progress: 1, total: 2 } })
        .recv({ jsonrpc: J, id: 1, result: { content: [] } }),
    trip: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'slow', _meta: { progressToken: 'p1' } } })
        .recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 'p2', progress: 1 } }),
  },
  {
    rule: 'progress-not-increasing',
    pass: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'slow', _meta: { progressToken: 7 } } })
        .recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 7, progress: 0.5 } })
        .recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 7, progress: 2 } }),
    trip: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'slow', _meta: { progressToken: 7 } } })
        .recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 7, progress: 2 } })
        .recv({ jsonrpc: J, method: 'notifications/progress', params: { progressToken: 7, progress: 2 } }),
  },
  {
    rule: 'capability-undeclared',
    pass: () =>
      new Transcript()
        .spawn()
        .send({ ...INITIALIZE, params: { ...INITIALIZE.params, capabilities: { roots: {} } } })
        .recv({ jsonrpc: J, id: 0, result: INITIALIZE_RESULT })
        .send({ jsonrpc: J, method: 'notifications/initialized' })
        .recv({ jsonrpc: J, id: 0, method: 'roots/list' }),
    // The client declared no capabilities.
    trip: () =>
      handshake().recv({
        jsonrpc: J,
        id: 0,
        method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 },
      }),
  },
  {
    rule: 'stateless-client-response',
    pass: () => handshake().recv({ jsonrpc: J, id: 0, method: 'ping' }).send({ jsonrpc: J, id: 0, result: {} }),
    trip: () =>
      stateless()
        .sendStateless(1, 'tools/call', { name: 'confirm_action' })
        .recv({ jsonrpc: J, id: 0, method: 'elicitation/create', params: { message: 'ok?', requestedSchema: { type: 'object' } } })
        .send({ jsonrpc: J, id: 0, result: { action: 'accept', content: {} } }),
  },
  {
    rule: 'handshake-request-id-reused',
    // 2026-07-28 only asks ids to be unique among requests in flight.
    pass: () =>
      stateless()
        .sendStateless(1, 'tools/list')
        .recv({ jsonrpc: J, id: 1, result: { resultType: 'complete', tools: [], ttlMs: 0, cacheScope: 'private' } })
        .sendStateless(1, 'tools/list'),
    trip: () =>
      handshake()
        .recv({ jsonrpc: J, id: 0, method: 'ping' })
        .send({ jsonrpc: J, id: 0, result: {} })
        .recv({ jsonrpc: J, id: 0, method: 'ping' }),
  },
  {
    rule: 'pagination-cursor-repeated',
    pass: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'tools/list' })
        .recv({ jsonrpc: J, id: 1, result: { tools: [], nextCursor: 'a' } })
        .send({ jsonrpc: J, id: 2, method: 'tools/list', params: { cursor: 'a' } })
        .recv({ jsonrpc: J, id: 2, result: { tools: [] } })
        // A new walk may hand out the same cursors again.
        .send({ jsonrpc: J, id: 3, method: 'tools/list' })
        .recv({ jsonrpc: J, id: 3, result: { tools: [], nextCursor: 'a' } }),
    trip: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'tools/list' })
        .recv({ jsonrpc: J, id: 1, result: { tools: [], nextCursor: 'a' } })
        .send({ jsonrpc: J, id: 2, method: 'tools/list', params: { cursor: 'a' } })
        .recv({ jsonrpc: J, id: 2, result: { tools: [], nextCursor: 'b' } })
        .send({ jsonrpc: J, id: 3, method: 'tools/list', params: { cursor: 'b' } })
        .recv({ jsonrpc: J, id: 3, result: { tools: [], nextCursor: 'a' } }),
  },
  {
    rule: 'pagination-page-limit',
    pass: () => pagesOfTools(MAX_PAGES, false),
    trip: () => pagesOfTools(MAX_PAGES, true),
  },
  {
    rule: 'schema-violation',
    pass: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'logging/setLevel', params: { level: 'warning' } })
        .recv({ jsonrpc: J, id: 1, result: {} })
        .recv({ jsonrpc: J, method: 'notifications/message', params: { level: 'warning', data: { disk: '91%' } } }),
    trip: () =>
      handshake()
        .send({ jsonrpc: J, id: 1, method: 'logging/setLevel', params: { level: 'warning' } })
        .recv({ jsonrpc: J, id: 1, result: {} })
        .recv({ jsonrpc: J, method: 'notifications/message', params: { level: 'verbose', data: 'x' } }),
  },
  ...AUTH_CASES,
  ...APP_CASES,
];

describe('every rule has a fixture', () => {
  it('covers RULES exactly, once each', () => {
    expect(CASES.map((c) => c.rule).sort()).toEqual(RULES.map((r) => r.id).sort());
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });
});

describe.each(CASES)('$rule', ({ rule, pass, trip }) => {
  it('passes a transcript without the fault', () => {
    expect(rulesOf(lint(pass().events))).not.toContain(rule);
  });

  it('trips on the faulty line', () => {
    const transcript = trip();
    const findings = lint(transcript.events).filter((f) => f.rule === rule);
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    const info = RULES.find((r) => r.id === rule);
    expect(finding).toMatchObject({ rule, severity: info?.severity, conn: 'c1', seq: transcript.events.at(-1)?.seq });
    // The page of the session's own revision: 2025 pages in a handshake session; an app's lane cites the extension.
    // MCP Apps is an extension of its own, the same under either revision: its rules cite it.
    const apps = info?.spec.includes('/extensions/apps/') === true;
    expect(finding?.spec).toMatch(
      apps ? /\/extensions\/apps\// : isHandshake(transcript) ? /\/specification\/2025-/ : /\/specification\/2026-07-28\//,
    );
    // One sentence.
    expect(finding?.message).toMatch(/^[A-Z][^\n]*\.$/);
  });
});
