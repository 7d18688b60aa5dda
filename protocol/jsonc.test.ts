import { describe, expect, it } from 'vitest';
import { blankJsonComments } from './jsonc.js';

describe('blankJsonComments', () => {
  it('blanks comments and trailing commas, keeping every line and column', () => {
    const text = '{ // note\n  "a": [1, 2,], /* x\n y */ "b": {"c": 1,},\n}';
    const out = blankJsonComments(text);
    expect(out).toHaveLength(text.length);
    expect(out.split('\n').map((l) => l.length)).toEqual(text.split('\n').map((l) => l.length));
    expect(JSON.parse(out)).toEqual({ a: [1, 2], b: { c: 1 } });
  });

  it('leaves strings alone, slashes and commas in them included', () => {
    const text = '{"url": "http://x//y", "s": "a,]", "q": "\\"//"}';
    expect(blankJsonComments(text)).toBe(text);
  });

  it('leaves an unclosed comment for the JSON reader to find', () => {
    expect(blankJsonComments('{"a": 1 /* open')).toBe('{"a": 1 /* open');
  });
});
