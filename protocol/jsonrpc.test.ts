import { describe, it, expect } from 'vitest';
import { classifyText, classifyValue, errorCodeName, idKey } from './jsonrpc.js';

describe('classifyText', () => {
  it('reads a request', () => {
    const c = classifyText('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"a"}}');
    expect(c).toMatchObject({ kind: 'request', id: 1, method: 'tools/list', params: { cursor: 'a' } });
  });

  it('reads a request with a string id', () => {
    expect(classifyText('{"jsonrpc":"2.0","id":"abc","method":"ping"}')).toMatchObject({ kind: 'request', id: 'abc', method: 'ping' });
  });

  it('reads a notification (no id)', () => {
    const c = classifyText('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    expect(c).toMatchObject({ kind: 'notification', method: 'notifications/initialized' });
    expect(c.kind === 'notification' && c.params).toBeUndefined();
  });

  it('reads a result', () => {
    expect(classifyText('{"jsonrpc":"2.0","id":7,"result":{"tools":[]}}')).toMatchObject({ kind: 'result', id: 7, result: { tools: [] } });
  });

  it('reads a result whose value is null', () => {
    expect(classifyText('{"jsonrpc":"2.0","id":7,"result":null}')).toMatchObject({ kind: 'result', id: 7, result: null });
  });

  it('reads an error', () => {
    const c = classifyText('{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found","data":{"x":1}}}');
    expect(c).toMatchObject({ kind: 'error', id: 2, error: { code: -32601, message: 'Method not found', data: { x: 1 } } });
  });

  it('reads an error with a null id (the request could not be read)', () => {
    const c = classifyText('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
    expect(c).toMatchObject({ kind: 'error', id: null, error: { code: -32700 } });
  });

  it('reads an error without an id as id null', () => {
    expect(classifyText('{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request"}}')).toMatchObject({
      kind: 'error',
      id: null,
    });
  });

  it('reads a batch as its items', () => {
    const c = classifyText('[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"b"}]');
    expect(c.kind).toBe('batch');
    expect(c.kind === 'batch' && c.items.map((item) => classifyValue(item).kind)).toEqual(['request', 'notification']);
  });

  it('calls a message without "jsonrpc": "2.0" invalid', () => {
    expect(classifyText('{"id":1,"method":"tools/list"}')).toMatchObject({
      kind: 'invalid',
      reason: expect.stringContaining('jsonrpc') as unknown,
    });
    expect(classifyText('{"jsonrpc":"1.0","id":1,"method":"x"}').kind).toBe('invalid');
  });

  it('calls a request with a null id invalid', () => {
    const c = classifyText('{"jsonrpc":"2.0","id":null,"method":"tools/list"}');
    expect(c).toMatchObject({ kind: 'invalid', reason: expect.stringContaining('null') as unknown });
  });

  it('calls a fractional or object id invalid', () => {
    expect(classifyText('{"jsonrpc":"2.0","id":1.5,"method":"x"}').kind).toBe('invalid');
    expect(classifyText('{"jsonrpc":"2.0","id":{},"result":1}').kind).toBe('invalid');
  });

  it('takes integer ids of any size, past the safe range as their exact text (see exactId.test.ts)', () => {
    expect(classifyText('{"jsonrpc":"2.0","id":9007199254740991,"method":"x"}').kind).toBe('request');
    expect(classifyText('{"jsonrpc":"2.0","id":-0,"result":1}').kind).toBe('result');
    expect(classifyText('{"jsonrpc":"2.0","id":9007199254740992,"method":"x"}').kind).toBe('request');
    expect(classifyText('{"jsonrpc":"2.0","id":-123456789012345678901234567890,"result":1}').kind).toBe('result');
    expect(classifyText('{"jsonrpc":"2.0","id":1e300,"error":{"code":1,"message":"x"}}').kind).toBe('invalid');
  });

  it('calls a response with both result and error invalid', () => {
    expect(classifyText('{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}').kind).toBe('invalid');
  });

  it('keeps the id an invalid response answers, so its request is not left waiting', () => {
    expect(classifyText('{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}')).toMatchObject({
      kind: 'invalid',
      reason: 'a response cannot carry both result and error',
      responseTo: 1,
    });
    expect(classifyText('{"jsonrpc":"2.0","id":"a","error":{"code":"x","message":"m"}}')).toMatchObject({
      kind: 'invalid',
      responseTo: 'a',
    });
    // No usable id, or not a response at all: nothing to answer.
    expect(classifyText('{"jsonrpc":"2.0","id":1.5,"result":{},"error":{"code":1,"message":"x"}}')).not.toHaveProperty('responseTo');
    expect(classifyText('{"jsonrpc":"2.0","id":null,"result":{},"error":{"code":1,"message":"x"}}')).not.toHaveProperty('responseTo');
    expect(classifyText('{"jsonrpc":"2.0","id":{},"result":1}')).not.toHaveProperty('responseTo');
    expect(classifyText('{"jsonrpc":"2.0","id":3}')).not.toHaveProperty('responseTo');
    expect(classifyText('{"id":3,"result":{}}')).not.toHaveProperty('responseTo');
  });

  it('calls an error without an integer code and a message invalid', () => {
    expect(classifyText('{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}').kind).toBe('invalid');
    expect(classifyText('{"jsonrpc":"2.0","id":1,"error":{"code":1}}').kind).toBe('invalid');
  });

  it('calls a JSON value that is not an object invalid', () => {
    expect(classifyText('42').kind).toBe('invalid');
    expect(classifyText('null').kind).toBe('invalid');
    expect(classifyText('"text"').kind).toBe('invalid');
  });

  it('calls an object that is neither request, notification nor response invalid', () => {
    expect(classifyText('{"jsonrpc":"2.0","id":1}')).toMatchObject({
      kind: 'invalid',
      reason: expect.stringContaining('neither') as unknown,
    });
  });

  it('calls a line that is not JSON non-json, with the parser message', () => {
    const c = classifyText('Server starting... (not JSON)');
    expect(c.kind).toBe('non-json');
    expect(c.kind === 'non-json' && c.reason.length).toBeGreaterThan(0);
    expect(classifyText('').kind).toBe('non-json');
    expect(classifyText('{"jsonrpc":"2.0","id":2,"result":{"partial').kind).toBe('non-json');
  });
});

describe('idKey', () => {
  it('keeps 1 and "1" apart, and the two directions apart', () => {
    expect(idKey('client', 1)).not.toBe(idKey('client', '1'));
    expect(idKey('client', 1)).not.toBe(idKey('server', 1));
    expect(idKey('client', 1)).toBe(idKey('client', 1));
  });
});

describe('errorCodeName', () => {
  it('names the standard and MCP codes', () => {
    expect(errorCodeName(-32700)).toBe('Parse error');
    expect(errorCodeName(-32601)).toBe('Method not found');
    expect(errorCodeName(-32602)).toBe('Invalid params');
    expect(errorCodeName(-32022)).toBe('Unsupported protocol version');
  });

  it('names the ranges', () => {
    expect(errorCodeName(-32050)).toBe('Reserved for the MCP specification');
    expect(errorCodeName(-32010)).toBe('Implementation-defined server error');
    expect(errorCodeName(-32500)).toBe('Reserved JSON-RPC code');
    expect(errorCodeName(1)).toBe('Application error');
  });
});

describe('a message nested too deep', () => {
  it('is refused unread, with why, and still ends the request it answers', () => {
    const deep = `${'{"d":'.repeat(6000)}1${'}'.repeat(6000)}`;
    expect(classifyText(`{"jsonrpc":"2.0","id":7,"result":{"serverInfo":${deep}}}`)).toEqual({
      kind: 'invalid',
      reason: 'the message nests deeper than 512 levels, and is not read',
      value: undefined,
      responseTo: 7,
    });
    expect(classifyText(`{"jsonrpc":"2.0","id":"a\\"b","error":${deep}}`)).toMatchObject({ kind: 'invalid', responseTo: 'a"b' });
    expect(classifyText(`{"jsonrpc":"2.0","method":"notifications/message","params":${deep}}`)).toEqual({
      kind: 'invalid',
      reason: 'the message nests deeper than 512 levels, and is not read',
      value: undefined,
    });
    // 512 levels are read as usual.
    const fine = `${'['.repeat(510)}1${']'.repeat(510)}`;
    expect(classifyText(`{"jsonrpc":"2.0","id":1,"result":{"x":${fine}}}`)).toMatchObject({ kind: 'result', id: 1 });
  });
});
