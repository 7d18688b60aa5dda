/**
 * The answers a client gives to what a server asks (elicitation, sampling, roots), in the shape
 * both flows use: as the result of a server request (handshake) or as an inputResponses entry
 * (stateless). One place, so the dialogs, the CLI and scripted comparisons agree.
 */
import type { InputAnswers, ServerAnswer } from './clientSession.js';

export type ElicitAction = 'accept' | 'decline' | 'cancel';

export function elicitAnswer(action: ElicitAction, content?: unknown): ServerAnswer {
  return { result: action === 'accept' && content !== undefined ? { action, content } : { action } };
}

/**
 * An elicitation answered by its mode: URL mode has no content (only form mode carries it), and
 * a URL-mode request the client did not declare (capabilities.elicitation.url) is refused
 * rather than accepted.
 */
export function answerElicitation(
  params: Record<string, unknown>,
  declared: Record<string, unknown>,
  action: ElicitAction,
  content?: unknown,
): ServerAnswer {
  if (params.mode !== 'url') return elicitAnswer(action, content);
  const elicitation = declared.elicitation;
  if (typeof elicitation !== 'object' || elicitation === null || !('url' in elicitation))
    return { error: { code: -32602, message: 'URL-mode elicitation, which this client did not declare (capabilities.elicitation.url)' } };
  return { result: { action } };
}

export function samplingReply(text: string, model: string): ServerAnswer {
  return { result: { role: 'assistant', content: { type: 'text', text }, model, stopReason: 'endTurn' } };
}

export function rootsReply(roots: readonly { uri: string; name?: string }[]): ServerAnswer {
  return { result: { roots: [...roots] } };
}

/** The user said no. Elicitation has a result for that; the others answer with an error. */
export function refusal(method: string, reason = 'the user declined'): ServerAnswer {
  if (method === 'elicitation/create') return elicitAnswer('cancel');
  return { error: { code: -1, message: reason } };
}

export function notHandled(method: string): ServerAnswer {
  return { error: { code: -32601, message: `this client does not handle ${method}` } };
}

export type Answerer = (method: string, params: Record<string, unknown>) => ServerAnswer | Promise<ServerAnswer>;

/**
 * The inputResponses for a stateless input_required result, each question answered the way
 * the same question would be as a handshake server request. That channel has no errors:
 * elicitation says no with its own result (cancel), while a sampling or roots request the
 * client will not fulfil ends the round as declined, and no retry is sent (2026-07-28 client/
 * sampling and client/roots, "Error Handling").
 */
export async function answerInputRequests(inputRequests: Record<string, unknown>, answer: Answerer): Promise<InputAnswers> {
  const responses: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(inputRequests)) {
    const request = (typeof value === 'object' && value !== null ? value : {}) as { method?: unknown; params?: unknown };
    const method = typeof request.method === 'string' ? request.method : 'unknown';
    const params = (typeof request.params === 'object' && request.params !== null ? request.params : {}) as Record<string, unknown>;
    const given = await answer(method, params);
    if ('error' in given)
      return {
        kind: 'declined',
        reason: `declined ${method} (${JSON.stringify(key)}): ${given.error.message}; not retried, which is how 2026-07-28 declines`,
      };
    responses[key] = given.result;
  }
  return { kind: 'answered', responses };
}
