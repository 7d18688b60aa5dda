// Reading a session file into what replay and the mock use: openings, calls, rounds, questions.
import { describe, expect, it } from 'vitest';
import { finalAnswer, readRecordings } from './recording.js';
import { err, req, res, scriptedSession } from './scriptedSession.js';
import { parseSessionFile } from '../sessionFile.js';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'mcp-lens', version: '0.1.0' },
};

describe('readRecordings', () => {
  it('handshake: the initialize is the opening, its capabilities are kept, the calls come after it', () => {
    const [rec] = readRecordings(
      scriptedSession([
        {
          conn: 'a',
          lines: [
            [
              'c',
              req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: { roots: {} }, clientInfo: { name: 'x', version: '1' } }),
            ],
            ['s', res(1, { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } })],
            ['c', { jsonrpc: '2.0', method: 'notifications/initialized' }],
            ['c', req(2, 'tools/list')],
            ['s', '{"jsonrpc":"2.0","id":2,"result":{ "tools" : [],"b":1.0}}'],
            ['c', req(3, 'tools/call', { name: 'nope', arguments: {} })],
            ['s', err(3, -32602, 'unknown tool')],
          ],
        },
      ]),
    );
    expect(rec?.flow).toBe('handshake');
    expect(rec?.opening?.method).toBe('initialize');
    expect(rec?.capabilities).toEqual({ roots: {} });
    expect(rec?.calls.map((c) => [c.index, c.method])).toEqual([
      [1, 'tools/list'],
      [2, 'tools/call'],
    ]);
    // The server's own text, spaces and 1.0 included, for the mock to write back.
    expect(finalAnswer(rec!.calls[0]!)).toMatchObject({ kind: 'result', text: '{ "tools" : [],"b":1.0}' });
    expect(finalAnswer(rec!.calls[1]!)).toMatchObject({ kind: 'error', error: { code: -32602 } });
    expect(rec?.requests).toHaveLength(3);
  });

  it('stateless: the envelope and progress token leave the params, the caller’s own _meta stays', () => {
    const [rec] = readRecordings(
      scriptedSession([
        {
          conn: 'b',
          flow: 'stateless',
          lines: [
            ['c', req(1, 'server/discover', { _meta: ENVELOPE })],
            ['s', res(1, { supportedVersions: ['2026-07-28'], capabilities: {} })],
            [
              'c',
              req(2, 'tools/call', { name: 'echo', arguments: { message: 'hi' }, _meta: { ...ENVELOPE, progressToken: 'p1-2', mine: 1 } }),
            ],
            ['s', res(2, { content: [] })],
          ],
        },
      ]),
    );
    expect(rec?.opening?.method).toBe('server/discover');
    expect(rec?.capabilities).toEqual({ elicitation: { form: {} } });
    expect(rec?.calls[0]?.params).toEqual({ name: 'echo', arguments: { message: 'hi' }, _meta: { mine: 1 } });
  });

  it('stateless input rounds: the retry joins its call, and its inputResponses answer the questions asked', () => {
    const ask = { confirm: { method: 'elicitation/create', params: { message: 'Sure?', requestedSchema: {} } } };
    const [rec] = readRecordings(
      scriptedSession([
        {
          conn: 'c',
          flow: 'stateless',
          lines: [
            ['c', req(5, 'tools/call', { name: 'confirm_action', arguments: { action: 'x' }, _meta: ENVELOPE })],
            ['s', res(5, { resultType: 'input_required', inputRequests: ask, requestState: 'st-1' })],
            [
              'c',
              req(6, 'tools/call', {
                name: 'confirm_action',
                arguments: { action: 'x' },
                inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
                requestState: 'st-1',
                _meta: ENVELOPE,
              }),
            ],
            ['s', res(6, { content: [{ type: 'text', text: 'done' }] })],
            ['c', req(7, 'tools/call', { name: 'confirm_action', arguments: { action: 'x' }, _meta: ENVELOPE })],
            ['s', res(7, { content: [] })],
          ],
        },
      ]),
    );
    expect(rec?.calls).toHaveLength(2);
    const call = rec!.calls[0]!;
    expect(call.params).toEqual({ name: 'confirm_action', arguments: { action: 'x' } });
    expect(call.rounds.map((r) => r.id)).toEqual([5, 6]);
    expect(finalAnswer(call)).toMatchObject({ kind: 'result', result: { content: [{ text: 'done' }] } });
    expect(rec?.questions).toEqual([
      {
        method: 'elicitation/create',
        params: { message: 'Sure?', requestedSchema: {} },
        answer: { result: { action: 'accept', content: { ok: true } } },
      },
    ]);
  });

  it('handshake server requests and the answers the client gave become questions', () => {
    const [rec] = readRecordings(
      scriptedSession([
        {
          conn: 'd',
          flow: 'handshake',
          lines: [
            ['c', req(1, 'tools/call', { name: 'confirm_action', arguments: {} })],
            ['s', req(0, 'elicitation/create', { message: 'Sure?' })],
            ['c', res(0, { action: 'decline' })],
            ['s', req(1, 'roots/list')],
            ['c', err(1, -32601, 'no')],
            ['s', res(1, { content: [] })],
          ],
        },
      ]),
    );
    expect(rec?.questions).toEqual([
      { method: 'elicitation/create', params: { message: 'Sure?' }, answer: { result: { action: 'decline' } } },
      { method: 'roots/list', params: undefined, answer: { error: { code: -32601, message: 'no' } } },
    ]);
    // The server's request id 1 is not the client's request 1: the call is still answered.
    expect(finalAnswer(rec!.calls[0]!)).toMatchObject({ kind: 'result' });
  });

  it('marks what was cancelled or never answered, and forgets what was in flight when the process restarted', () => {
    const file = scriptedSession([
      {
        conn: 'e',
        flow: 'handshake',
        lines: [
          ['c', req(1, 'tools/call', { name: 'slow', arguments: {} })],
          ['c', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }],
          ['c', req(2, 'tools/list')],
        ],
      },
    ]);
    // A restart, then an answer with the old id: not the answer to the earlier request.
    file.events.push(
      { seq: 90, t: 2, conn: 'e', kind: 'spawn', config: { command: 'node', args: [], env: {} }, pid: 9 },
      { seq: 91, t: 3, conn: 'e', kind: 'line', stream: 'stdout', text: JSON.stringify(res(2, {})), eol: '\n', size: 10 },
    );
    const [rec] = readRecordings(file);
    expect(rec?.calls[0]?.rounds[0]?.cancelled).toBe(true);
    expect(rec?.calls[1] && finalAnswer(rec.calls[1])).toBeUndefined();
  });

  it('reads each connection of a file apart, and guesses the flow from the opening when no note says it', () => {
    const recs = readRecordings(
      scriptedSession([
        {
          conn: 'one',
          lines: [
            ['c', req(1, 'server/discover', { _meta: ENVELOPE })],
            ['s', res(1, {})],
          ],
        },
        {
          conn: 'two',
          lines: [
            ['c', req(1, 'initialize', {})],
            ['s', res(1, {})],
            ['c', req(2, 'ping')],
            ['s', res(2, {})],
          ],
        },
      ]),
    );
    expect(recs.map((r) => [r.conn, r.flow, r.calls.length])).toEqual([
      ['one', 'stateless', 0],
      ['two', 'handshake', 1],
    ]);
  });

  it('skips lines that are not JSON-RPC or not UTF-8 without losing the rest', () => {
    const file = scriptedSession([
      {
        conn: 'f',
        flow: 'handshake',
        lines: [
          ['c', 'hello'],
          ['s', '[1,2]'],
          ['c', req(1, 'ping')],
          ['s', 'x'],
          ['s', res(1, {})],
        ],
      },
    ]);
    file.events.push({ seq: 99, t: 9, conn: 'f', kind: 'line', stream: 'stdout', b64: '/w==', eol: '\n', size: 1 });
    const parsed = parseSessionFile(JSON.stringify(file));
    expect(parsed.ok).toBe(true);
    const [rec] = readRecordings(file);
    expect(rec?.calls.map((c) => [c.method, finalAnswer(c)?.kind])).toEqual([['ping', 'result']]);
  });
});
