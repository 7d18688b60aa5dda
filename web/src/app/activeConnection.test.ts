import { describe, expect, it } from 'vitest';
import { chooseActive } from './activeConnection.js';

describe('chooseActive', () => {
  it('shows the newest open connection when this tab has shown nothing and opened nothing', () => {
    expect(chooseActive({ open: ['a', 'b'], ownLaunches: [] })).toBe('b');
    expect(chooseActive({ open: [], ownLaunches: [] })).toBeUndefined();
  });

  it('stays on what it shows when another tab opens a newer connection', () => {
    expect(chooseActive({ open: ['a', 'b'], ownLaunches: [], shown: 'a' })).toBe('a');
  });

  it('follows a connection this tab opens, even over one another tab opened later', () => {
    expect(chooseActive({ open: ['a', 'b', 'c'], ownLaunches: ['b'], shown: 'a' })).toBe('b');
  });

  it('keeps the user pick until this tab opens another connection', () => {
    const picked = { conn: 'a', ownLaunchesBefore: 1 };
    expect(chooseActive({ open: ['a', 'b'], ownLaunches: ['b'], picked, shown: 'a' })).toBe('a');
    expect(chooseActive({ open: ['a', 'b', 'c'], ownLaunches: ['b', 'c'], picked, shown: 'a' })).toBe('c');
  });

  it('moves on when the connection it shows closes', () => {
    expect(chooseActive({ open: ['a', 'c'], ownLaunches: ['a'], picked: { conn: 'b', ownLaunchesBefore: 1 }, shown: 'b' })).toBe('a');
    expect(chooseActive({ open: ['a', 'c'], ownLaunches: [], shown: 'b' })).toBe('c');
  });
});
