import { describe, expect, it } from 'vitest';
import { withoutToken } from './token.js';

describe('taking the token out of the fragment', () => {
  it('takes the token and leaves nothing behind', () => {
    expect(withoutToken('#token=abc')).toEqual({ hash: '', token: 'abc' });
    expect(withoutToken('')).toEqual({ hash: '', token: undefined });
    expect(withoutToken('#token=')).toEqual({ hash: '', token: undefined });
  });

  it('decodes the token as a URL parameter', () => {
    expect(withoutToken('#token=a%2Bb%20c').token).toBe('a+b c');
  });

  it('keeps the other parameters exactly as written, wherever the token was', () => {
    expect(withoutToken('#token=abc&tl=row:8;detail;q:a%20b')).toEqual({ hash: '#tl=row:8;detail;q:a%20b', token: 'abc' });
    expect(withoutToken('#tl=sort:-duration&token=abc&x=1')).toEqual({ hash: '#tl=sort:-duration&x=1', token: 'abc' });
    expect(withoutToken('#tl=row:1').token).toBeUndefined();
  });

  it('does not take a parameter that only starts like the token', () => {
    expect(withoutToken('#tokens=1&token=abc')).toEqual({ hash: '#tokens=1', token: 'abc' });
  });
});
