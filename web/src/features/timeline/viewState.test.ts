import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER } from '../../../../protocol/timeline/contract.js';
import { DEFAULT_VIEW, decodeView, encodeView, fragmentParam, withFragmentParam, type TimelineView } from './viewState.js';

describe('the view in the fragment', () => {
  it('encodes the default view as nothing', () => {
    expect(encodeView(DEFAULT_VIEW)).toBe('');
    expect(decodeView('')).toEqual(DEFAULT_VIEW);
    expect(decodeView(undefined)).toEqual(DEFAULT_VIEW);
  });

  it('round-trips every field, hostile text included', () => {
    const view: TimelineView = {
      filter: {
        conns: ['c1-ab', 'c2;x:y,z'],
        directions: ['in', 'none'],
        kinds: ['request', 'stderr'],
        methods: ['tools/call', 'a,b;c:d&e=f#g%h'],
        statuses: ['error', 'timeout', 'input_required'],
        findingsOnly: true,
        text: 'héllo; world & "quotes" <img src=x> 🙂',
      },
      sort: { column: 'duration', descending: true },
      selected: 1234,
      detail: true,
      expanded: [3, 7],
    };
    const encoded = encodeView(view);
    // Nothing in a value can end the parameter or the fragment.
    expect(encoded).not.toMatch(/[&#=\s]/);
    expect(decodeView(encoded)).toEqual(view);
  });

  it('reads as the format it documents', () => {
    expect(encodeView({ ...DEFAULT_VIEW, sort: { column: 'duration', descending: true }, selected: 12, detail: true })).toBe(
      'sort:-duration;row:12;detail',
    );
    expect(decodeView('status:error,timeout;q:tools%2Fcall').filter).toEqual({
      ...EMPTY_FILTER,
      statuses: ['error', 'timeout'],
      text: 'tools/call',
    });
  });

  it('reads a link whose parameter was percent-encoded once more on the way', () => {
    const view: TimelineView = {
      ...DEFAULT_VIEW,
      filter: { ...DEFAULT_VIEW.filter, text: 'a;b %', methods: ['x:y'] },
      selected: 8,
      detail: true,
    };
    const once = new URLSearchParams({ tl: encodeView(view) }).toString().slice('tl='.length);
    expect(once).not.toMatch(/[;:]/);
    expect(decodeView(once)).toEqual(view);
  });

  it('drops what it does not know instead of failing', () => {
    const view = decodeView('sort:-bogus;status:ok,nope;dir:sideways,in;row:-1;q:%E0%A4%A;future:1;detail;open:1,x,1,2');
    expect(view.sort).toEqual(DEFAULT_VIEW.sort);
    expect(view.filter.statuses).toEqual(['ok']);
    expect(view.filter.directions).toEqual(['in']);
    expect(view.filter.text).toBe('');
    expect(view.selected).toBeUndefined();
    // An open detail without a selection means nothing.
    expect(view.detail).toBe(false);
    expect(view.expanded).toEqual([1, 2]);
  });

  it('caps what a crafted link can ask for', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `m${i}`).join(',');
    const view = decodeView(`method:${many};q:${'x'.repeat(50_000)};open:${Array.from({ length: 500 }, (_, i) => i).join(',')}`);
    expect(view.filter.methods.length).toBe(200);
    expect(view.filter.text.length).toBe(1000);
    expect(view.expanded.length).toBe(50);
  });
});

describe('fragment parameters', () => {
  it('reads one parameter among others', () => {
    expect(fragmentParam('#token=abc&tl=row:1', 'tl')).toBe('row:1');
    expect(fragmentParam('#tl=row:1', 'token')).toBeUndefined();
    expect(fragmentParam('', 'tl')).toBeUndefined();
  });

  it('sets and clears its own parameter and keeps the others untouched', () => {
    expect(withFragmentParam('#token=abc', 'tl', 'row:1')).toBe('#token=abc&tl=row:1');
    expect(withFragmentParam('#tl=old&x=%20y', 'tl', 'row:2')).toBe('#x=%20y&tl=row:2');
    expect(withFragmentParam('#tl=old', 'tl', '')).toBe('');
    expect(withFragmentParam('', 'tl', '')).toBe('');
  });
});
