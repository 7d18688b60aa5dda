import { describe, it, expect } from 'vitest';
import { presenterCommand, type KeyInput } from './presenterKeys.js';

const key = (k: string, over: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  editing: false,
  ...over,
});

describe('presenterCommand', () => {
  it('moves on with Space, the right arrow and PageDown (a clicker), back with the left arrow and PageUp', () => {
    expect([' ', 'ArrowRight', 'PageDown'].map((k) => presenterCommand(key(k)))).toEqual(['next', 'next', 'next']);
    expect(['ArrowLeft', 'PageUp'].map((k) => presenterCommand(key(k)))).toEqual(['back', 'back']);
  });

  it('restarts with Home and leaves with Escape', () => {
    expect(presenterCommand(key('Home'))).toBe('restart');
    expect(presenterCommand(key('Escape'))).toBe('leave');
  });

  it("leaves the browser's own shortcuts and other keys alone", () => {
    expect(presenterCommand(key('ArrowLeft', { altKey: true }))).toBeUndefined();
    expect(presenterCommand(key('PageDown', { ctrlKey: true }))).toBeUndefined();
    expect(presenterCommand(key(' ', { metaKey: true }))).toBeUndefined();
    expect(presenterCommand(key('ArrowDown'))).toBeUndefined();
    expect(presenterCommand(key('b'))).toBeUndefined();
  });

  it('gives the editor its keys, Escape stepping out of it', () => {
    for (const k of [' ', 'ArrowRight', 'ArrowLeft', 'PageDown', 'Home'])
      expect(presenterCommand(key(k, { editing: true }))).toBeUndefined();
    expect(presenterCommand(key('Escape', { editing: true }))).toBe('blur');
  });
});
