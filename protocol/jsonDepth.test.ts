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

describe('files nested too deep', () => {
  it('a session file or a journal line past the limit is refused with why', async () => {
    const { parseSessionFile } = await import('./sessionFile.js');
    const { readJournalText } = await import('./journalFile.js');
    const deep = JSON.stringify({ format: 'mcp-lens-session' }).replace('}', `,"x":${'['.repeat(600)}${']'.repeat(600)}}`);
    expect(parseSessionFile(deep)).toEqual({
      ok: false,
      error: 'it nests deeper than 512 levels, which no session file this app writes does',
    });
    const journal = `{"seq":0,"t":1,"kind":"notice","level":"info","message":"ok"}\n{"seq":1,"t":2,"kind":"note","topic":"x","data":${'['.repeat(600)}${']'.repeat(600)}}\n`;
    const read = readJournalText(journal);
    expect(read.events.map((e) => e.seq)).toEqual([0]);
    expect(read.problems).toEqual(['line 2 nests deeper than 512 levels, and is not read']);
  });
});
