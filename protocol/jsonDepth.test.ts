import { describe, expect, it } from 'vitest';
import { CLIPPED, MAX_JSON_DEPTH, clipDepth, nestsDeeperThan } from './jsonDepth.js';

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('nestsDeeperThan', () => {
  it('counts brackets and braces outside strings only', () => {
    expect(nestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    // Brackets in strings, escaped quotes and backslashes do not count.
    expect(nestsDeeperThan(JSON.stringify({ s: '[[[[[[[[', t: 'say \\"[[[[[["', u: '\\' }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(['\\', [[[1]]]]), 3)).toBe(true);
    // Siblings do not add up.
    expect(nestsDeeperThan(JSON.stringify([[1], [2], [3], [[4]]]), 3)).toBe(false);
  });

  it('takes the default limit, and any text, valid or not', () => {
    expect(nestsDeeperThan(JSON.stringify(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(nestsDeeperThan('['.repeat(60_000))).toBe(true);
    expect(nestsDeeperThan('not json at all')).toBe(false);
  });
});

describe('clipDepth', () => {
  it('leaves a value within the limit as it was', () => {
    const value = { serverInfo: { name: 'demo', version: '1.0', icons: [{ src: 'x', sizes: ['48x48'] }] }, n: null, list: [1, 'two', [3]] };
    expect(clipDepth(value)).toEqual(value);
    expect(clipDepth('text')).toBe('text');
    expect(clipDepth(null)).toBeNull();
  });

  it('clips what lies deeper, without recursion, so any depth can be written out after', () => {
    const deep = { serverInfo: nested(100_000), name: 'x' };
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const clipped = clipDepth(deep, 4) as { serverInfo: unknown; name: string };
    expect(clipped.name).toBe('x');
    expect(JSON.stringify(clipped.serverInfo)).toMatch(/^\[\{"a":\[".*"\]\}\]$/);
    expect(nestsDeeperThan(JSON.stringify(clipped), 4)).toBe(false);
    expect(JSON.stringify(clipDepth(deep))).toContain(CLIPPED);
    expect(nestsDeeperThan(JSON.stringify(clipDepth(deep)))).toBe(false);
  });
});
