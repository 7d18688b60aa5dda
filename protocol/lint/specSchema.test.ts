// The vendored official schemas, their tables, and the schema-violation rule on the wire.
import { describe, expect, it } from 'vitest';

import { ERROR_DEFINITIONS, RESULT_DEFINITIONS, methodTables } from './schemaRule.js';
import { SCHEMA_KEYWORDS, specDefinitions, validateDefinition, type Revision } from './specSchema.js';
import { Transcript, lint, rulesOf } from './testing/transcript.js';

const J = '2.0';
const REVISIONS: Revision[] = ['2025-11-25', '2026-07-28'];

/** Every keyword used where a schema stands (not property names), walking the schema positions only. */
function keywordsOf(schema: unknown, into: Set<string>): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    into.add(key);
    if (key === 'properties' || key === '$defs') for (const child of Object.values(value as object)) keywordsOf(child, into);
    else if (key === 'anyOf' || key === 'allOf') for (const child of value as unknown[]) keywordsOf(child, into);
    else if (key === 'items' || key === 'additionalProperties') keywordsOf(value, into);
  }
}

describe('the vendored schemas', () => {
  it('use only keywords the draft-07 engine knows (so compiling them with it is sound)', () => {
    for (const revision of REVISIONS) {
      const used = new Set<string>();
      for (const def of Object.values(specDefinitions(revision))) keywordsOf(def, used);
      expect(
        [...used].filter((k) => !SCHEMA_KEYWORDS.has(k)),
        revision,
      ).toEqual([]);
    }
  });

  it('have every definition the rule names, for each method the revision has', () => {
    for (const revision of REVISIONS) {
      const defs = specDefinitions(revision);
      const { requests } = methodTables(revision);
      for (const [method, definition] of Object.entries(RESULT_DEFINITIONS)) {
        if (requests.client.has(method) || requests.server.has(method)) expect(defs, `${revision} ${method}`).toHaveProperty([definition]);
      }
      for (const definition of Object.values(ERROR_DEFINITIONS[revision])) expect(defs).toHaveProperty([definition]);
    }
  });

  it('read the methods of each direction off the unions', () => {
    const legacy = methodTables('2025-11-25');
    expect(legacy.requests.client.get('initialize')).toBe('InitializeRequest');
    expect(legacy.requests.server.get('roots/list')).toBe('ListRootsRequest');
    expect(legacy.notifications.server.get('notifications/message')).toBe('LoggingMessageNotification');
    const modern = methodTables('2026-07-28');
    expect(modern.requests.client.get('server/discover')).toBe('DiscoverRequest');
    expect(modern.requests.server.size).toBe(0);
    expect([...modern.notifications.client.keys()]).toEqual(['notifications/cancelled']);
  });

  it('validate a definition and say where it fails', () => {
    expect(validateDefinition('2026-07-28', 'CompleteResult', { resultType: 'complete', completion: { values: ['a'] } })).toEqual([]);
    expect(
      validateDefinition('2025-11-25', 'CallToolResult', { content: [{ type: 'text', text: 'a', annotations: { priority: 3 } }] }),
    ).toEqual(['/content/0/annotations/priority must be <= 1']);
    expect(validateDefinition('2025-11-25', 'CallToolResult', { content: [{ kind: 'text' }] })).toEqual([
      '/content/0 matches none of the shapes the schema allows here',
    ]);
    expect(validateDefinition('2025-11-25', 'NoSuchThing', {})).toBeUndefined();
  });
});

describe('schema-violation', () => {
  const handshake = (): Transcript => new Transcript().spawn().handshake();
  const stateless = (): Transcript => new Transcript().connectStart('stateless').spawn();

  it('finds what no handwritten rule knows, naming the definition and the place', () => {
    const t = stateless()
      .sendStateless(1, 'tools/list')
      .recv({
        jsonrpc: J,
        id: 1,
        error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'] } },
      });
    const findings = lint(t.events);
    expect(rulesOf(findings)).toEqual(['schema-violation']);
    expect(findings[0]?.message).toContain('does not match UnsupportedProtocolVersionError of the 2026-07-28 schema');
    expect(findings[0]?.message).toContain("/error/data must have required property 'requested'");
    expect(findings[0]?.spec).toBe('https://modelcontextprotocol.io/specification/2026-07-28/schema');
  });

  it('checks client messages too, against the 2025-11-25 schema in a handshake session', () => {
    const [finding] = lint(handshake().send({ jsonrpc: J, id: 1, method: 'logging/setLevel', params: { level: 'loud' } }).events);
    expect(finding).toMatchObject({ rule: 'schema-violation', spec: 'https://modelcontextprotocol.io/specification/2025-11-25/schema' });
    expect(finding?.message).toContain('/params/level must be one of');
  });

  it('stays quiet where a handwritten rule already judged the shape of the message', () => {
    const t = stateless()
      .sendStateless(1, 'tools/call', { name: 'x' })
      .recv({ jsonrpc: J, id: 1, result: { resultType: 'complete', content: [{ type: 'image', data: 'AA==' }] } });
    expect(rulesOf(lint(t.events))).toEqual(['content-block']);
  });

  it('does not judge methods the schema does not name, nor a session of a version it has no schema for', () => {
    expect(lint(handshake().send({ jsonrpc: J, id: 1, method: 'vendor/thing', params: { level: 7 } }).events)).toEqual([]);
    const older = new Transcript()
      .spawn()
      .send({
        jsonrpc: J,
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      })
      .recv({
        jsonrpc: J,
        id: 0,
        result: { protocolVersion: '2025-06-18', capabilities: { logging: {} }, serverInfo: { name: 's', version: '1' } },
      })
      .send({ jsonrpc: J, method: 'notifications/initialized' })
      .recv({ jsonrpc: J, method: 'notifications/message', params: { level: 'verbose', data: 'x' } });
    expect(lint(older.events)).toEqual([]);
  });
});
