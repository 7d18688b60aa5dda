// The mock as a host meets it: recorded answers under the host's ids, in recorded order, and an
// error that says what is missing for anything else, garbage included.
import { describe, expect, it } from 'vitest';
import { MockServer, MOCK_ERRORS } from './mockServer.js';
import { readRecordings } from '../replay/recording.js';
import { req, res, err, scriptedSession, type ScriptLine } from '../replay/scriptedSession.js';

const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

function mock(lines: ScriptLine[], flow: 'handshake' | 'stateless' = 'handshake'): MockServer {
  const [recording] = readRecordings(scriptedSession([{ conn: 'm', flow, lines }]));
  if (!recording) throw new Error('no recording');
  return new MockServer(recording);
}

const ask = (server: MockServer, message: unknown): Record<string, unknown>[] =>
  server.handle(typeof message === 'string' ? message : JSON.stringify(message)).map((line) => JSON.parse(line) as Record<string, unknown>);

const handshake: ScriptLine[] = [
  ['c', req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'rec', version: '1' } })],
  ['s', res(1, { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'demo', version: '1' } })],
  ['c', req(2, 'tools/call', { name: 'echo', arguments: { message: 'hi' } })],
  ['s', '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Echo: hi"}], "n": 1.50}}'],
  ['c', req(3, 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } })],
  ['s', res(3, { content: [{ type: 'text', text: '3' }] })],
  ['c', req(4, 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } })],
  ['s', res(4, { content: [{ type: 'text', text: 'three' }] })],
  ['c', req(5, 'tools/call', { name: 'echo', arguments: { message: 'a much longer message' } })],
  ['s', err(5, -1, 'too long')],
];

describe('MockServer', () => {
  it('answers the recorded request under the host’s id, with the recorded text byte for byte', () => {
    const server = mock(handshake);
    expect(server.handle(JSON.stringify(req(77, 'tools/call', { arguments: { message: 'hi' }, name: 'echo' })))).toEqual([
      '{"jsonrpc":"2.0","id":77,"result":{"content":[{"type":"text","text":"Echo: hi"}], "n": 1.50}}',
    ]);
    expect(
      ask(server, {
        jsonrpc: '2.0',
        id: 'x',
        method: 'tools/call',
        params: { name: 'echo', arguments: { message: 'a much longer message' } },
      }),
    ).toEqual([{ jsonrpc: '2.0', id: 'x', error: { code: -1, message: 'too long' } }]);
  });

  it('answers initialize whatever the host says about itself', () => {
    const [reply] = ask(
      mock(handshake),
      req(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: { roots: {} }, clientInfo: { name: 'host', version: '9' } }),
    );
    expect(reply).toMatchObject({ id: 0, result: { serverInfo: { name: 'demo' } } });
  });

  it('gives identical requests the recorded answers in order, then the last one again', () => {
    const server = mock(handshake);
    const add = req(9, 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } });
    const texts = [1, 2, 3].map(() => (ask(server, add)[0]?.result as { content: { text: string }[] }).content[0]?.text);
    expect(texts).toEqual(['3', 'three', 'three']);
  });

  it('stateless: accepts the envelope and progress tokens, and answers server/discover', () => {
    const server = mock(
      [
        ['c', req(1, 'server/discover', { _meta: ENVELOPE })],
        ['s', res(1, { supportedVersions: ['2026-07-28'] })],
        ['c', req(2, 'tools/list', { _meta: ENVELOPE })],
        ['s', res(2, { tools: [] })],
      ],
      'stateless',
    );
    expect(
      ask(
        server,
        req(1, 'server/discover', { _meta: { ...ENVELOPE, 'io.modelcontextprotocol/clientInfo': { name: 'other', version: '2' } } }),
      )[0],
    ).toMatchObject({
      result: { supportedVersions: ['2026-07-28'] },
    });
    expect(ask(server, req(2, 'tools/list', { _meta: { ...ENVELOPE, progressToken: 'abc' } }))[0]).toMatchObject({ result: { tools: [] } });
    expect(ask(server, req(3, 'tools/list'))[0]).toMatchObject({ result: { tools: [] } });
    const [init] = ask(server, req(4, 'initialize', {}));
    expect(init?.error).toMatchObject({ code: MOCK_ERRORS.methodNotFound });
    expect((init?.error as { message: string }).message).toContain('stateless flow');
  });

  it('an unrecorded method: -32601 listing what the recording has; ping is answered anyway', () => {
    const server = mock(handshake);
    const [reply] = ask(server, req(5, 'prompts/list'));
    expect(reply).toMatchObject({ id: 5, error: { code: -32601 } });
    expect((reply?.error as { message: string }).message).toBe(
      'the recording (handshake flow) has no prompts/list request (it has initialize, tools/call)',
    );
    expect(ask(server, req(6, 'ping'))).toEqual([{ jsonrpc: '2.0', id: 6, result: {} }]);
  });

  it('a recorded method with other params: -32602 naming the closest recorded request and where it differs', () => {
    const server = mock(handshake);
    const [reply] = ask(server, req(8, 'tools/call', { name: 'echo', arguments: { message: 'hello' } }));
    const error = reply?.error as { code: number; message: string; data: { closest: unknown; differences: string[] } };
    expect(error.code).toBe(MOCK_ERRORS.noMatch);
    // Both echo calls differ in one place; the first recorded wins the tie. add differs in three.
    expect(error.data).toEqual({
      closest: { method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } },
      differences: ['$.arguments.message'],
    });
    expect(error.message).toBe(
      'no recorded tools/call echo request has these params; the closest recorded request is tools/call {"name":"echo","arguments":{"message":"hi"}} (differs at $.arguments.message)',
    );
    const [adding] = ask(server, req(9, 'tools/call', { name: 'add', arguments: { a: 1, b: 3 } }));
    expect((adding?.error as { data: { closest: { params: unknown } } }).data.closest.params).toEqual({
      name: 'add',
      arguments: { a: 1, b: 2 },
    });
  });

  it('answers garbage with an error and id null, takes notifications and responses silently, and never throws', () => {
    const server = mock(handshake);
    expect(ask(server, 'not json')).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringContaining('not JSON') as unknown } },
    ]);
    expect(server.handle(undefined).map((l) => JSON.parse(l) as unknown)).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'the line is not valid UTF-8' } },
    ]);
    expect(ask(server, [req(1, 'ping')])[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(ask(server, { id: 1, method: 'ping' })[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(ask(server, '{"jsonrpc":"2.0","id":{"a":1},"method":"x"}')[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(ask(server, `${'['.repeat(5000)}${']'.repeat(5000)}`)[0]).toMatchObject({ id: null });
    expect(ask(server, { jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual([]);
    expect(ask(server, res(0, { action: 'cancel' }))).toEqual([]);
    expect(server.handle('')).toEqual([]);
    for (const odd of [
      'null',
      '1',
      '"x"',
      '{}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1]}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"__proto__":{"x":1}}}',
    ])
      expect(() => server.handle(odd)).not.toThrow();
  });
});

describe('the closest recorded request', () => {
  it('counts the leaf values that differ: a retry with other answers is closer to the recorded retry than to the first round', () => {
    const server = mock(
      [
        ['c', req(1, 'tools/call', { name: 'confirm', arguments: { action: 'x' } })],
        ['s', res(1, { resultType: 'input_required', inputRequests: {}, requestState: 's1' })],
        [
          'c',
          req(2, 'tools/call', {
            name: 'confirm',
            arguments: { action: 'x' },
            inputResponses: { ok: { action: 'accept', content: { confirm: true } } },
            requestState: 's1',
          }),
        ],
        ['s', res(2, { content: [] })],
      ],
      'stateless',
    );
    const [reply] = ask(
      server,
      req(3, 'tools/call', {
        name: 'confirm',
        arguments: { action: 'x' },
        inputResponses: { ok: { action: 'accept', content: { confirm: false } } },
        requestState: 's1',
      }),
    );
    expect((reply?.error as { data: { differences: string[] } }).data.differences).toEqual(['$.inputResponses.ok.content.confirm']);
  });

  it('names five places in the message and counts the rest', () => {
    const server = mock([
      ['c', req(1, 'tools/call', { name: 't', arguments: { a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1 } })],
      ['s', res(1, {})],
    ]);
    const [reply] = ask(server, req(2, 'tools/call', { name: 't', arguments: { a: 2, b: 2, c: 2, d: 2, e: 2, f: 2, g: 2 } }));
    const error = reply?.error as { message: string; data: { differences: string[] } };
    expect(error.message).toMatch(
      /\(differs at \$\.arguments\.a, \$\.arguments\.b, \$\.arguments\.c, \$\.arguments\.d, \$\.arguments\.e, and 2 more places\)$/,
    );
    expect(error.data.differences).toHaveLength(7);
  });
});
