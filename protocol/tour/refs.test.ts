// `$ref`s filled from earlier outcomes, request ids replaced, and the places of a message.
import { describe, expect, it } from 'vitest';
import { parseJsonPath } from '../replay/jsonPath.js';
import { fillRefs, findRefs, isRequest, parseRef, refText, withRequestId } from './refs.js';
import { fieldPaths, selectPath, valueAt } from './select.js';

const outcomes: Record<string, unknown> = {
  ask: { jsonrpc: '2.0', id: 'srv-1', method: 'elicitation/create', params: { requestedSchema: { type: 'object' } } },
  call: { jsonrpc: '2.0', id: 3, result: { resultType: 'input_required', requestState: 'opaque', inputRequests: { a: { method: 'x' } } } },
};

describe('refs', () => {
  it("tells a tour reference from JSON Schema's own $ref", () => {
    expect(refText({ $ref: 'ask#$.id' })).toBe('ask#$.id');
    expect(refText({ $ref: '#/$defs/x' })).toBeUndefined();
    expect(refText({ $ref: 'https://x.invalid/s.json#/a' })).toBeUndefined();
    expect(refText('ask#$.id')).toBeUndefined();
    expect(findRefs({ a: [1, { $ref: 'x#$' }], b: { c: { $ref: 'y#$.z' } }, s: { $ref: '#/x' } })).toEqual([
      { at: ['a', 1], ref: 'x#$' },
      { at: ['b', 'c'], ref: 'y#$.z' },
    ]);
  });

  it('parses <step id>#<jsonpath> and says what is wrong with one', () => {
    expect(parseRef('ask#$.params.x')).toMatchObject({ ok: true, step: 'ask', path: { source: '$.params.x' } });
    expect(parseRef('a b#$.x')).toMatchObject({ ok: false, error: expect.stringContaining('a $ref is <step id>#<jsonpath>') as unknown });
    expect(parseRef('a#$.x[')).toMatchObject({ ok: false });
    expect(parseRef('a#$.x', { $ref: 'a#$.x', y: 1 })).toMatchObject({
      ok: false,
      error: expect.stringContaining('holds nothing else') as unknown,
    });
  });

  it('fills every reference from the outcome it names, leaving the message given untouched', () => {
    const send = {
      jsonrpc: '2.0',
      id: { $ref: 'ask#$.id' },
      result: { action: 'accept' },
      params: { state: { $ref: 'call#$.result.requestState' }, answers: [{ $ref: 'call#$.result.inputRequests.*' }] },
    };
    const before = structuredClone(send);
    const filled = fillRefs(send, (id) => outcomes[id]);
    expect(filled).toEqual({
      ok: true,
      value: { jsonrpc: '2.0', id: 'srv-1', result: { action: 'accept' }, params: { state: 'opaque', answers: [{ method: 'x' }] } },
    });
    expect(send).toEqual(before);
    expect(fillRefs({ a: 1 }, () => undefined)).toEqual({ ok: true, value: { a: 1 } });
  });

  it('says which reference could not be filled', () => {
    expect(fillRefs({ p: { $ref: 'later#$.x' } }, () => undefined)).toEqual({
      ok: false,
      error: '$.p refers to step "later", which has no outcome yet',
    });
    expect(fillRefs({ p: [{ $ref: 'call#$.result.nothing' }] }, (id) => outcomes[id])).toEqual({
      ok: false,
      error: '$.p[0]: step "call"\'s outcome has nothing at $.result.nothing',
    });
  });

  it('replaces the id of a request only, keeping its place', () => {
    expect(JSON.stringify(withRequestId({ jsonrpc: '2.0', id: 'x', method: 'm' }, 4))).toBe('{"jsonrpc":"2.0","id":4,"method":"m"}');
    expect(withRequestId({ jsonrpc: '2.0', method: 'n' }, 4)).toEqual({ jsonrpc: '2.0', method: 'n' });
    expect(withRequestId({ jsonrpc: '2.0', id: 'srv', result: {} }, 4)).toEqual({ jsonrpc: '2.0', id: 'srv', result: {} });
    expect(isRequest({ method: 'm', id: null })).toBe(true);
    expect(isRequest([{ method: 'm', id: 1 }])).toBe(false);
  });
});

describe('select', () => {
  const message = { jsonrpc: '2.0', result: { content: [{ type: 'text', text: 'hi' }, { type: 'image' }], empty: {} } };

  it('lists every field in document order, containers and leaves', () => {
    expect(fieldPaths(message)).toEqual([
      ['jsonrpc'],
      ['result'],
      ['result', 'content'],
      ['result', 'content', 0],
      ['result', 'content', 0, 'type'],
      ['result', 'content', 0, 'text'],
      ['result', 'content', 1],
      ['result', 'content', 1, 'type'],
      ['result', 'empty'],
    ]);
    expect(fieldPaths(3)).toEqual([]);
  });

  it('selects values by path, wildcards and descent included', () => {
    const p = (s: string) => {
      const parsed = parseJsonPath(s);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.path;
    };
    expect(selectPath(message, p('$..type')).map((s) => s.value)).toEqual(['text', 'image']);
    expect(selectPath(message, p('$.result.content[1]'))).toEqual([{ at: ['result', 'content', 1], value: { type: 'image' } }]);
    expect(selectPath(message, p('$'))).toEqual([{ at: [], value: message }]);
    expect(selectPath(message, p('$.nope'))).toEqual([]);
    expect(valueAt(message, ['result', 'content', 5])).toEqual({ found: false });
    expect(valueAt({ a: undefined }, ['constructor'])).toEqual({ found: false });
  });
});
