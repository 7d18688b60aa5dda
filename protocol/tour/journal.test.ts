import { describe, it, expect } from 'vitest';
import type { BridgeEvent } from '../envelope.js';
import { TOUR_TOPICS, followedTour, tourNoteText } from './journal.js';

type Note = Extract<BridgeEvent, { kind: 'note' }>;
let seq = 0;
const note = (topic: string, data: unknown): Note => ({ kind: 'note', seq: seq++, t: seq, topic, data });
const start = (run: string) => note(TOUR_TOPICS.start, { run, title: 'The protocol', source: { kind: 'builtin' } });
const step = (run: string, index: number, extra: Record<string, unknown> = {}) =>
  note(TOUR_TOPICS.step, { run, title: 'The protocol', index, total: 31, ...extra });

describe('followedTour', () => {
  it('is undefined before any run starts, even with steps of nothing started', () => {
    expect(followedTour([])).toBeUndefined();
    expect(followedTour([step('r1', 2)])).toBeUndefined();
  });

  it("follows the latest run and that run's latest step, with the seqs of its messages", () => {
    const notes = [
      start('r1'),
      step('r1', 0),
      step('r1', 4),
      start('r2'),
      step('r2', 0),
      step('r2', 1, { sent: 40, outcome: 41, conns: { hs: 'h1-ab' } }),
    ];
    expect(followedTour(notes)).toEqual({
      start: { run: 'r2', title: 'The protocol', source: { kind: 'builtin' } },
      step: { run: 'r2', title: 'The protocol', index: 1, total: 31, sent: 40, outcome: 41, conns: { hs: 'h1-ab' } },
      ended: false,
    });
  });

  it('shows a new run from its first step on, not where the previous run was', () => {
    const followed = followedTour([start('r1'), step('r1', 9), start('r2')]);
    expect(followed?.start.run).toBe('r2');
    expect(followed?.step).toBeUndefined();
  });

  it("knows when the run it follows has ended, and not by another run's end", () => {
    expect(followedTour([start('r1'), step('r1', 3), note(TOUR_TOPICS.end, { run: 'r1' })])?.ended).toBe(true);
    expect(followedTour([start('r2'), note(TOUR_TOPICS.end, { run: 'r1' })])?.ended).toBe(false);
  });

  it('passes over notes whose data does not read, and other topics', () => {
    const notes = [
      start('r1'),
      step('r1', 2),
      note(TOUR_TOPICS.start, { run: 'r3' }),
      note(TOUR_TOPICS.step, { run: 'r1', index: -1, total: 3, title: 'x' }),
      note('connect.step', { text: 'hello' }),
    ];
    expect(followedTour(notes)).toMatchObject({ start: { run: 'r1' }, step: { index: 2 } });
  });

  it('carries a picked file as its text, for a follower that cannot read the file', () => {
    const picked = note(TOUR_TOPICS.start, {
      run: 'r1',
      title: 'Mine',
      source: { kind: 'file', name: 'mine.tour.yaml', text: 'format: x' },
    });
    expect(followedTour([picked])?.start.source).toEqual({ kind: 'file', name: 'mine.tour.yaml', text: 'format: x' });
  });
});

describe('tourNoteText', () => {
  it('says each tour note as a sentence for the timeline, never the text of a picked file', () => {
    expect(tourNoteText(TOUR_TOPICS.start, { run: 'r1', title: 'The protocol', source: { kind: 'builtin' } })).toBe(
      'tour "The protocol" started (the built-in tour)',
    );
    expect(
      tourNoteText(TOUR_TOPICS.start, { run: 'r1', title: 'Mine', source: { kind: 'file', name: 'mine.tour.yaml', text: 'steps: []' } }),
    ).toBe('tour "Mine" started (mine.tour.yaml)');
    expect(
      tourNoteText(TOUR_TOPICS.step, { run: 'r1', title: 'T', index: 4, stepTitle: 'tools/list', total: 31, sent: 3, outcome: 4 }),
    ).toBe('tour step 5 of 31: tools/list, answered');
    expect(tourNoteText(TOUR_TOPICS.step, { run: 'r1', title: 'T', index: 0, total: 2 })).toBe('tour step 1 of 2');
    expect(tourNoteText(TOUR_TOPICS.end, { run: 'r1' })).toBe('tour ended');
  });

  it('leaves other notes, and tour notes that do not read, to the default', () => {
    expect(tourNoteText('replay.done', {})).toBeUndefined();
    expect(tourNoteText(TOUR_TOPICS.step, { index: 'x' })).toBeUndefined();
    expect(tourNoteText(TOUR_TOPICS.end, null)).toBeUndefined();
  });
});
