import { describe, expect, it } from 'vitest';
import { parseEventText } from './eventLine.js';

// A journal line the bridge wrote whole but that nests past the limit is refused as what it
// is, not read into the timeline (where showing or linting it would overflow the stack) nor
// taken for a line cut off mid-write.
describe('parseEventText: a line nested too deep', () => {
  it('is refused with why; one at the limit is read', () => {
    const note = (depth: number): string => `{"seq":1,"t":2,"kind":"note","topic":"x","data":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expect(parseEventText(note(600))).toEqual({ ok: false, error: 'nests deeper than 512 levels, and is not read' });
    expect(parseEventText(note(500)).ok).toBe(true);
  });
});
