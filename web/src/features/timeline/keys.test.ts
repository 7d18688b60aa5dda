import { describe, expect, it } from 'vitest';
import { listAction, panelAction } from './keys.js';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('timeline keys', () => {
  it('moves with arrows and j/k in the list', () => {
    expect(listAction(key('ArrowDown'))).toEqual({ type: 'move', by: 1 });
    expect(listAction(key('j'))).toEqual({ type: 'move', by: 1 });
    expect(listAction(key('ArrowUp'))).toEqual({ type: 'move', by: -1 });
    expect(listAction(key('k'))).toEqual({ type: 'move', by: -1 });
    expect(listAction(key('Enter'))).toEqual({ type: 'toggleDetail' });
    expect(listAction(key('ArrowRight'))).toEqual({ type: 'expand' });
    expect(listAction(key('End'))).toEqual({ type: 'last' });
  });

  it('leaves browser and system shortcuts alone', () => {
    expect(listAction(key('j', { ctrlKey: true }))).toBeUndefined();
    expect(panelAction(key('/', { metaKey: true }), false)).toBeUndefined();
  });

  it('lets a text field keep its keys, except Escape', () => {
    expect(panelAction(key('/'), true)).toBeUndefined();
    expect(panelAction(key('j'), true)).toBeUndefined();
    expect(panelAction(key('?'), true)).toBeUndefined();
    expect(panelAction(key('Escape'), true)).toBe('escape');
    expect(panelAction(key('/'), false)).toBe('search');
    expect(panelAction(key('?'), false)).toBe('shortcuts');
  });
});
