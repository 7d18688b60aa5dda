/**
 * Replays a connection's recorded calls through a client session that is already open, one at
 * a time in recording order, and judges each answer against the recorded one. Pure: the CLI
 * drives it with a headless client, and the app can drive it with its own session. The
 * session gives every request a new id (the report keeps both, recorded and replayed), adds its
 * own envelope and progress token, and in the stateless flow retries input rounds with the
 * answers `answer` gives.
 */
import type { ClientSession, Outcome, RequestOptions } from '../clientSession.js';
import { answerInputRequests, type Answerer } from '../answers.js';
import { INPUT_REQUIRED_METHODS } from '../flows.js';
import type { JsonRpcId } from '../jsonrpc.js';
import { compareAnswers } from './compare.js';
import type { Difference, IgnorePlace } from './diff.js';
import { finalAnswer, type RecordedCall } from './recording.js';

export interface ReplayIds {
  recorded: JsonRpcId[];
  replayed: JsonRpcId[];
}

export type ExchangeReport =
  | { status: 'match'; call: RecordedCall; ids: ReplayIds }
  | { status: 'differ'; call: RecordedCall; ids: ReplayIds; differences: Difference[]; total: number; note?: string }
  /** Not sent: nothing recorded to compare with, or the server was gone. */
  | { status: 'skipped'; call: RecordedCall; reason: string }
  /** Sent, but no answer came (`fatal`: the server is gone, nothing after it can run). */
  | { status: 'failed'; call: RecordedCall; ids: ReplayIds; reason: string; fatal: boolean };

export type ReplaySession = Pick<ClientSession, 'flow' | 'request' | 'requestWithInput'>;

export interface ReplayOptions {
  ignore: IgnorePlace;
  timeoutMs?: number;
  /** Answers to the server's questions (see RecordedAnswers). */
  answer: Answerer;
  /** Called as each exchange is judged, so a long replay shows its progress. */
  onReport?: (report: ExchangeReport) => void;
  /** Differences kept per exchange (the count goes on). */
  limit?: number;
}

export async function replayCalls(
  calls: readonly RecordedCall[],
  session: ReplaySession,
  options: ReplayOptions,
): Promise<ExchangeReport[]> {
  const reports: ExchangeReport[] = [];
  let gone: string | undefined;
  for (const call of calls) {
    const report = gone === undefined ? await replayCall(call, session, options) : { status: 'skipped' as const, call, reason: gone };
    if (report.status === 'failed' && report.fatal) gone = `not sent: ${report.reason}`;
    reports.push(report);
    options.onReport?.(report);
  }
  return reports;
}

async function replayCall(call: RecordedCall, session: ReplaySession, options: ReplayOptions): Promise<ExchangeReport> {
  const recorded = finalAnswer(call);
  const last = call.rounds[call.rounds.length - 1];
  if (recorded === undefined)
    return { status: 'skipped', call, reason: last?.cancelled ? 'it was cancelled in the recording' : 'the recording has no answer to it' };
  const ids: ReplayIds = { recorded: call.rounds.map((r) => r.id), replayed: [] };
  const opts: RequestOptions = {
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    // A progress token, so progress keeps a long call alive (the token is set aside when comparing).
    onProgress: () => undefined,
  };
  let outcome: Outcome;
  if (session.flow === 'stateless' && INPUT_REQUIRED_METHODS.has(call.method) && call.params !== undefined) {
    outcome = await session.requestWithInput(
      call.method,
      call.params,
      (requests) => answerInputRequests(requests, options.answer),
      opts,
      (_round, id) => ids.replayed.push(id),
    );
  } else {
    const sent = session.request(call.method, call.params, opts);
    ids.replayed.push(sent.id);
    outcome = await sent.done;
  }
  switch (outcome.kind) {
    case 'result':
    case 'error':
    case 'invalid': {
      const verdict = compareAnswers(recorded, outcome, options.ignore, options.limit);
      if (verdict.kind === 'match') return { status: 'match', call, ids };
      return {
        status: 'differ',
        call,
        ids,
        differences: verdict.differences,
        total: verdict.total,
        ...(verdict.note ? { note: verdict.note } : {}),
      };
    }
    case 'timeout':
      return { status: 'failed', call, ids, reason: `no answer within ${outcome.afterMs} ms`, fatal: false };
    case 'cancelled':
      return { status: 'failed', call, ids, reason: outcome.reason, fatal: false };
    case 'closed':
      return { status: 'failed', call, ids, reason: outcome.reason, fatal: true };
    case 'transport':
      return { status: 'failed', call, ids, reason: outcome.reason, fatal: outcome.unreachable };
    default: {
      const never: never = outcome;
      return never;
    }
  }
}
