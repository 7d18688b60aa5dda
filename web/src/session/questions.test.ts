import { describe, expect, it } from 'vitest';
import { QuestionQueue } from './questions.js';

describe('QuestionQueue', () => {
  it('answers what the app answers itself at once, without a dialog, and queues the rest', async () => {
    const queue = new QuestionQueue((_conn, method) => (method === 'roots/list' ? { result: { roots: [] } } : undefined));
    expect(await queue.ask('c1', 'roots/list', {}, 'server-request', { roots: {} })).toEqual({ result: { roots: [] } });
    expect(queue.getSnapshot()).toEqual([]);

    const asked = queue.ask('c1', 'sampling/createMessage', {}, 'server-request', { sampling: {} });
    const [question] = queue.getSnapshot();
    expect(question?.method).toBe('sampling/createMessage');
    question?.answer({ error: { code: -1, message: 'no' } });
    expect(await asked).toEqual({ error: { code: -1, message: 'no' } });
    expect(queue.getSnapshot()).toEqual([]);
  });
});
