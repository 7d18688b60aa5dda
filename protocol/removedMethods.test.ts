import { describe, expect, it } from 'vitest';
import { removedMethodNote } from './removedMethods.js';

describe('removedMethodNote', () => {
  it.each(['ping', 'logging/setLevel', 'resources/subscribe'])('explains %s as removed in 2026-07-28', (method) => {
    expect(removedMethodNote(method, 'stateless')).toContain('removed in 2026-07-28');
  });

  it('says nothing in a handshake session, or of other methods', () => {
    expect(removedMethodNote('ping', 'handshake')).toBeUndefined();
    expect(removedMethodNote('tools/list', 'stateless')).toBeUndefined();
    expect(removedMethodNote('constructor', 'stateless')).toBeUndefined();
  });
});

describe('removedMethodNote in a handshake session', () => {
  it.each(['server/discover', 'subscriptions/listen'])('says 2025-11-25 has no %s', (method) => {
    expect(removedMethodNote(method, 'handshake')).toContain(`${method} is not a method of 2025-11-25`);
    expect(removedMethodNote(method, 'stateless')).toBeUndefined();
  });
});
