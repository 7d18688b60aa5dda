import { describe, expect, it } from 'vitest';
import { displayName, hintBadges, matchesSearch } from './toolInfo.js';

describe('tool display', () => {
  it('names a tool by title, then annotations.title, then name', () => {
    expect(displayName({ name: 'n', title: 'T', annotations: { title: 'A' } })).toBe('T');
    expect(displayName({ name: 'n', annotations: { title: 'A' } })).toBe('A');
    expect(displayName({ name: 'n' })).toBe('n');
  });

  it('shows only the hints a tool states; destructive only when not read-only', () => {
    expect(hintBadges({ name: 'n' })).toEqual([]);
    expect(hintBadges({ name: 'n', annotations: { readOnlyHint: true, destructiveHint: true } }).map((b) => b.label)).toEqual([
      'read-only',
    ]);
    expect(
      hintBadges({ name: 'n', annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: true } }).map((b) => b.label),
    ).toEqual(['destructive', 'idempotent', 'open-world']);
  });

  it('searches name, title and description, case-insensitively', () => {
    const tool = { name: 'get_sum', title: 'Sum', description: 'Adds numbers' };
    expect(matchesSearch(tool, '')).toBe(true);
    expect(matchesSearch(tool, 'ADDS')).toBe(true);
    expect(matchesSearch(tool, 'sum')).toBe(true);
    expect(matchesSearch(tool, 'nope')).toBe(false);
  });
});
