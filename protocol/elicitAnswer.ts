/**
 * How a request's elicitations were answered, read back from the messages of its exchange: the
 * client's response to each `elicitation/create` the server sent while the request was open
 * (the handshake flow), or the `inputResponses` of a stateless retry. "Copy as CLI" carries it as
 * `--elicit ACTION --elicit-content JSON`, so the copied command answers the server as the row
 * did instead of cancelling. Everything here may come from a file: only a known action and a
 * content object are taken.
 */
import { z } from 'zod';

export const elicitActionSchema = z.enum(['accept', 'decline', 'cancel']);
export type ElicitAnswerAction = z.infer<typeof elicitActionSchema>;

const answerSchema = z.object({
  action: elicitActionSchema,
  content: z.record(z.string(), z.unknown()).optional(),
});

export interface ElicitAnswer {
  action: ElicitAnswerAction;
  content?: Record<string, unknown>;
  /** More than one question was answered, and not all alike: the CLI gives each the same answer. */
  differing: boolean;
}

/**
 * `request`: the row's request (its params may hold `inputResponses`); `messages`: the other
 * messages of the exchange, the client's responses to the server's questions among them.
 */
export function elicitAnswerOf(request: unknown, messages: readonly unknown[]): ElicitAnswer | undefined {
  const answers: z.infer<typeof answerSchema>[] = [];
  const params = record(record(request)?.params);
  const inputResponses = record(params?.inputResponses);
  for (const value of Object.values(inputResponses ?? {})) {
    const parsed = answerSchema.safeParse(value);
    if (parsed.success) answers.push(parsed.data);
  }
  for (const message of messages) {
    const m = record(message);
    if (m === undefined || 'method' in m || !('id' in m)) continue;
    const parsed = answerSchema.safeParse(m.result);
    if (parsed.success) answers.push(parsed.data);
  }
  const first = answers[0];
  if (first === undefined) return undefined;
  const same = (a: (typeof answers)[number]): boolean =>
    a.action === first.action && JSON.stringify(a.content ?? null) === JSON.stringify(first.content ?? null);
  return { action: first.action, ...(first.content ? { content: first.content } : {}), differing: !answers.every(same) };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
