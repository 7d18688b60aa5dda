// The --ignore paths: what each form selects, what is refused, and how places are written.
import { describe, expect, it } from 'vitest';
import { formatPath, parseJsonPath, pathMatches, type PathStep } from './jsonPath.js';

function path(source: string) {
  const parsed = parseJsonPath(source);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.path;
}

describe('parseJsonPath and pathMatches', () => {
  it('selects one place exactly, not its parent, its siblings or its children', () => {
    const p = path('$.result.content[0].text');
    expect(pathMatches(p, ['result', 'content', 0, 'text'])).toBe(true);
    expect(pathMatches(p, ['result', 'content', 1, 'text'])).toBe(false);
    expect(pathMatches(p, ['result', 'content', 0])).toBe(false);
    expect(pathMatches(p, ['result', 'content', 0, 'text', 'x'])).toBe(false);
    expect(pathMatches(p, ['result', 'content', '0', 'text'])).toBe(false);
  });

  it('wildcards take any key or index at one level', () => {
    expect(pathMatches(path('$.result.content[*].text'), ['result', 'content', 7, 'text'])).toBe(true);
    expect(pathMatches(path('$.result.*.text'), ['result', 'content', 'text'])).toBe(true);
    expect(pathMatches(path('$.result.*.text'), ['result', 'a', 'b', 'text'])).toBe(false);
  });

  it('.. reaches any depth, including none', () => {
    const p = path('$..progressToken');
    expect(pathMatches(p, ['progressToken'])).toBe(true);
    expect(pathMatches(p, ['result', '_meta', 'progressToken'])).toBe(true);
    expect(pathMatches(p, ['result', '_meta', 'progressToken', 'x'])).toBe(false);
    expect(pathMatches(path('$.result..[0]'), ['result', 'content', 0])).toBe(true);
    expect(pathMatches(path('$..content[0].text'), ['result', 'content', 0, 'text'])).toBe(true);
  });

  it('quoted names hold dots, slashes, spaces, quotes and brackets', () => {
    expect(
      pathMatches(path('$.result._meta["io.modelcontextprotocol/serverInfo"]'), ['result', '_meta', 'io.modelcontextprotocol/serverInfo']),
    ).toBe(true);
    expect(pathMatches(path("$['a b']['it\\'s']"), ['a b', "it's"])).toBe(true);
    expect(pathMatches(path('$["x]y"]'), ['x]y'])).toBe(true);
  });

  it('refuses what it does not support, saying where', () => {
    for (const bad of ['result.x', '', '$.a[?(@.x)]', '$.a[-1]', '$.a[1:2]', '$.a..', '$.a[0', '$.a["x]', '$.a.', '$a']) {
      const parsed = parseJsonPath(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.error).not.toContain('\n');
    }
    const parsed = parseJsonPath('$.a[?(@.x)]');
    expect(!parsed.ok && parsed.error).toMatch(/character 4/);
  });
});

describe('formatPath', () => {
  it('writes plain names with dots, others quoted, indexes in brackets', () => {
    expect(formatPath([])).toBe('$');
    expect(formatPath(['result', 'content', 0, 'text'])).toBe('$.result.content[0].text');
    expect(formatPath(['result', '_meta', 'io.modelcontextprotocol/serverInfo'])).toBe(
      '$.result._meta["io.modelcontextprotocol/serverInfo"]',
    );
    expect(formatPath(['a b', '0', ''])).toBe('$["a b"]["0"][""]');
  });

  it('gives back a path that selects the same place (a diff line pasted into --ignore works)', () => {
    const places: PathStep[][] = [
      ['result', 'content', 3, 'text'],
      ['a b', '0', 'x"y'],
      ['result', '_meta', 'io.x/y', 0],
    ];
    for (const steps of places) expect(pathMatches(path(formatPath(steps)), steps)).toBe(true);
  });
});
