import { describe, expect, it } from 'vitest';
import { StderrTail, exitHow } from './serverExit.js';

describe('serverExit', () => {
  it('says how a process ended', () => {
    expect(exitHow({ code: 7, signal: null })).toBe('with code 7');
    expect(exitHow({ code: null, signal: 'SIGKILL' })).toBe('on signal SIGKILL');
    expect(exitHow({ code: null, signal: null })).toBe('with no exit code');
  });

  it('keeps the last three non-blank stderr lines, one line in all', () => {
    const tail = new StderrTail();
    expect(tail.describe()).toBe('; it wrote nothing on stderr');
    for (const line of ['a', '  ', 'b', 'c\r', 'd']) tail.push(line);
    expect(tail.describe()).toBe('; its last stderr: b | c | d');
    tail.clear();
    expect(tail.describe()).toBe('; it wrote nothing on stderr');
  });
});
