// Edge cases of single rules, beyond the one pass/trip pair each gets in rules.test.ts.
import { describe, expect, it } from 'vitest';

import { RULES } from './rules.js';
import { META, Transcript, lint, rulesOf } from './testing/transcript.js';

const J = '2.0';
const handshake = (): Transcript => new Transcript().spawn().handshake();
const stateless = (): Transcript => new Transcript().connectStart('stateless').spawn();
const findingsOf = (t: Transcript) => lint(t.events);

describe('framing and JSON-RPC', () => {
  it('flags a stdout line that is not UTF-8', () => {
    const [finding] = findingsOf(handshake().recvBytes('/w==', 2));
    expect(finding).toMatchObject({ rule: 'stdout-non-json' });
    expect(finding?.message).toContain('invalid UTF-8 at byte 0');
  });

  it('flags a blank stdout line and a bare JSON value', () => {
    expect(rulesOf(findingsOf(handshake().recv('')))).toEqual(['stdout-non-json']);
    expect(rulesOf(findingsOf(handshake().recv('42')))).toEqual(['jsonrpc-invalid']);
  });

  it('names what lacks "jsonrpc"', () => {
    const [finding] = findingsOf(handshake().send({ id: 1, method: 'tools/list' }));
    expect(finding?.message).toContain('the request tools/list (id 1) with no "jsonrpc" member');
  });

  it('reports an error with a null id once, not also as an unknown id', () => {
    expect(rulesOf(findingsOf(handshake().recv({ jsonrpc: J, id: null, error: { code: -32600, message: 'Invalid Request' } })))).toEqual([
      'error-without-id',
    ]);
  });

  it('reports a non-string error message as error-shape', () => {
    const [finding] = findingsOf(
      handshake()
        .send({ jsonrpc: J, id: 5, method: 'nope' })
        .recv({ jsonrpc: J, id: 5, error: { code: -32601 } }),
    );
    expect(finding).toMatchObject({ rule: 'error-shape' });
    expect(finding?.message).toContain('to nope (id 5)');
  });
});

describe('error codes', () => {
  const CODE_RULES = ['error-code-reserved', 'stateless-retired-error-code'];
  const errorIn = (t: Transcript, code: number): string[] =>
    rulesOf(
      findingsOf(
        t
          .send({
            jsonrpc: J,
            id: 9,
            method: 'x/y',
            params: {
              _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
            },
          })
          .recv({ jsonrpc: J, id: 9, error: { code, message: 'm' } }),
      ),
    ).filter((rule) => CODE_RULES.includes(rule));

  it('judges codes against the revision in use', () => {
    expect(errorIn(handshake(), -32022)).toEqual(['error-code-reserved']);
    expect(errorIn(handshake(), -32042)).toEqual([]);
    expect(errorIn(stateless(), -32021)).toEqual([]);
    // Unknown flow: either revision's codes are fine.
    expect(errorIn(new Transcript().connectStart('auto').spawn().note('x', null), -32022)).toEqual([]);
  });

  it('reports a retired code in the stateless flow as retired only', () => {
    expect(errorIn(stateless(), -32042)).toEqual(['stateless-retired-error-code']);
  });

  it('leaves implementation-defined and application codes alone, and flags the rest of the reserved range', () => {
    for (const code of [-32000, -32001, -32003, -32004, -32019, -31999, -32769, 1, -1]) expect(errorIn(stateless(), code)).toEqual([]);
    for (const code of [-32020 - 80, -32100, -32604, -32768]) expect(errorIn(handshake(), code)).toEqual(['error-code-reserved']);
  });
});

describe('flow rules', () => {
  it('flags a server request before notifications/initialized, except ping', () => {
    const t = new Transcript()
      .spawn()
      .send({
        jsonrpc: J,
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: { roots: {} }, clientInfo: { name: 'x', version: '1' } },
      })
      .recv({ jsonrpc: J, id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } })
      .recv({ jsonrpc: J, id: 0, method: 'ping' })
      .recv({ jsonrpc: J, id: 1, method: 'roots/list' });
    const findings = findingsOf(t);
    expect(rulesOf(findings)).toEqual(['server-before-initialized']);
    expect(findings[0]?.message).toContain('the request roots/list (id 1)');
  });

  it('does not expect notifications/initialized in the stateless flow', () => {
    const t = stateless()
      .send({
        jsonrpc: J,
        id: 1,
        method: 'tools/call',
        params: { name: 'x', _meta: { ...META, 'io.modelcontextprotocol/logLevel': 'info' } },
      })
      .recv({ jsonrpc: J, method: 'notifications/message', params: { level: 'info', data: 'x' } });
    expect(findingsOf(t)).toEqual([]);
  });

  it('names every missing envelope key, and a request without params', () => {
    const [finding] = findingsOf(stateless().send({ jsonrpc: J, id: 1, method: 'tools/list' }));
    expect(finding).toMatchObject({ rule: 'stateless-missing-envelope' });
    expect(finding?.message).toContain('tools/list (id 1) without params._meta');
    const [partial] = findingsOf(
      stateless().send({
        jsonrpc: J,
        id: 2,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/clientCapabilities': [] } },
      }),
    );
    expect(partial?.message).toContain('io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities');
  });

  it('treats an unknown resultType as unknown and does not ask it for cache fields', () => {
    const t = stateless()
      .sendStateless(1, 'tools/list')
      .recv({ jsonrpc: J, id: 1, result: { resultType: 'partial', tools: [] } });
    expect(rulesOf(findingsOf(t))).toEqual(['stateless-result-type-unknown']);
  });

  it('asks a result without resultType (a legacy server) for cache fields too', () => {
    const t = stateless()
      .sendStateless(1, 'server/discover')
      .recv({ jsonrpc: J, id: 1, result: { supportedVersions: ['2026-07-28'], capabilities: {} } });
    const findings = findingsOf(t);
    expect(rulesOf(findings)).toEqual(['stateless-result-type-missing', 'stateless-cache-fields']);
    expect(findings[1]?.message).toContain('no ttlMs and no cacheScope');
  });

  it('does not check the answer the client gives a server request', () => {
    const t = new Transcript()
      .spawn()
      .handshake({ roots: {} })
      .recv({ jsonrpc: J, id: 0, method: 'roots/list' })
      .send({ jsonrpc: J, id: 0, result: { roots: [] } });
    expect(findingsOf(t)).toEqual([]);
  });
});

describe('results', () => {
  const toolsListed = (tools: unknown[]): Transcript =>
    handshake().send({ jsonrpc: J, id: 1, method: 'tools/list' }).recv({ jsonrpc: J, id: 1, result: { tools } });

  it('checks tool names for length too', () => {
    const findings = findingsOf(toolsListed(['', 'x'.repeat(129)].map((name) => ({ name, inputSchema: { type: 'object' } }))));
    expect(rulesOf(findings)).toEqual(['tool-name', 'tool-name']);
    expect(findings[1]?.message).toContain('is 129 characters long');
  });

  it('flags a missing inputSchema once (not also as a list shape problem)', () => {
    const findings = findingsOf(toolsListed([{ name: 'bare' }, { name: 'nullish', inputSchema: null }]));
    expect(rulesOf(findings)).toEqual(['tool-input-schema-root', 'tool-input-schema-root']);
    expect(findings[0]?.message).toContain('tool "bare" has no inputSchema');
  });

  it('checks the shape of every list method', () => {
    const list = (method: string, result: Record<string, unknown>): string[] =>
      rulesOf(findingsOf(handshake().send({ jsonrpc: J, id: 1, method }).recv({ jsonrpc: J, id: 1, result })));
    expect(list('tools/list', { tools: {} })).toEqual(['tool-list-shape']);
    expect(list('prompts/list', { prompts: [{ description: 'no name' }] })).toEqual(['tool-list-shape']);
    expect(list('resources/list', { resources: [{ name: 'no uri' }] })).toEqual(['tool-list-shape']);
    expect(list('resources/templates/list', { resourceTemplates: [{ uri: 'x://', name: 'not a template' }] })).toEqual(['tool-list-shape']);
    expect(list('resources/list', { resources: [], nextCursor: 3 })).toEqual(['tool-list-shape']);
  });

  it('reports an outputSchema that cannot be used', () => {
    const findings = findingsOf(
      toolsListed([
        { name: 'remote', inputSchema: { type: 'object' }, outputSchema: { $ref: 'https://example.com/schema.json' } },
        { name: 'broken', inputSchema: { type: 'object' }, outputSchema: { type: 'obj' } },
      ]),
    );
    expect(rulesOf(findings)).toEqual(['tool-list-shape', 'tool-list-shape']);
    expect(findings[0]?.message).toContain('cannot be resolved (remote references are never fetched)');
  });

  it('validates structuredContent against a draft-07 outputSchema (SDK 1.x servers)', () => {
    const tool = {
      name: 'read_graph',
      inputSchema: { type: 'object' },
      outputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { entities: { type: 'array' } },
        required: ['entities'],
      },
    };
    const call = (structuredContent: unknown): string[] =>
      rulesOf(
        findingsOf(
          toolsListed([tool])
            .send({ jsonrpc: J, id: 2, method: 'tools/call', params: { name: 'read_graph' } })
            .recv({ jsonrpc: J, id: 2, result: { content: [], structuredContent } }),
        ),
      );
    expect(call({ entities: [], relations: [] })).toEqual([]);
    expect(call({ relations: [] })).toEqual(['tool-structured-content']);
  });

  it('leaves tools/call alone when no tools/list was seen', () => {
    const t = handshake()
      .send({ jsonrpc: J, id: 2, method: 'tools/call', params: { name: 'x' } })
      .recv({ jsonrpc: J, id: 2, result: { content: [] } });
    expect(findingsOf(t)).toEqual([]);
  });

  it('checks every kind of content block', () => {
    const call = (content: unknown): string | undefined =>
      findingsOf(
        handshake()
          .send({ jsonrpc: J, id: 2, method: 'tools/call', params: { name: 'x' } })
          .recv({ jsonrpc: J, id: 2, result: { content } }),
      )[0]?.message;
    expect(call(undefined)).toContain('has no content array');
    expect(call([{ type: 'video', data: 'AA==' }])).toContain('content[0] has unknown type "video"');
    expect(call([{ text: 'untyped' }])).toContain('content[0] has no type');
    expect(call([{ type: 'text', text: 1 }])).toContain('content[0] (text) text:');
    expect(call([{ type: 'audio', data: 'AAAA' }])).toContain('content[0] (audio) mimeType:');
    expect(call([{ type: 'resource_link', uri: 'x://y' }])).toContain('content[0] (resource_link) name:');
    expect(call([{ type: 'resource', resource: { uri: 'x://y', text: 'a', blob: 'AA==' } }])).toContain('exactly one of text or blob');
    expect(call([{ type: 'resource', resource: { uri: 'x://y' } }])).toContain('exactly one of text or blob');
    expect(call([{ type: 'text', text: 'a', annotations: { priority: 2 } }])).toContain('annotations.priority');
  });

  it('checks prompts/get messages: role and content', () => {
    const get = (messages: unknown): string | undefined =>
      findingsOf(
        handshake()
          .send({ jsonrpc: J, id: 2, method: 'prompts/get', params: { name: 'p' } })
          .recv({ jsonrpc: J, id: 2, result: { messages } }),
      )[0]?.message;
    expect(get([{ role: 'user', content: { type: 'text', text: 'hi' } }])).toBeUndefined();
    expect(get([{ role: 'system', content: { type: 'text', text: 'hi' } }])).toContain('messages[0].role is "system"');
    expect(get([{ role: 'assistant', content: { type: 'image', data: 'AA==' } }])).toContain('messages[0].content (image) mimeType:');
    expect(get('nope')).toContain('has no messages array');
  });

  it('does not check an input_required result for content', () => {
    const t = stateless()
      .sendStateless(1, 'tools/call', { name: 'x' })
      .recv({ jsonrpc: J, id: 1, result: { resultType: 'input_required', inputRequests: {} } });
    expect(findingsOf(t)).toEqual([]);
  });
});

describe('spec pages', () => {
  const badError = (t: Transcript): Transcript => t.recv({ jsonrpc: J, id: 9, error: { code: '-1', message: 'm' } });

  it("cites the page of the session's own revision for a rule of both flows", () => {
    const [inHandshake] = findingsOf(badError(handshake().send({ jsonrpc: J, id: 9, method: 'tools/list' })));
    expect(inHandshake).toMatchObject({
      rule: 'error-shape',
      spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/index#error-responses',
    });
    const [inStateless] = findingsOf(badError(stateless().sendStateless(9, 'tools/list')));
    expect(inStateless).toMatchObject({
      rule: 'error-shape',
      spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/index#error-responses',
    });
  });

  it('gives every rule that can trip in a handshake session a page of that era', () => {
    const statelessOnly = RULES.filter((r) => r.spec.includes('/2026-07-28/') && r.handshakeSpec === undefined).map((r) => r.id);
    for (const rule of RULES) {
      if (statelessOnly.includes(rule.id)) continue;
      // An MCP App's lane is the extension's own protocol, the same under either revision.
      if (rule.spec.includes('/extensions/apps/')) continue;
      expect(rule.handshakeSpec ?? rule.spec, rule.id).toMatch(/\/specification\/(2025-|2024-)/);
    }
    // What is only judged in the stateless flow (or only in 2026-07-28 messages).
    expect(statelessOnly.sort()).toEqual(
      [
        'discover-result-shape',
        'input-required-method',
        'input-required-shape',
        'missing-capability-error',
        'resource-not-found',
        'stateless-cache-fields',
        'stateless-client-response',
        'stateless-missing-envelope',
        'stateless-result-type-missing',
        'stateless-result-type-unknown',
        'stateless-retired-error-code',
        'stateless-server-request',
        'stateless-task-method-removed',
        'stateless-unrequested-notification',
      ].sort(),
    );
  });
});

describe('progress', () => {
  const slow = (t: Transcript, token: string | number = 't'): Transcript =>
    t.send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'slow', _meta: { progressToken: token } } });
  const progress = (token: string | number, value: number) => ({
    jsonrpc: J,
    method: 'notifications/progress',
    params: { progressToken: token, progress: value },
  });

  it('flags progress after the request was answered', () => {
    const t = slow(handshake())
      .recv({ jsonrpc: J, id: 1, result: { content: [] } })
      .recv(progress('t', 1));
    expect(rulesOf(findingsOf(t))).toEqual(['progress-token-unknown']);
  });

  it('leaves stragglers after a cancel alone', () => {
    const t = slow(handshake())
      .recv(progress('t', 2))
      .send({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 1, reason: 'user' } })
      .recv(progress('t', 1));
    expect(findingsOf(t)).toEqual([]);
  });

  it('keeps the token of a task-augmented request alive after its CreateTaskResult', () => {
    const t = handshake()
      .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'build', task: { ttl: 60000 }, _meta: { progressToken: 'k' } } })
      .recv({
        jsonrpc: J,
        id: 1,
        result: {
          task: { taskId: 'a', status: 'working', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:00Z', ttl: 60000 },
        },
      })
      .recv(progress('k', 1));
    expect(findingsOf(t)).toEqual([]);
  });

  it("keeps the two sides' tokens apart: a server cannot report on its own token", () => {
    const t = new Transcript()
      .spawn()
      .handshake({ roots: {} })
      .recv({ jsonrpc: J, id: 0, method: 'roots/list', params: { _meta: { progressToken: 'r' } } })
      .recv(progress('r', 1));
    expect(rulesOf(findingsOf(t))).toEqual(['progress-token-unknown']);
  });
});

describe('capabilities', () => {
  it('flags a URL elicitation when only form mode was declared, and a listChanged nobody offered', () => {
    const t = new Transcript()
      .spawn()
      .handshake({ elicitation: {} })
      .recv({
        jsonrpc: J,
        id: 0,
        method: 'elicitation/create',
        params: { mode: 'url', message: 'Sign in', url: 'https://example.com/login', elicitationId: 'e1' },
      })
      .recv({ jsonrpc: J, method: 'notifications/prompts/list_changed' });
    const findings = findingsOf(t);
    expect(rulesOf(findings)).toEqual(['capability-undeclared', 'capability-undeclared']);
    expect(findings[0]?.message).toContain('elicitation.url');
    expect(findings[1]?.message).toContain('prompts.listChanged');
  });

  it('takes an empty elicitation object as form mode', () => {
    const t = new Transcript()
      .spawn()
      .handshake({ elicitation: {} })
      .recv({
        jsonrpc: J,
        id: 0,
        method: 'elicitation/create',
        params: { message: 'Go?', requestedSchema: { type: 'object', properties: {} } },
      });
    expect(findingsOf(t)).toEqual([]);
  });

  it('flags an input request the stateless request did not declare (it should have been -32021)', () => {
    const t = stateless()
      .sendStateless(1, 'tools/call', { name: 'summarize' })
      .recv({
        jsonrpc: J,
        id: 1,
        result: {
          resultType: 'input_required',
          inputRequests: { llm: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } } },
        },
      });
    const [finding] = findingsOf(t);
    expect(finding).toMatchObject({ rule: 'capability-undeclared' });
    expect(finding?.message).toContain('"llm" (sampling/createMessage) needs sampling');
  });

  it('flags -32021 naming a server capability, or without data', () => {
    const error = (data: unknown) =>
      findingsOf(
        stateless()
          .sendStateless(1, 'prompts/list')
          .recv({ jsonrpc: J, id: 1, error: { code: -32021, message: 'No', ...(data === undefined ? {} : { data }) } }),
      );
    const [server] = error({ requiredCapabilities: { prompts: {} } });
    expect(server).toMatchObject({ rule: 'missing-capability-error' });
    expect(server?.message).toContain('is -32601');
    expect(rulesOf(error(undefined))).toEqual(['missing-capability-error']);
  });
});

describe('the stateless notification streams', () => {
  const listen = (filter: Record<string, unknown>): Transcript =>
    stateless().sendStateless(4, 'subscriptions/listen', { notifications: filter });
  const tagged = (method: string, params: Record<string, unknown> = {}, id: unknown = 4) => ({
    jsonrpc: J,
    method,
    params: { ...params, _meta: { 'io.modelcontextprotocol/subscriptionId': id } },
  });
  const ack = (filter: Record<string, unknown>) => tagged('notifications/subscriptions/acknowledged', { notifications: filter });

  it('says why a change notification is out of place', () => {
    const cases: Array<[Transcript, string]> = [
      [listen({ toolsListChanged: true }).recv(tagged('notifications/tools/list_changed', {}, 5)), 'no open subscriptions/listen'],
      [
        listen({ toolsListChanged: true }).recv(tagged('notifications/tools/list_changed')),
        'before notifications/subscriptions/acknowledged',
      ],
      [
        listen({ toolsListChanged: true })
          .recv(ack({ toolsListChanged: true }))
          .recv(tagged('notifications/prompts/list_changed')),
        'did not ask for it (promptsListChanged)',
      ],
      [
        listen({ resourceSubscriptions: ['file:///a'] })
          .recv(ack({ resourceSubscriptions: ['file:///a'] }))
          .recv(tagged('notifications/resources/updated', { uri: 'file:///b' })),
        'did not ask for it (resourceSubscriptions)',
      ],
      [
        listen({ toolsListChanged: true })
          .recv(ack({ toolsListChanged: true }))
          .send({ jsonrpc: J, method: 'notifications/cancelled', params: { requestId: 4 } })
          .recv(tagged('notifications/tools/list_changed')),
        'no open subscriptions/listen',
      ],
    ];
    for (const [t, why] of cases) {
      const findings = findingsOf(t);
      expect(rulesOf(findings)).toEqual(['stateless-unrequested-notification']);
      expect(findings[0]?.message).toContain(why);
    }
  });

  it('accepts resource updates for the URIs asked for', () => {
    const t = listen({ resourceSubscriptions: ['file:///a'] })
      .recv(ack({ resourceSubscriptions: ['file:///a'] }))
      .recv(tagged('notifications/resources/updated', { uri: 'file:///a' }));
    expect(findingsOf(t)).toEqual([]);
  });
});

describe('ids and directions', () => {
  it('counts the session from initialize: an id the auto probe used before it may come back', () => {
    const t = new Transcript()
      .spawn()
      .sendStateless(1, 'server/discover')
      .recv({ jsonrpc: J, id: 1, error: { code: -32601, message: 'Method not found' } })
      .handshake()
      .send({ jsonrpc: J, id: 1, method: 'tools/list' });
    expect(findingsOf(t)).toEqual([]);
  });

  it('flags a stateless client response once, even to an id it does not know', () => {
    expect(rulesOf(findingsOf(stateless().send({ jsonrpc: J, id: 3, error: { code: -32601, message: 'no' } })))).toEqual([
      'stateless-client-response',
    ]);
  });
});

describe('resources/read and input_required details', () => {
  it('flags a not-found error naming another uri, and leaves a malformed request alone', () => {
    const [other] = findingsOf(
      stateless()
        .sendStateless(1, 'resources/read', { uri: 'x://a' })
        .recv({ jsonrpc: J, id: 1, error: { code: -32602, message: 'Resource not found', data: { uri: 'x://b' } } }),
    );
    expect(other?.message).toContain('names data.uri "x://b", not "x://a"');
    const malformed = stateless()
      .send({ jsonrpc: J, id: 1, method: 'resources/read', params: { uri: 'x://a' } })
      .recv({ jsonrpc: J, id: 1, error: { code: -32602, message: 'Missing _meta' } });
    expect(rulesOf(findingsOf(malformed))).toEqual(['stateless-missing-envelope']);
  });

  it('names input requests that are not one of the three', () => {
    const [finding] = findingsOf(
      stateless()
        .sendStateless(1, 'tools/call', { name: 'x' })
        .recv({ jsonrpc: J, id: 1, result: { resultType: 'input_required', inputRequests: { a: { method: 'tools/call', params: {} } } } }),
    );
    expect(finding).toMatchObject({ rule: 'input-required-shape' });
    expect(finding?.message).toContain('inputRequests["a"].method is "tools/call"');
  });
});
