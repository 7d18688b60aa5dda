import { describe, expect, it } from 'vitest';
import { decodeHeaderValue, encodeHeaderValue, mcpNameOf, paramHeaderValues, paramHeadersOf } from './headers.js';

describe('encodeHeaderValue (2026-07-28, Value Encoding)', () => {
  it('writes the spec table’s examples as the spec does', () => {
    expect(encodeHeaderValue('us-west1')).toBe('us-west1');
    expect(encodeHeaderValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(encodeHeaderValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(encodeHeaderValue('line1\nline2')).toBe('=?base64?bGluZTEKbGluZTI=?=');
    expect(encodeHeaderValue('=?base64?literal?=')).toBe('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
  });

  it('encodes control characters (a tab too) and a trailing space, keeps inner spaces and the empty string', () => {
    expect(encodeHeaderValue('a\tb')).toMatch(/^=\?base64\?/);
    expect(encodeHeaderValue('a\r\nX-Injected: 1')).toMatch(/^=\?base64\?[A-Za-z0-9+/=]+\?=$/);
    expect(encodeHeaderValue('end ')).toMatch(/^=\?base64\?/);
    expect(encodeHeaderValue('a b')).toBe('a b');
    expect(encodeHeaderValue('')).toBe('');
    expect(encodeHeaderValue('=?base64?only the start')).toBe('=?base64?only the start');
  });

  it('decodes what it encodes, and refuses broken Base64', () => {
    for (const value of ['Hello, 世界', ' padded ', 'line1\nline2', '=?base64?literal?=', '😀', 'plain']) {
      expect(decodeHeaderValue(encodeHeaderValue(value))).toBe(value);
    }
    expect(decodeHeaderValue('=?base64?not base64!?=')).toBeUndefined();
  });
});

describe('mcpNameOf', () => {
  it('mirrors params.name, params.uri or params.taskId by method, and nothing else', () => {
    expect(mcpNameOf('tools/call', { name: 'add' })).toBe('add');
    expect(mcpNameOf('prompts/get', { name: 'greet' })).toBe('greet');
    expect(mcpNameOf('resources/read', { uri: 'file:///a' })).toBe('file:///a');
    expect(mcpNameOf('tasks/get', { taskId: 't1' })).toBe('t1');
    expect(mcpNameOf('tools/list', { name: 'x' })).toBeUndefined();
    expect(mcpNameOf('tools/call', { name: 42 })).toBeUndefined();
    expect(mcpNameOf('tools/call', null)).toBeUndefined();
  });
});

describe('x-mcp-header', () => {
  const schema = {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      query: { type: 'string' },
      options: {
        type: 'object',
        properties: { limit: { type: 'integer', 'x-mcp-header': 'Limit' }, dry: { type: 'boolean', 'x-mcp-header': 'Dry' } },
      },
    },
  };

  it('finds the annotations at any depth and mirrors present values, integers in decimal and booleans in lower case', () => {
    const { headers, problems } = paramHeadersOf(schema);
    expect(problems).toEqual([]);
    expect(headers).toEqual([
      { name: 'Region', path: ['region'] },
      { name: 'Limit', path: ['options', 'limit'] },
      { name: 'Dry', path: ['options', 'dry'] },
    ]);
    expect(paramHeaderValues(headers, { region: 'Zürich', options: { limit: -7, dry: false } })).toEqual({
      'Mcp-Param-Region': '=?base64?WsO8cmljaA==?=',
      'Mcp-Param-Limit': '-7',
      'Mcp-Param-Dry': 'false',
    });
    // Absent or null: no header.
    expect(paramHeaderValues(headers, { region: null })).toEqual({});
  });

  it('names what makes a tool unusable on HTTP: a name that is no token, a duplicate, a number or object parameter', () => {
    const { problems } = paramHeadersOf({
      properties: {
        a: { type: 'string', 'x-mcp-header': 'Bad Name' },
        b: { type: 'string', 'x-mcp-header': 'Dup' },
        c: { type: 'string', 'x-mcp-header': 'dup' },
        d: { type: 'number', 'x-mcp-header': 'Num' },
        e: { type: 'string', 'x-mcp-header': '' },
      },
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/a: .*not a header name token[\s\S]*c: .*also used by b[\s\S]*d: .*type "number"[\s\S]*e: /);
  });
});
