/**
 * Answers a live server's questions (elicitation, sampling, roots; as handshake server requests
 * or as stateless input rounds) with what the recording answered. A question is matched to an
 * unused recorded one with the same method and equal params first, then to an unused one with
 * the same method (a server may word its question differently now), then to the last one of
 * that method again. With none recorded, elicitation is cancelled and the rest are refused as
 * not handled, as a client with no one to ask would.
 */
import { notHandled, refusal, type Answerer } from '../answers.js';
import type { ServerAnswer } from '../clientSession.js';
import { jsonEqual } from './diff.js';
import { withoutEnvelope } from './params.js';
import type { RecordedQuestion } from './recording.js';

export class RecordedAnswers {
  private readonly used = new Set<number>();
  private readonly lastOf = new Map<string, number>();

  constructor(private readonly questions: readonly RecordedQuestion[]) {}

  readonly answer: Answerer = (method, params) => this.pick(method, params);

  private pick(method: string, params: Record<string, unknown>): ServerAnswer {
    const asked = withoutEnvelope(params);
    const unused = this.questions.map((q, i) => ({ q, i })).filter(({ q, i }) => q.method === method && !this.used.has(i));
    const chosen = unused.find(({ q }) => jsonEqual(q.params ?? {}, asked ?? {}))?.i ?? unused[0]?.i ?? this.lastOf.get(method);
    const question = chosen === undefined ? undefined : this.questions[chosen];
    if (chosen === undefined || question === undefined) return method === 'elicitation/create' ? refusal(method) : notHandled(method);
    this.used.add(chosen);
    this.lastOf.set(method, chosen);
    return question.answer;
  }
}
