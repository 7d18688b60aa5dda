import { describe, expect, it } from 'vitest';
import { answerElicitation } from './answers.js';

const url = { mode: 'url', elicitationId: 'e1', url: 'https://example.com/auth', message: 'Sign in' };

describe('answerElicitation', () => {
  it('answers URL mode with the action only, never content', () => {
    expect(answerElicitation(url, { elicitation: { url: {} } }, 'accept', { x: 1 })).toEqual({ result: { action: 'accept' } });
  });

  it('refuses URL mode the client did not declare', () => {
    const given = answerElicitation(url, { elicitation: { form: {} } }, 'accept', {});
    expect(given).toMatchObject({ error: { code: -32602 } });
    expect('error' in given && given.error.message).toContain('did not declare');
  });

  it('answers form mode with its content', () => {
    expect(answerElicitation({ message: 'Name?' }, { elicitation: {} }, 'accept', { name: 'a' })).toEqual({
      result: { action: 'accept', content: { name: 'a' } },
    });
  });
});
