// The syntax walk agrees with JSON.parse on what is JSON, and says where what is not goes wrong.
import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError, lineColumn, lineIndex } from './jsonWhere.js';

const valid = [
  '{}',
  '[]',
  ' 0 ',
  '-0.5e+10',
  '"a\\u00e9\\n\\"b"',
  'true',
  'null',
  '{"a":[1,2,{"b":null}],"c":"d"}',
  '[\n  {"x": -1.25E-3},\n  []\n]\r\n',
  '"\u2603 😀"',
];
const invalid: Array<[string, { line: number; column: number; truncated: boolean; message: RegExp }]> = [
  ['', { line: 1, column: 1, truncated: true, message: /empty/ }],
  ['{"format": "mcp-lens-session",', { line: 1, column: 31, truncated: true, message: /ends where a property name should follow/ }],
  ['{\n  "events": [\n    {"seq": 1},\n', { line: 4, column: 1, truncated: true, message: /ends where a value should follow/ }],
  ['[1, 2', { line: 1, column: 6, truncated: true, message: /inside 1 unclosed bracket/ }],
  ['{"a": "unterminated', { line: 1, column: 20, truncated: true, message: /ends inside a string/ }],
  ['{"a": tru', { line: 1, column: 10, truncated: true, message: /inside 'true'/ }],
  ['{"a": 1.', { line: 1, column: 9, truncated: true, message: /inside a number/ }],
  ['{"a":1,}', { line: 1, column: 8, truncated: false, message: /'}' after a comma \(JSON allows no trailing comma\)/ }],
  ['[1 2]', { line: 1, column: 4, truncated: false, message: /'2' where ',' or '\]' should be/ }],
  ['{\n  "a": 1\n  "b": 2\n}', { line: 3, column: 3, truncated: false, message: /'"' where ',' or '}' should be/ }],
  ["{'a': 1}", { line: 1, column: 2, truncated: false, message: /property name in double quotes/ }],
  ['{"a" 1}', { line: 1, column: 6, truncated: false, message: /':' should follow/ }],
  ['[01]', { line: 1, column: 3, truncated: false, message: /leading zero/ }],
  ['["a\tb"]', { line: 1, column: 4, truncated: false, message: /control character/ }],
  ['["\\x"]', { line: 1, column: 3, truncated: false, message: /not a valid escape/ }],
  ['{} {}', { line: 1, column: 4, truncated: false, message: /after the end of the document/ }],
  ['[NaN]', { line: 1, column: 2, truncated: false, message: /'N' where a value should be/ }],
];

describe('findJsonSyntaxError', () => {
  it('finds nothing wrong in what JSON.parse accepts', () => {
    for (const text of valid) {
      expect(() => JSON.parse(text) as unknown).not.toThrow();
      expect(findJsonSyntaxError(text), text).toBeUndefined();
    }
  });

  it('names the line and column of the first mistake, and whether the text was cut off', () => {
    for (const [text, want] of invalid) {
      expect(() => JSON.parse(text) as unknown, text).toThrow();
      const found = findJsonSyntaxError(text);
      expect(found, text).toMatchObject({ line: want.line, column: want.column, truncated: want.truncated });
      expect(found?.message, text).toMatch(want.message);
    }
  });

  it('walks nesting of any depth without recursion', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(199_999);
    expect(findJsonSyntaxError(deep)).toMatchObject({ truncated: true, offset: deep.length });
    expect(findJsonSyntaxError('['.repeat(100_000) + ']'.repeat(100_000))).toBeUndefined();
  });

  it('agrees with JSON.parse on every prefix of a document: each one short of the whole is cut off', () => {
    const doc = JSON.stringify({ format: 'x', n: [1, -2.5e3, true, false, null, 'é\\"'], o: { k: {} } }, null, 2);
    for (let end = 0; end < doc.length; end++) {
      const prefix = doc.slice(0, end);
      let parses = true;
      try {
        JSON.parse(prefix);
      } catch {
        parses = false;
      }
      const found = findJsonSyntaxError(prefix);
      expect(found === undefined, JSON.stringify(prefix)).toBe(parses);
      if (found) expect(found.truncated, JSON.stringify(prefix)).toBe(true);
    }
  });
});

describe('lineColumn', () => {
  it('counts lines from 1 and columns from 1', () => {
    expect(lineColumn('ab\ncd\n', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd\n', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('ab\ncd\n', 6)).toEqual({ line: 3, column: 1 });
  });
});

describe('lineIndex', () => {
  it('agrees with lineColumn at every offset, newlines and the end included', () => {
    const text = 'ab\n\ncd\r\nefg\n';
    const at = lineIndex(text);
    for (let offset = 0; offset <= text.length; offset++) expect(at(offset), String(offset)).toEqual(lineColumn(text, offset));
  });

  it('places offsets deep into a text of 200,000 lines', () => {
    const text = Array.from({ length: 200_000 }, (_, i) => `line ${i}`).join('\n');
    const at = lineIndex(text);
    const start = (line: number): number => text.indexOf(`line ${line - 1}\n`);
    expect(at(start(150_001) + 3)).toEqual({ line: 150_001, column: 4 });
    expect(at(text.length)).toEqual({ line: 200_000, column: 'line 199999'.length + 1 });
    expect(at(0)).toEqual({ line: 1, column: 1 });
  });
});
