import { describe, expect, it } from 'vitest';
import { answerInputRequests, elicitAnswer, notHandled, refusal, rootsReply, samplingReply } from './answers.js';

describe('answers to what servers ask', () => {
  it('elicitation carries content only when accepted', () => {
    expect(elicitAnswer('accept', { ok: true })).toEqual({ result: { action: 'accept', content: { ok: true } } });
    expect(elicitAnswer('decline', { ok: true })).toEqual({ result: { action: 'decline' } });
  });

  it('sampling, roots, refusals and the unknown', () => {
    expect(samplingReply('hi', 'human')).toEqual({
      result: { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'human', stopReason: 'endTurn' },
    });
    expect(rootsReply([{ uri: 'file:///a' }])).toEqual({ result: { roots: [{ uri: 'file:///a' }] } });
    expect(refusal('elicitation/create')).toEqual({ result: { action: 'cancel' } });
    expect(refusal('sampling/createMessage')).toMatchObject({ error: { code: -1 } });
    expect(notHandled('x/y')).toMatchObject({ error: { code: -32601 } });
  });

  it('builds inputResponses key by key, a refusal becoming a cancel', async () => {
    const responses = await answerInputRequests(
      {
        confirm: { method: 'elicitation/create', params: { message: 'ok?' } },
        where: { method: 'roots/list' },
        think: { method: 'sampling/createMessage', params: {} },
      },
      (method, params) =>
        method === 'elicitation/create'
          ? elicitAnswer('accept', { asked: params.message })
          : method === 'roots/list'
            ? rootsReply([])
            : refusal(method),
    );
    expect(responses).toEqual({
      confirm: { action: 'accept', content: { asked: 'ok?' } },
      where: { roots: [] },
      think: { action: 'cancel' },
    });
  });
});
