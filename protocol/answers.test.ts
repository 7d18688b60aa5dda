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

  it('builds inputResponses key by key; an elicitation refusal is its own cancel result', async () => {
    const responses = await answerInputRequests(
      {
        confirm: { method: 'elicitation/create', params: { message: 'ok?' } },
        where: { method: 'roots/list' },
        other: { method: 'elicitation/create', params: { message: 'and?' } },
      },
      (method, params) =>
        method === 'roots/list'
          ? rootsReply([])
          : params.message === 'ok?'
            ? elicitAnswer('accept', { asked: params.message })
            : refusal(method),
    );
    expect(responses).toEqual({
      kind: 'answered',
      responses: { confirm: { action: 'accept', content: { asked: 'ok?' } }, where: { roots: [] }, other: { action: 'cancel' } },
    });
  });

  it('a refused sampling or roots question, or one this client does not handle, declines the round: no elicitation-shaped stand-in', async () => {
    const asked: string[] = [];
    const declined = await answerInputRequests(
      {
        confirm: { method: 'elicitation/create', params: { message: 'ok?' } },
        think: { method: 'sampling/createMessage', params: {} },
      },
      (method) => {
        asked.push(method);
        return method === 'elicitation/create' ? elicitAnswer('accept', {}) : refusal(method, 'no model here');
      },
    );
    expect(declined).toEqual({
      kind: 'declined',
      reason: 'declined sampling/createMessage ("think"): no model here; not retried, which is how 2026-07-28 declines',
    });
    expect(asked).toEqual(['elicitation/create', 'sampling/createMessage']);

    expect(await answerInputRequests({ r: { method: 'roots/list' } }, (method) => refusal(method))).toEqual({
      kind: 'declined',
      reason: 'declined roots/list ("r"): the user declined; not retried, which is how 2026-07-28 declines',
    });
    expect(await answerInputRequests({ x: { method: 'tasks/get' } }, (method) => notHandled(method))).toEqual({
      kind: 'declined',
      reason: 'declined tasks/get ("x"): this client does not handle tasks/get; not retried, which is how 2026-07-28 declines',
    });
  });
});
