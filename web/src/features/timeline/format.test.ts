import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatId, rowDuration, statusTone } from './format.js';
import { STATUSES } from './viewState.js';

describe('timeline figures', () => {
  it('reads durations at every scale', () => {
    expect(formatDuration(0.4)).toBe('<1 ms');
    expect(formatDuration(3)).toBe('3 ms');
    expect(formatDuration(12.34)).toBe('12.3 ms');
    expect(formatDuration(250.6)).toBe('251 ms');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(12_345)).toBe('12.3 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(-1)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
  });

  it('reads sizes in decimal units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1 kB');
    expect(formatBytes(1234)).toBe('1.2 kB');
    expect(formatBytes(5_500_000)).toBe('5.5 MB');
    expect(formatBytes(2_000_000_000)).toBe('2 GB');
  });

  it('gives a duration only to requests that ended', () => {
    expect(rowDuration({ kind: 'request', t0: 10, t1: 35 })).toBe(25);
    expect(rowDuration({ kind: 'request', t0: 10 })).toBeUndefined();
    expect(rowDuration({ kind: 'notification', t0: 10, t1: 10 })).toBeUndefined();
  });

  it('keeps a string id apart from a number id', () => {
    expect(formatId(1)).toBe('1');
    expect(formatId('1')).toBe('"1"');
    expect(formatId(undefined)).toBe('');
  });

  it('marks every failure status as bad or warning, never ok', () => {
    for (const status of STATUSES) {
      const tone = statusTone(status);
      if (['error', 'timeout', 'orphan', 'invalid'].includes(status)) expect(tone).toBe('bad');
      if (status !== 'ok') expect(tone).not.toBe('ok');
    }
  });
});
