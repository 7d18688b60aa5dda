import { describe, expect, it } from 'vitest';
import { viewLink } from './CopyViewLink.js';
import { DEFAULT_VIEW } from './viewState.js';

const here = { origin: 'http://127.0.0.1:6280', pathname: '/' };

describe('viewLink', () => {
  it('is the page with the view as its only fragment parameter', () => {
    const view = { ...DEFAULT_VIEW, filter: { ...DEFAULT_VIEW.filter, text: 'a;b' }, selected: 3 };
    expect(viewLink(view, here)).toBe('http://127.0.0.1:6280/#tl=q:a%3Bb;row:3');
  });

  it('is the bare page for the default view', () => {
    expect(viewLink(DEFAULT_VIEW, here)).toBe('http://127.0.0.1:6280/');
  });
});
