import { describe, expect, it } from 'vitest';
import {
  conversation,
  getArguments,
  getParams,
  isPrompt,
  matchesPrompt,
  missingRequired,
  promptArguments,
  promptLabel,
} from './promptInfo.js';

const summarize = {
  name: 'summarize',
  title: 'Summarize',
  description: 'Asks the model to summarize a text in at most N words.',
  arguments: [
    { name: 'text', description: 'The text to summarize', required: true },
    { name: 'max_words', required: false },
  ],
};

describe('prompt helpers', () => {
  it('labels, searches and validates', () => {
    expect(promptLabel(summarize)).toBe('Summarize');
    expect(promptLabel({ name: 'x' })).toBe('x');
    expect(matchesPrompt(summarize, 'words')).toBe(true);
    expect(matchesPrompt(summarize, 'zzz')).toBe(false);
    expect(isPrompt({ name: 'x' })).toBe(true);
    expect(isPrompt({ title: 'x' })).toBe(false);
  });

  it('keeps named arguments once each', () => {
    expect(
      promptArguments({
        name: 'p',
        arguments: [{ name: 'a', required: true }, { name: 'a' }, { nope: 1 }, null, { name: 'b', title: 'B' }] as never,
      }),
    ).toEqual([
      { name: 'a', required: true },
      { name: 'b', title: 'B' },
    ]);
    expect(promptArguments({ name: 'p', arguments: 'x' as never })).toEqual([]);
  });
});

describe('prompts/get arguments', () => {
  const args = promptArguments(summarize);
  it('omits empty optional arguments', () => {
    expect(getArguments(args, { text: 'hello', max_words: '' })).toEqual({ text: 'hello' });
    expect(getArguments(args, { text: 'hello', max_words: '10' })).toEqual({ text: 'hello', max_words: '10' });
  });
  it('sends required arguments even when empty, and says which are missing', () => {
    expect(getArguments(args, {})).toEqual({ text: '' });
    expect(missingRequired(args, {})).toEqual(['text']);
    expect(missingRequired(args, { text: 'x' })).toEqual([]);
  });
  it('leaves arguments out entirely when there are none to send', () => {
    expect(getParams({ name: 'p', arguments: [{ name: 'o' }] }, {})).toEqual({ name: 'p' });
    expect(getParams(summarize, { text: 'hi' })).toEqual({ name: 'summarize', arguments: { text: 'hi' } });
  });
  it('ignores values for undeclared arguments and inherited names', () => {
    expect(getArguments([{ name: 'toString' }], {})).toBeUndefined();
    expect(getArguments(args, { text: 'x', other: 'y' })).toEqual({ text: 'x' });
  });
});

describe('conversation', () => {
  it('puts each message on its side with its content as blocks', () => {
    const { messages } = conversation({
      messages: [
        { role: 'user', content: { type: 'text', text: 'hi' } },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
        { role: '<b>system</b>', content: { type: 'text', text: 'x' } },
        { content: { type: 'text', text: 'x' } },
      ],
    });
    expect(messages.map((m) => [m.role, m.side, m.blocks.length])).toEqual([
      ['user', 'user', 1],
      ['assistant', 'assistant', 2],
      ['<b>system</b>', 'other', 1],
      ['no role', 'other', 1],
    ]);
  });
  it('reports a missing messages array', () => {
    expect(conversation({}).problem).toMatch(/no messages/);
  });
});
