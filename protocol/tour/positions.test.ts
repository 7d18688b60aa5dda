// Where a place of a tour file starts: a member's key, an item's value, else the nearest enclosing place there.
import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import { jsonLocator, yamlLocator } from './positions.js';

describe('jsonLocator', () => {
  const text = '{\n  "a": [1, {"b\\"q": "x,}]"}],\n  "c": {"d": null},\n  "c": {"e": true}\n}';
  const locate = jsonLocator(text);

  it('finds keys, items and the root, past escapes and punctuation inside strings', () => {
    expect(locate([])).toEqual({ line: 1, column: 1 });
    expect(locate(['a'])).toEqual({ line: 2, column: 3 });
    expect(locate(['a', 0])).toEqual({ line: 2, column: 9 });
    expect(locate(['a', 1])).toEqual({ line: 2, column: 12 });
    expect(locate(['a', 1, 'b"q'])).toEqual({ line: 2, column: 13 });
  });

  it('takes the last of duplicate keys, as JSON.parse does, and the nearest parent of a missing place', () => {
    expect(locate(['c'])).toEqual({ line: 4, column: 3 });
    expect(locate(['c', 'e'])).toEqual({ line: 4, column: 9 });
    expect(locate(['c', 'nope', 3])).toEqual({ line: 4, column: 3 });
    expect(locate(['a', 7])).toEqual({ line: 2, column: 3 });
  });
});

describe('yamlLocator', () => {
  it('finds keys in block and flow style, and items of sequences', () => {
    const text = 'title: x\nsteps:\n  - title: a\n    send: { id: 1, params: [x, { y: 2 }] }\n  - title: b\n';
    const lines = new LineCounter();
    const locate = yamlLocator(parseDocument(text, { lineCounter: lines }), lines);
    expect(locate(['steps'])).toEqual({ line: 2, column: 1 });
    expect(locate(['steps', 1])).toEqual({ line: 5, column: 5 });
    expect(locate(['steps', 0, 'send', 'params', 1, 'y'])).toEqual({ line: 4, column: 34 });
    expect(locate(['steps', 1, 'wait', 'method'])).toEqual({ line: 5, column: 5 });
  });
});
