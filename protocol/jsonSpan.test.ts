import { describe, expect, it } from 'vitest';
import { memberSpan, memberText } from './jsonSpan.js';

describe('memberText: a top-level member value exactly as written', () => {
  it('keeps numbers, spacing and key order that JSON.parse would lose', () => {
    const line = '{"jsonrpc":"2.0","id":7,"result":{ "n" : 12345678901234567890123, "f":1.50, "e":1E3 }}';
    expect(memberText(line, 'result')).toBe('{ "n" : 12345678901234567890123, "f":1.50, "e":1E3 }');
    expect(memberText(line, 'id')).toBe('7');
    expect(memberText(line, 'jsonrpc')).toBe('"2.0"');
  });

  it('keeps duplicate keys inside the value, and picks the last top-level duplicate as JSON.parse does', () => {
    const line = '{"id":1,"result":{"a":1,"a":2},"result":{"b":[1,"x"],"b":true}}';
    expect(memberText(line, 'result')).toBe('{"b":[1,"x"],"b":true}');
    expect(JSON.parse(line).result).toEqual({ b: true });
  });

  it('is not fooled by the key inside nested values or strings', () => {
    const line = '{"id":"result","params":{"result":1},"note":"\\"result\\":{}","result":[{"result":"}]"}]}';
    expect(memberText(line, 'result')).toBe('[{"result":"}]"}]');
  });

  it('matches keys written with escapes by what they mean', () => {
    expect(memberText('{"\\u0072esult":{"x":1}}', 'result')).toBe('{"x":1}');
    expect(memberText('{"r\\"k":2}', 'r"k')).toBe('2');
  });

  it('handles whitespace everywhere, literals, and text beyond the BMP', () => {
    const line = ' \t{ "error" :\n { "code" : -32000 , "message":"😀 \\ud83d\\ude00", "extra":null, "more":false }\r\n } ';
    expect(memberText(line, 'error')).toBe('{ "code" : -32000 , "message":"😀 \\ud83d\\ude00", "extra":null, "more":false }');
    const span = memberSpan(line, 'error');
    expect(span && line.slice(span.start, span.end)).toBe(memberText(line, 'error'));
  });

  it('gives undefined for a missing member, a non-object and broken text', () => {
    expect(memberText('{"id":1,"error":{}}', 'result')).toBeUndefined();
    expect(memberText('[{"result":1}]', 'result')).toBeUndefined();
    expect(memberText('"result"', 'result')).toBeUndefined();
    expect(memberText('{"result":', 'result')).toBeUndefined();
    expect(memberText('{"result":[1,2}', 'result')).toBeUndefined();
    expect(memberText('{"result":"open', 'result')).toBeUndefined();
    expect(memberText('', 'result')).toBeUndefined();
  });
});
