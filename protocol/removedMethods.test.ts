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
