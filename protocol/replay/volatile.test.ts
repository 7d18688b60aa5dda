// What replay sets aside by default, across flows, and at the user's word.
import { describe, expect, it } from 'vitest';
import { diffJson } from './diff.js';
import { parseJsonPath, type JsonPath } from './jsonPath.js';
import { ignoreRule } from './volatile.js';

const parsed = (source: string): JsonPath => {
  const p = parseJsonPath(source);
  if (!p.ok) throw new Error(p.error);
  return p.path;
};

const places = (recorded: unknown, got: unknown, rule = ignoreRule()): string[] =>
  diffJson(recorded, got, { ignore: rule }).differences.map((d) => d.path.join('.'));

describe('the default volatile values', () => {
  it('sets aside progress tokens and requestState wherever they are', () => {
    expect(
      places(
        { result: { _meta: { progressToken: 'p1-3' }, requestState: 'abc' } },
        { result: { _meta: { progressToken: 'p9-9' }, requestState: 'xyz' } },
      ),
    ).toEqual([]);
  });

  it('sets aside members named like times, and ISO times on both sides under any name', () => {
    expect(
      places(
        { result: { createdAt: 1, start_time: 'a', timestamp: 5, when: '2026-11-30T00:40:12.345Z' } },
        { result: { createdAt: 2, start_time: 'b', timestamp: 6, when: '2026-12-01T10:00:00+01:00' } },
      ),
    ).toEqual([]);
  });

  it('still compares a time that became something else, and names that only look close', () => {
    expect(places({ result: { when: '2026-11-30T00:40:12Z' } }, { result: { when: 'yesterday' } })).toEqual(['result.when']);
    expect(places({ result: { format: 'a', data: 1 } }, { result: { format: 'b', data: 2 } })).toEqual(['result.format', 'result.data']);
  });

  it('compares them too with strict', () => {
    expect(places({ result: { requestState: 'a' } }, { result: { requestState: 'b' } }, ignoreRule({ strict: true }))).toEqual([
      'result.requestState',
    ]);
  });
});

describe('across flows', () => {
  const handshake = { result: { tools: [] } };
  const stateless = {
    result: {
      tools: [],
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'x' } },
    },
  };

  it('sets aside the members only the stateless flow has, either way round', () => {
    const rule = ignoreRule({ crossFlow: true });
    expect(places(handshake, stateless, rule)).toEqual([]);
    expect(places(stateless, handshake, rule)).toEqual([]);
  });

  it('tasks in each flow’s words: the tasks capability, the Tasks extension, a tool’s execution; not another extension', () => {
    const rule = ignoreRule({ crossFlow: true });
    const opened2025 = {
      result: { capabilities: { tools: {}, tasks: { list: {} } }, tools: [{ name: 'r', execution: { taskSupport: 'optional' } }] },
    };
    const opened2026 = {
      result: { capabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } }, tools: [{ name: 'r' }] },
    };
    expect(places(opened2025, opened2026, rule)).toEqual([]);
    expect(places(opened2026, opened2025, rule)).toEqual([]);
    expect(places(opened2025, opened2026)).toEqual([
      'result.capabilities.tasks',
      'result.capabilities.extensions',
      'result.tools.0.execution',
    ]);
    const other = {
      result: { capabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {}, 'my.org/x': {} } }, tools: [{ name: 'r' }] },
    };
    expect(places(opened2025, other, rule)).toEqual(['result.capabilities.extensions']);
  });

  it('but not in the same flow, and not a resultType other than complete, nor other _meta keys', () => {
    expect(places(handshake, stateless)).toEqual(['result.resultType', 'result.ttlMs', 'result.cacheScope', 'result._meta']);
    const rule = ignoreRule({ crossFlow: true });
    expect(places(handshake, { result: { tools: [], resultType: 'input_required' } }, rule)).toEqual(['result.resultType']);
    expect(places(handshake, { result: { tools: [], _meta: { mine: 1, 'io.modelcontextprotocol/serverInfo': {} } } }, rule)).toEqual([
      'result._meta',
    ]);
    expect(places({ result: { _meta: { mine: 1 } } }, { result: { _meta: { mine: 2, 'io.modelcontextprotocol/x': 1 } } }, rule)).toEqual([
      'result._meta.mine',
    ]);
  });
});

describe('--ignore paths', () => {
  it('set aside the place and everything under it, and nothing else', () => {
    const rule = ignoreRule({ paths: [parsed('$.result.content[0].text'), parsed('$.result.structuredContent')] });
    expect(
      places(
        { result: { content: [{ text: 'a' }, { text: 'b' }], structuredContent: { x: 1 } } },
        { result: { content: [{ text: 'c' }, { text: 'd' }], structuredContent: { x: 2, y: 3 } } },
        rule,
      ),
    ).toEqual(['result.content.1.text']);
  });
});
