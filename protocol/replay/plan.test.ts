// How a replay connects, the same from the CLI and the app: the recorded flow unless another is
// asked for, the recorded version only in that flow, the recorded capabilities; and where the
// opening's answer is read back from.
import { describe, expect, it } from 'vitest';
import { ExchangeTracker } from '../exchanges.js';
import { EventScript } from '../timeline/testing.js';
import { answeredOpening, DEFAULT_REPLAY_CAPABILITIES, replayable, replayConnect } from './plan.js';
import { readRecordings } from './recording.js';
import { req, res, scriptedSession } from './scriptedSession.js';

const recordings = readRecordings(
  scriptedSession([
    {
      conn: 'h',
      flow: 'handshake',
      lines: [
        [
          'c',
          req(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: { sampling: {} }, clientInfo: { name: 't', version: '1' } }),
        ],
        ['s', res(0, { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } })],
        ['c', req(1, 'tools/list')],
        ['s', res(1, { tools: [] })],
      ],
    },
    { conn: 'opened-only', flow: 'handshake', lines: [] },
    { conn: 'unknown', lines: [['c', req(1, 'tools/list')]] },
  ]),
);

describe('replayConnect', () => {
  const [recorded, , unknown] = recordings;
  if (!recorded || !unknown) throw new Error('recordings missing');
  // The version a connection settled on comes from its connect note (the scripted one says only the flow).
  const handshake = { ...recorded, protocolVersion: '2025-06-18' };

  it('connects in the recorded flow with the recorded version and capabilities, or in the flow asked for with its latest', () => {
    expect(replayConnect(handshake, undefined)).toEqual({
      choice: 'handshake',
      protocolVersion: '2025-06-18',
      capabilities: { sampling: {} },
      discover: true,
    });
    expect(replayConnect(handshake, 'handshake')).toMatchObject({ choice: 'handshake', protocolVersion: '2025-06-18' });
    expect(replayConnect(handshake, 'stateless')).toEqual({ choice: 'stateless', capabilities: { sampling: {} }, discover: true });
    expect(replayConnect(handshake, 'auto')).not.toHaveProperty('protocolVersion');
  });

  it('lets auto decide for a recording whose flow is unknown, declaring the default capabilities', () => {
    expect(replayConnect(unknown, undefined)).toEqual({ choice: 'auto', capabilities: DEFAULT_REPLAY_CAPABILITIES, discover: true });
  });

  it('replays only connections with a call or an answered opening', () => {
    expect(replayable(recordings).map((r) => r.conn)).toEqual(['h', 'unknown']);
  });
});

describe('answeredOpening', () => {
  it('reads the last answered opening of the method from its response line', () => {
    const s = new EventScript()
      .request('c', 0, 'server/discover')
      .error('c', 0, -32601, 'no')
      .request('c', 1, 'initialize')
      .result('c', 1, { serverInfo: { name: 'first' } })
      .request('c', 2, 'initialize')
      .result('c', 2, { serverInfo: { name: 'second' } })
      .request('c', 3, 'initialize');
    const tracker = new ExchangeTracker();
    for (const e of s.events) tracker.apply(e);
    const text = (seq: number): string | undefined => {
      const e = s.events.find((x) => x.seq === seq);
      return e?.kind === 'line' ? e.text : undefined;
    };
    expect(answeredOpening(tracker.exchanges.values(), 'initialize', text)).toEqual({ id: 2, result: { serverInfo: { name: 'second' } } });
    expect(answeredOpening(tracker.exchanges.values(), 'server/discover', text)).toBeUndefined();
    expect(answeredOpening(tracker.exchanges.values(), 'initialize', () => undefined)).toBeUndefined();
  });
});
