// A replay's journaled notes: one per judged exchange with its differences (capped, long values
// clipped), read back through zod whatever a file holds, and the line each puts on the timeline.
import { describe, expect, it } from 'vitest';
import { EventScript } from '../timeline/testing.js';
import { TimelineIndex } from '../timeline/timelineIndex.js';
import type { Difference } from './diff.js';
import {
  differenceValue,
  exchangeNote,
  MAX_NOTED_DIFFERENCES,
  MAX_NOTED_VALUE,
  readExchangeNote,
  REPLAY_TOPICS,
  replayNoteText,
} from './notes.js';
import type { RecordedCall } from './recording.js';
import type { ExchangeReport } from './replayCalls.js';

const echo: RecordedCall = {
  index: 2,
  method: 'tools/call',
  params: { name: 'echo', arguments: { message: 'hi' } },
  rounds: [{ seq: 7, id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }],
};
const ids = { recorded: [2], replayed: [5] };
const context = { id: 'rpl-1', recordedConn: 'c1', replayedSeq: 40 };
const changed: Difference = { kind: 'changed', path: ['result', 'content', 0, 'text'], recorded: 'Echo: hi', got: 'Echoed: hi' };

describe('exchangeNote', () => {
  it('keeps the verdict, both ids, the replayed row and each difference as a JSON path with both values', () => {
    const note = exchangeNote({ status: 'differ', call: echo, ids, differences: [changed], total: 1 }, context);
    expect(note).toEqual({
      id: 'rpl-1',
      recordedConn: 'c1',
      index: 2,
      method: 'tools/call',
      what: 'tools/call echo',
      status: 'differ',
      recordedIds: [2],
      replayedIds: [5],
      replayedSeq: 40,
      differences: [{ path: '$.result.content[0].text', kind: 'changed', recorded: 'Echo: hi', replayed: 'Echoed: hi' }],
      total: 1,
    });
    // What is journaled is plain JSON, and reads back the same.
    expect(readExchangeNote(JSON.parse(JSON.stringify(note)))).toEqual(note);
    expect(replayNoteText(REPLAY_TOPICS.exchange, note)).toBe('replay tools/call echo: differs at $.result.content[0].text');
  });

  it('reads a match as "same as recorded", and says why an exchange was not sent or failed', () => {
    const reports: ExchangeReport[] = [
      { status: 'match', call: echo, ids },
      { status: 'skipped', call: echo, reason: 'the recording has no answer to it' },
      { status: 'failed', call: echo, ids, reason: 'no answer within 60000 ms', fatal: false },
      { status: 'differ', call: echo, ids, differences: [], total: 0, note: 'the server answered with an error' },
    ];
    expect(reports.map((r) => replayNoteText(REPLAY_TOPICS.exchange, exchangeNote(r, { id: 'x', recordedConn: 'c1' })))).toEqual([
      'replay tools/call echo: same as recorded',
      'replay tools/call echo: not sent: the recording has no answer to it',
      'replay tools/call echo: failed: no answer within 60000 ms',
      'replay tools/call echo: differs: the server answered with an error',
    ]);
    expect(exchangeNote(reports[1] as ExchangeReport, { id: 'x', recordedConn: 'c1' })).toMatchObject({
      recordedIds: [2],
      replayedIds: [],
    });
  });

  it('keeps at most MAX_NOTED_DIFFERENCES, counts the rest, and clips a long value to the start of its JSON', () => {
    const many: Difference[] = Array.from({ length: 60 }, (_, i) => ({ kind: 'added', path: ['result', `k${i}`], got: i }));
    const note = exchangeNote({ status: 'differ', call: echo, ids, differences: many, total: 75 }, context);
    expect(note.differences).toHaveLength(MAX_NOTED_DIFFERENCES);
    expect(note.total).toBe(75);
    expect(replayNoteText(REPLAY_TOPICS.exchange, note)).toBe('replay tools/call echo: differs at $.result.k0 and 74 more places');

    const long = 'x'.repeat(MAX_NOTED_VALUE + 10);
    const missing: Difference = { kind: 'missing', path: ['result', 'big'], recorded: long };
    const [clipped] = exchangeNote({ status: 'differ', call: echo, ids, differences: [missing], total: 1 }, context).differences;
    expect(clipped).toBeDefined();
    if (!clipped) return;
    expect(clipped.recorded).toBeUndefined();
    expect(clipped.recordedText).toBe(`"${'x'.repeat(MAX_NOTED_VALUE - 1)}… (${MAX_NOTED_VALUE + 12} characters)`);
    expect(differenceValue(clipped, 'recorded')).toBe(clipped.recordedText);
    expect(differenceValue(clipped, 'replayed')).toBe('(missing now)');
  });

  it('shows each side as JSON text, so a string, a number and markup read apart and inert', () => {
    const [d] = exchangeNote(
      {
        status: 'differ',
        call: echo,
        ids,
        differences: [{ kind: 'changed', path: ['result', 'n'], recorded: '<img src=x onerror=alert(1)>', got: 42 }],
        total: 1,
      },
      context,
    ).differences;
    if (!d) throw new Error('no difference');
    expect(differenceValue(d, 'recorded')).toBe('"<img src=x onerror=alert(1)>"');
    expect(differenceValue(d, 'replayed')).toBe('42');
    expect(differenceValue({ path: '$.result.x', kind: 'added', replayed: null }, 'recorded')).toBe('(not in the recording)');
    expect(differenceValue({ path: '$.result.x', kind: 'added', replayed: null }, 'replayed')).toBe('null');
  });
});

describe('replayNoteText', () => {
  it('says where a replay started from and how it ended', () => {
    expect(
      replayNoteText(REPLAY_TOPICS.start, {
        id: 'r',
        source: 's.mcplens.json',
        recordedConn: 'c1',
        label: 'demo',
        recordedFlow: 'handshake',
        flow: 'stateless',
        calls: 2,
        ignore: [],
      }),
    ).toBe('replay of c1 (demo) from s.mcplens.json, recorded in the handshake flow: 2 calls, in the stateless flow');
    expect(
      replayNoteText(REPLAY_TOPICS.done, {
        id: 'r',
        recordedConn: 'c1',
        flow: 'stateless',
        tally: { match: 2, differ: 1, skipped: 0, failed: 0 },
      }),
    ).toBe('replay of c1 done: 3 exchanges: 2 match, 1 differ in the stateless flow');
    expect(
      replayNoteText(REPLAY_TOPICS.done, {
        id: 'r',
        recordedConn: 'c1',
        tally: { match: 0, differ: 0, skipped: 0, failed: 1 },
        reason: 'could not connect: spawn nope ENOENT',
      }),
    ).toBe('replay of c1 done (could not connect: spawn nope ENOENT): 1 exchange: 0 match, 0 differ, 1 failed');
  });

  it('leaves other topics, and replay notes whose data is not one, to the plain reading', () => {
    expect(replayNoteText('compare.step', { id: 'x' })).toBeUndefined();
    expect(replayNoteText(REPLAY_TOPICS.exchange, { what: 'tools/call echo', status: 'match' })).toBeUndefined();
    expect(replayNoteText(REPLAY_TOPICS.exchange, null)).toBeUndefined();
    expect(replayNoteText(REPLAY_TOPICS.done, 'done')).toBeUndefined();
  });

  it('is what the timeline lists for the note rows', () => {
    const note = exchangeNote({ status: 'differ', call: echo, ids, differences: [changed], total: 1 }, context);
    const s = new EventScript()
      .note('r1', REPLAY_TOPICS.exchange, note)
      .note('r1', REPLAY_TOPICS.exchange, { ...note, what: '<b>x</b>', status: 'match' })
      .note('r1', 'compare.done', { id: 'x' });
    const index = new TimelineIndex();
    for (const event of s.events) index.apply(event);
    expect(index.window(0, 10).map((r) => [r.kind, r.summary])).toEqual([
      ['note', 'replay tools/call echo: differs at $.result.content[0].text'],
      ['note', 'replay <b>x</b>: same as recorded'],
      ['note', 'compare.done {"id":"x"}'],
    ]);
  });
});
