import { describe, expect, it } from 'vitest';
import { formatCount } from './count.js';

describe('formatCount', () => {
  it('separates thousands the English way, whatever the machine’s locale', () => {
    expect([0, 999, 1000, 1234567, -4200].map(formatCount)).toEqual(['0', '999', '1,000', '1,234,567', '-4,200']);
  });
});
