// How a request's elicitations were answered, read back from its exchange for "Copy as CLI".
import { describe, expect, it } from 'vitest';
import { elicitAnswerOf } from './elicitAnswer.js';

const call = { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'confirm', arguments: {} } };

describe('elicitAnswerOf', () => {
  it('reads the client’s response to an elicitation/create (handshake)', () => {
    const asked = { jsonrpc: '2.0', id: 'ask-4', method: 'elicitation/create', params: { message: 'Go?' } };
    const answered = { jsonrpc: '2.0', id: 'ask-4', result: { action: 'accept', content: { confirm: true } } };
    expect(elicitAnswerOf(call, [asked, answered])).toEqual({ action: 'accept', content: { confirm: true }, differing: false });
  });

  it('reads a stateless retry’s inputResponses', () => {
    const retry = { ...call, params: { ...call.params, inputResponses: { confirm: { action: 'decline' } } } };
    expect(elicitAnswerOf(retry, [])).toEqual({ action: 'decline', differing: false });
  });

  it('says when answers differed, and takes nothing that is not an answer', () => {
    const a = { id: 1, result: { action: 'accept', content: { n: 1 } } };
    const b = { id: 2, result: { action: 'accept', content: { n: 2 } } };
    expect(elicitAnswerOf(call, [a, b])).toMatchObject({ content: { n: 1 }, differing: true });
    expect(elicitAnswerOf(call, [{ id: 1, result: { roots: [] } }, { id: 2, result: { action: 'yes' } }, 'x', null])).toBeUndefined();
  });
});
