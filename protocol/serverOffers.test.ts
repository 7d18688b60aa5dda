import { describe, expect, it } from 'vitest';
import { notOfferedText, serverOffers } from './serverOffers.js';

describe('serverOffers', () => {
  it('is yes for a declared capability object, even an empty one', () => {
    expect(serverOffers({ tools: {} }, 'tools')).toBe('yes');
    expect(serverOffers({ resources: { subscribe: true } }, 'resources')).toBe('yes');
  });

  it('is no when the capabilities are known and lack it, or carry something that is not an object', () => {
    expect(serverOffers({ tools: {} }, 'resources')).toBe('no');
    expect(serverOffers({ prompts: true }, 'prompts')).toBe('no');
    expect(serverOffers({ logging: null }, 'logging')).toBe('no');
    expect(serverOffers({ completions: [] }, 'completions')).toBe('no');
  });

  it('is unknown when the server never said what it offers', () => {
    expect(serverOffers(undefined, 'tools')).toBe('unknown');
    expect(serverOffers('tools', 'tools')).toBe('unknown');
    expect(serverOffers([], 'tools')).toBe('unknown');
  });

  it('names the list that is not sent', () => {
    expect(notOfferedText('prompts')).toBe(
      'This server does not offer prompts: it declares no prompts capability, so prompts/list is not sent.',
    );
  });
});
