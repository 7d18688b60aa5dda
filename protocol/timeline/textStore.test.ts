import { describe, expect, it } from 'vitest';
import { TextStore } from './textStore.js';

/** Events whose search hits, the slow and obvious way. */
function naive(texts: string[], needle: string, from = 0): number[] {
  const lower = needle.toLowerCase();
  return texts.flatMap((text, e) => (e >= from && text.toLowerCase().includes(lower) ? [e] : []));
}

function searched(store: TextStore, needle: string, from = 0): number[] {
  const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  const hits: number[] = [];
  store.search(pattern, (e) => hits.push(e), from);
  return hits;
}

describe('TextStore search', () => {
  // About 3 MiB: three sealed chunks and an open one.
  const texts: string[] = [];
  for (let i = 0; i < 40_000; i++) {
    const pad = 'x'.repeat(i % 97);
    texts.push(i % 1000 === 7 ? `{"id":${i},"text":"Needle-${i % 3} ${pad}"}` : `{"id":${i},"method":"tools/call","pad":"${pad}"}`);
  }
  // A letter whose lower case is two characters.
  texts[20_500] = 'İstanbul NEEDLE-2';
  const store = new TextStore();
  for (const text of texts) store.append(text);

  it('finds every event holding the text, ignoring case, once each and in order, across every chunk', () => {
    for (const needle of ['needle-0', 'NEEDLE-2', 'Needle', '"id":39999,', 'tools/CALL", "']) {
      expect(searched(store, needle), needle).toEqual(naive(texts, needle));
    }
  });

  it('starts at the event asked for, in a sealed chunk and in the open one', () => {
    expect(searched(store, 'needle', 15_000)).toEqual(naive(texts, 'needle', 15_000));
    expect(searched(store, 'needle', 39_000)).toEqual(naive(texts, 'needle', 39_000));
  });

  it('gives each text back exactly, whichever chunk holds it', () => {
    for (const e of [0, 7, 20_500, 26_123, 39_999]) expect(store.get(e)).toBe(texts[e]);
  });
});
