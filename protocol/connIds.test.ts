import { describe, it, expect } from 'vitest';
import { connNumber, newConnId, nextConnNumber } from './connIds.js';

describe('connection ids', () => {
  it('reads the number of an id the app made, and of no other', () => {
    expect(connNumber('c3-k2x9')).toBe(3);
    expect(connNumber('t12-ab01')).toBe(12);
    expect(connNumber('demo')).toBeUndefined();
    expect(connNumber('c-abc')).toBeUndefined();
    expect(connNumber('3c-abc')).toBeUndefined();
  });

  it('goes on from the highest number any tab has used', () => {
    // A second tab that has read the first one's c1 and t2 from the journal starts at 3.
    expect(nextConnNumber(['c1-aaaa', 't2-bbbb', 'demo'], 0)).toBe(3);
    // Its own last number counts too, should the journal not show it yet.
    expect(nextConnNumber(['c1-aaaa'], 5)).toBe(6);
    expect(nextConnNumber([], 0)).toBe(1);
  });

  it('writes the prefix, the number and a random tail', () => {
    expect(newConnId('c', 4, () => 0.123456)).toMatch(/^c4-[0-9a-z]{1,4}$/);
  });
});
