import { describe, expect, it } from 'vitest';
import { completionParams, MAX_COMPLETION_VALUES, parseCompletion, supportsCompletions } from './completion.js';

describe('completionParams', () => {
  it('builds ref, argument and the other non-empty values as context', () => {
    expect(completionParams({ type: 'ref/resource', uri: 'greeting://{name}' }, 'name', 'A', { name: 'A', other: 'x', empty: '' })).toEqual(
      {
        ref: { type: 'ref/resource', uri: 'greeting://{name}' },
        argument: { name: 'name', value: 'A' },
        context: { arguments: { other: 'x' } },
      },
    );
  });
  it('sends an empty context when nothing else is filled in', () => {
    expect(completionParams({ type: 'ref/prompt', name: 'summarize' }, 'max_words', '', {})).toEqual({
      ref: { type: 'ref/prompt', name: 'summarize' },
      argument: { name: 'max_words', value: '' },
      context: { arguments: {} },
    });
  });
});

describe('parseCompletion', () => {
  it('reads values, total and hasMore', () => {
    expect(parseCompletion({ completion: { values: ['Ada', 'Alan'], total: 2, hasMore: false } })).toEqual({
      values: ['Ada', 'Alan'],
      total: 2,
      hasMore: false,
    });
  });
  it('keeps only strings, once each, at most 100', () => {
    const many = Array.from({ length: 150 }, (_, i) => `v${i}`);
    expect(parseCompletion({ completion: { values: ['a', 1, null, 'a', { x: 1 }, 'b'] } })).toEqual({ values: ['a', 'b'] });
    expect(parseCompletion({ completion: { values: many } }).values).toHaveLength(MAX_COMPLETION_VALUES);
  });
  it('survives malformed results', () => {
    expect(parseCompletion({})).toEqual({ values: [] });
    expect(parseCompletion({ completion: 'nope' })).toEqual({ values: [] });
    expect(parseCompletion({ completion: { values: 'Ada', total: 'x', hasMore: 1 } })).toEqual({ values: [] });
  });
});

describe('supportsCompletions', () => {
  it('needs a completions object', () => {
    expect(supportsCompletions({ completions: {} })).toBe(true);
    expect(supportsCompletions({ completions: true })).toBe(false);
    expect(supportsCompletions({})).toBe(false);
    expect(supportsCompletions(undefined)).toBe(false);
  });
});
