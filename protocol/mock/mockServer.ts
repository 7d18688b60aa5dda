/**
 * A stand-in for a server, answering from one recorded connection: each line the host writes
 * becomes the lines to write back (pure: the CLI does the reading and writing). Requests get
 * the recorded answer, exact text kept, under the host's own id. Notifications and the host's
 * responses are taken silently. Nothing the host writes makes it throw: a line that is not
 * JSON gets -32700 with id null, JSON that is not a request gets -32600. The mock asks the host
 * no questions: a recorded call that needed answers (elicitation, input rounds) is answered
 * with its recorded outcome; the stateless input rounds are recorded requests of their own, so
 * a host that retries with the recorded answers is answered round by round.
 */
import { classifyText, type JsonRpcId } from '../jsonrpc.js';
import { DATA_PLACES, diffPaths, describeMatch } from './describe.js';
import { withoutEnvelope } from '../replay/params.js';
import type { RecordedConnection } from '../replay/recording.js';
import { RecordingMatcher } from './matcher.js';

/** JSON-RPC's own codes, as the mock uses them. */
export const MOCK_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  /** The recording has no request of this method. */
  methodNotFound: -32601,
  /** The recording has the method, but no request with these params. */
  noMatch: -32602,
  /** The recording has this request, answered with something that is not a response. */
  unreplayable: -32603,
} as const;

export class MockServer {
  private readonly matcher: RecordingMatcher;

  constructor(private readonly recording: RecordedConnection) {
    this.matcher = new RecordingMatcher(recording.requests);
  }

  /** The line's answer, if it needs one. `text` is undefined when the bytes were not UTF-8. */
  handle(text: string | undefined): string[] {
    if (text === undefined) return [errorLine(null, MOCK_ERRORS.parse, 'the line is not valid UTF-8')];
    if (text.trim() === '') return [];
    const message = classifyText(text);
    switch (message.kind) {
      case 'non-json':
        return [errorLine(null, MOCK_ERRORS.parse, `not JSON: ${message.reason}`)];
      case 'batch':
        return [errorLine(null, MOCK_ERRORS.invalidRequest, 'a batch: MCP has had none since 2025-06-18, and the mock answers none')];
      case 'invalid':
        return [errorLine(null, MOCK_ERRORS.invalidRequest, `not a JSON-RPC request: ${message.reason}`)];
      case 'notification':
      case 'result':
      case 'error':
        return [];
      case 'request':
        return [this.answer(message.id, message.method, message.params)];
      default: {
        const never: never = message;
        return never;
      }
    }
  }

  private answer(id: JsonRpcId, method: string, rawParams: unknown): string {
    const params = withoutEnvelope(rawParams);
    const found = this.matcher.match(method, params);
    switch (found.kind) {
      case 'answer': {
        const answer = found.request.answer;
        if (answer.kind === 'invalid')
          return errorLine(
            id,
            MOCK_ERRORS.unreplayable,
            `the recorded answer to this ${method} was not a valid response (${answer.reason})`,
          );
        return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"${answer.kind}":${answer.text}}`;
      }
      case 'unknown-method':
        // A host's own ping deserves an answer even when the recording never pinged.
        if (method === 'ping') return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{}}`;
        return errorLine(
          id,
          MOCK_ERRORS.methodNotFound,
          `the recording${this.flowNote()} has no ${method} request` +
            (found.methods.length > 0 ? ` (it has ${found.methods.join(', ')})` : ' (it has no answered requests)'),
        );
      case 'no-match':
        return errorLine(id, MOCK_ERRORS.noMatch, describeMatch(method, params, found), {
          closest: { method: found.closest.method, params: found.closest.params ?? null },
          differences: diffPaths(found.differences.slice(0, DATA_PLACES)),
        });
      default: {
        const never: never = found;
        return never;
      }
    }
  }

  private flowNote(): string {
    return this.recording.flow === undefined ? '' : ` (${this.recording.flow} flow)`;
  }
}

function errorLine(id: JsonRpcId | null, code: number, message: string, data?: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } });
}
