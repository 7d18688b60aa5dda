// Replaying recorded calls through a real ClientSession, against the mock of a recording: the
// same recording matches; a changed one is found, at its path; input rounds are answered as
// recorded; a server that goes away ends the replay. Then the text a person reads.
import { describe, expect, it } from 'vitest';
import { ClientSession } from '../clientSession.js';
import type { Flow } from '../flows.js';
import { classifyText } from '../jsonrpc.js';
import { MockServer } from '../mock/mockServer.js';
import { readRecordings, type RecordedConnection } from './recording.js';
import { RecordedAnswers } from './recordedAnswers.js';
import { replayCalls, type ExchangeReport } from './replayCalls.js';
import { renderExchange, renderSummary, tally } from './report.js';
import { ignoreRule } from './volatile.js';
import { parseJsonPath } from './jsonPath.js';
import { req, res, scriptedSession, type ScriptLine } from './scriptedSession.js';

const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

function recordingOf(lines: ScriptLine[], flow: Flow): RecordedConnection {
  const [recording] = readRecordings(scriptedSession([{ conn: 'r', flow, lines }]));
  if (!recording) throw new Error('no recording');
  return recording;
}

/** A client session in `flow` whose lines go to `server` and whose answers come back. */
function sessionAgainst(server: MockServer | undefined, flow: Flow): { session: ClientSession; sent: string[] } {
  const sent: string[] = [];
  let id = 100;
  const session: ClientSession = new ClientSession({
    flow,
    protocolVersion: flow === 'stateless' ? '2026-07-28' : '2025-11-25',
    nextId: () => id++,
    send: (line) => {
      sent.push(line);
      if (server) queueMicrotask(() => server.handle(line).forEach((reply) => session.onMessage(classifyText(reply))));
    },
  });
  return { session, sent };
}

const calls: ScriptLine[] = [
  ['c', req(1, 'tools/list')],
  ['s', res(1, { tools: [{ name: 'echo' }] })],
  ['c', req(2, 'tools/call', { name: 'echo', arguments: { message: 'hi' } })],
  ['s', res(2, { content: [{ type: 'text', text: 'Echo: hi' }] })],
  ['c', req(3, 'tools/call', { name: 'slow', arguments: {} })],
];

async function replay(
  recorded: RecordedConnection,
  server: RecordedConnection | undefined,
  flow: Flow,
  ignore = ignoreRule(),
): Promise<ExchangeReport[]> {
  const { session } = sessionAgainst(server && new MockServer(server), flow);
  return replayCalls(recorded.calls, session, { ignore, answer: new RecordedAnswers(recorded.questions).answer, timeoutMs: 5000 });
}

describe('replayCalls', () => {
  it('the same answers match, with new ids; a call the recording has no answer to is not sent', async () => {
    const recording = recordingOf(calls, 'handshake');
    const reports = await replay(recording, recording, 'handshake');
    expect(reports.map((r) => r.status)).toEqual(['match', 'match', 'skipped']);
    expect(reports[1]).toMatchObject({ ids: { recorded: [2], replayed: [101] } });
    expect(reports[2]).toMatchObject({ reason: 'the recording has no answer to it' });
  });

  it('a changed answer differs at its path, and --ignore of that path lets it pass', async () => {
    const recording = recordingOf(calls, 'handshake');
    const changed = recordingOf(
      calls.map(([who, m]): ScriptLine => [
        who,
        who === 's' && JSON.stringify(m).includes('Echo: hi') ? res(2, { content: [{ type: 'text', text: 'Echoed: hi' }] }) : m,
      ]),
      'handshake',
    );
    const reports = await replay(recording, changed, 'handshake');
    expect(reports[1]).toMatchObject({
      status: 'differ',
      differences: [{ kind: 'changed', path: ['result', 'content', 0, 'text'], recorded: 'Echo: hi', got: 'Echoed: hi' }],
    });
    const path = parseJsonPath('$.result.content[0].text');
    if (!path.ok) throw new Error(path.error);
    expect((await replay(recording, changed, 'handshake', ignoreRule({ paths: [path.path] }))).map((r) => r.status)).toEqual([
      'match',
      'match',
      'skipped',
    ]);
  });

  it('a handshake recording replayed in the stateless flow: the envelope is new, the answers still match', async () => {
    const recording = recordingOf(calls, 'handshake');
    const statelessServer = recordingOf(
      [
        ['c', req(1, 'tools/list', { _meta: ENVELOPE })],
        [
          's',
          res(1, {
            tools: [{ name: 'echo' }],
            resultType: 'complete',
            ttlMs: 0,
            _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'x' } },
          }),
        ],
        ['c', req(2, 'tools/call', { name: 'echo', arguments: { message: 'hi' }, _meta: ENVELOPE })],
        ['s', res(2, { content: [{ type: 'text', text: 'Echo: hi' }], resultType: 'complete' })],
      ],
      'stateless',
    );
    const { session, sent } = sessionAgainst(new MockServer(statelessServer), 'stateless');
    const reports = await replayCalls(recording.calls, session, {
      ignore: ignoreRule({ crossFlow: true }),
      answer: new RecordedAnswers([]).answer,
    });
    expect(reports.map((r) => r.status)).toEqual(['match', 'match', 'skipped']);
    expect(sent[0]).toContain('io.modelcontextprotocol/protocolVersion');
    // In the same flow those members would count.
    expect((await replay(recording, statelessServer, 'stateless')).map((r) => r.status)).toEqual(['differ', 'differ', 'skipped']);
  });

  it('stateless input rounds are retried with the recorded answers and the server’s new requestState', async () => {
    const ask = { ok: { method: 'elicitation/create', params: { message: 'Sure?' } } };
    const lines = (state: string): ScriptLine[] => [
      ['c', req(1, 'tools/call', { name: 'confirm', arguments: {}, _meta: ENVELOPE })],
      ['s', res(1, { resultType: 'input_required', inputRequests: ask, requestState: state })],
      [
        'c',
        req(2, 'tools/call', {
          name: 'confirm',
          arguments: {},
          inputResponses: { ok: { action: 'accept' } },
          requestState: state,
          _meta: ENVELOPE,
        }),
      ],
      ['s', res(2, { content: [{ type: 'text', text: 'confirmed' }], resultType: 'complete' })],
    ];
    const recording = recordingOf(lines('state-1'), 'stateless');
    const { session, sent } = sessionAgainst(new MockServer(recording), 'stateless');
    const reports = await replayCalls(recording.calls, session, {
      ignore: ignoreRule(),
      answer: new RecordedAnswers(recording.questions).answer,
    });
    expect(reports).toMatchObject([{ status: 'match', ids: { recorded: [1, 2], replayed: [100, 101] } }]);
    expect(JSON.parse(sent[1] ?? '{}')).toMatchObject({
      params: { inputResponses: { ok: { action: 'accept' } }, requestState: 'state-1' },
    });
  });

  it('a server that never answers times the call out; one that is gone ends the replay there', async () => {
    const recording = recordingOf(calls.slice(0, 4), 'handshake');
    const { session } = sessionAgainst(undefined, 'handshake');
    const timedOut = await replayCalls(recording.calls.slice(0, 1), session, {
      ignore: ignoreRule(),
      answer: new RecordedAnswers([]).answer,
      timeoutMs: 20,
    });
    expect(timedOut).toMatchObject([{ status: 'failed', fatal: false, reason: 'no answer within 20 ms' }]);
    const { session: closing } = sessionAgainst(undefined, 'handshake');
    const done = replayCalls(recording.calls, closing, { ignore: ignoreRule(), answer: new RecordedAnswers([]).answer });
    queueMicrotask(() => closing.close('the server exited with code 1'));
    expect((await done).map((r) => r.status)).toEqual(['failed', 'skipped']);
  });
});

describe('the report', () => {
  it('prints each exchange on a line, each difference with its path and both values, and a summary', async () => {
    const recording = recordingOf(calls, 'handshake');
    const changed = recordingOf(
      calls.map(([who, m]): ScriptLine => [
        who,
        who === 's' && JSON.stringify(m).includes('Echo: hi') ? res(2, { content: [{ type: 'text', text: 'x'.repeat(500) }], more: 1 }) : m,
      ]),
      'handshake',
    );
    const reports = await replay(recording, changed, 'handshake');
    const text = reports.flatMap((r) => renderExchange(r, { maxValue: 40 })).join('\n');
    expect(text).toBe(
      [
        '  ok       #1 tools/list  (id 1 → 100)',
        '  DIFFERS  #2 tools/call echo  (id 2 → 101)',
        '      $.result.content[0].text',
        '        recorded: "Echo: hi"',
        `        got:      "${'x'.repeat(39)}… (502 characters)`,
        '      $.result.more  (not in the recording)',
        '        got:      1',
        '  skipped  #3 tools/call slow: the recording has no answer to it',
      ].join('\n'),
    );
    expect(renderSummary(tally(reports))).toBe('3 exchanges: 1 match, 1 differ, 1 skipped');
  });
});

describe('RecordedAnswers', () => {
  it('answers a question with the recorded answer to the same question first, then to the same method, then the last again', () => {
    const answers = new RecordedAnswers([
      { method: 'elicitation/create', params: { message: 'A' }, answer: { result: { action: 'accept', content: { a: 1 } } } },
      { method: 'elicitation/create', params: { message: 'B' }, answer: { result: { action: 'decline' } } },
    ]);
    expect(answers.answer('elicitation/create', { message: 'B' })).toEqual({ result: { action: 'decline' } });
    expect(answers.answer('elicitation/create', { message: 'Z' })).toEqual({ result: { action: 'accept', content: { a: 1 } } });
    expect(answers.answer('elicitation/create', { message: 'B' })).toEqual({ result: { action: 'accept', content: { a: 1 } } });
    expect(answers.answer('sampling/createMessage', {})).toMatchObject({ error: { code: -32601 } });
    expect(new RecordedAnswers([]).answer('elicitation/create', {})).toEqual({ result: { action: 'cancel' } });
  });
});
