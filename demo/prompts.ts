// The demo prompt: `summarize`, with completion on `max_words`.

import { completable, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

const DEFAULT_MAX_WORDS = 50;
const MAX_WORDS_SUGGESTIONS = ['10', '25', '50', '100', '200'];

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'summarize',
    {
      title: 'Summarize',
      description: 'Asks the model to summarize a text in at most N words.',
      argsSchema: z.object({
        text: z.string().describe('The text to summarize'),
        max_words: completable(z.string().describe(`Maximum number of words (default ${DEFAULT_MAX_WORDS})`), (value) =>
          MAX_WORDS_SUGGESTIONS.filter((n) => n.startsWith(value)),
        ).optional(),
      }),
    },
    ({ text, max_words }) => {
      const parsed = max_words === undefined ? NaN : Number.parseInt(max_words, 10);
      const maxWords = Number.isFinite(parsed) && parsed > 0 ? parsed : DEFAULT_MAX_WORDS;
      return {
        description: `Summarize in at most ${maxWords} words`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: `Please summarize the following text in at most ${maxWords} words:\n\n${text}`,
            },
          },
        ],
      };
    },
  );
}
