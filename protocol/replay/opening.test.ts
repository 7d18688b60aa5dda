// The opening's answer: whole in the same flow, what both flows say across them.
import { describe, expect, it } from 'vitest';
import { compareOpening, essentials } from './opening.js';
import { readRecordings } from './recording.js';
import { req, res, scriptedSession } from './scriptedSession.js';
import { ignoreRule } from './volatile.js';

const info = { name: 'demo', version: '1.0.0' };
const initResult = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: info, instructions: 'Hi' };
const discoverResult = {
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: {} },
  instructions: 'Hi',
  resultType: 'complete',
  _meta: { 'io.modelcontextprotocol/serverInfo': info },
};

const handshakeRecording = () =>
  readRecordings(
    scriptedSession([
      {
        conn: 'h',
        flow: 'handshake',
        lines: [
          ['c', req(1, 'initialize', {})],
          ['s', res(1, initResult)],
        ],
      },
    ]),
  )[0]!;

describe('compareOpening', () => {
  it('compares the whole result in the same flow', () => {
    const rec = handshakeRecording();
    expect(compareOpening(rec, 'handshake', { id: 7, result: initResult }, ignoreRule())).toMatchObject({
      status: 'match',
      ids: { recorded: [1], replayed: [7] },
    });
    expect(
      compareOpening(rec, 'handshake', { id: 7, result: { ...initResult, protocolVersion: '2025-06-18' } }, ignoreRule()),
    ).toMatchObject({
      status: 'differ',
      differences: [{ path: ['result', 'protocolVersion'] }],
    });
  });

  it('across flows compares serverInfo, capabilities and instructions, wherever each flow keeps them', () => {
    const rec = handshakeRecording();
    expect(essentials('server/discover', discoverResult)).toEqual(essentials('initialize', initResult));
    expect(compareOpening(rec, 'stateless', { id: 2, result: discoverResult }, ignoreRule({ crossFlow: true }))).toMatchObject({
      status: 'match',
      call: { method: 'initialize → server/discover' },
    });
    const newer = { ...discoverResult, _meta: { 'io.modelcontextprotocol/serverInfo': { ...info, version: '2.0.0' } } };
    expect(compareOpening(rec, 'stateless', { id: 2, result: newer }, ignoreRule({ crossFlow: true }))).toMatchObject({
      status: 'differ',
      differences: [{ path: ['result', 'serverInfo', 'version'], recorded: '1.0.0', got: '2.0.0' }],
    });
  });

  it('says why when there is nothing to compare', () => {
    const empty = readRecordings(scriptedSession([{ conn: 'e', flow: 'stateless', lines: [] }]))[0]!;
    expect(compareOpening(empty, 'stateless', undefined, ignoreRule())).toMatchObject({
      status: 'skipped',
      reason: 'the recording has no answered opening request',
    });
    expect(compareOpening(handshakeRecording(), 'handshake', undefined, ignoreRule())).toMatchObject({
      status: 'skipped',
      reason: 'no initialize was answered in this run',
    });
  });
});
