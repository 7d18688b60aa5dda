/**
 * The choices a replay makes before it sends anything, shared by `mcp-lens replay` and the app's
 * Replay, so both open the conversation the same way: which recorded connections are worth
 * replaying, the flow and protocol version to connect with, the capabilities to declare, and
 * where the opening's answer is read back from once the engine has made it.
 */
import type { Exchange } from '../exchanges.js';
import type { FlowChoice } from '../flows.js';
import type { GotOpening } from './opening.js';
import { asRecord } from './params.js';
import type { RecordedConnection } from './recording.js';
import { classifyText } from '../jsonrpc.js';

/** What a replay declares when the recording does not say (`mcp-lens call`'s own default). */
export const DEFAULT_REPLAY_CAPABILITIES: Readonly<Record<string, unknown>> = { elicitation: { form: {} }, roots: {} };

/** The connections that have something to replay: a call, or at least an answered opening. */
export function replayable(recordings: readonly RecordedConnection[]): RecordedConnection[] {
  return recordings.filter((r) => r.calls.length > 0 || r.opening !== undefined);
}

export interface ReplayConnect {
  choice: FlowChoice;
  /** The recorded version, when the replay runs in the recorded flow; else the engine's latest. */
  protocolVersion?: string;
  capabilities: Record<string, unknown>;
  /** Stateless: ask server/discover first, so there is an opening to compare. */
  discover: true;
}

/** How to connect for a replay of `recording`: in `flow` when given, else in the recorded flow (auto when unknown). */
export function replayConnect(recording: RecordedConnection, flow: FlowChoice | undefined): ReplayConnect {
  const choice = flow ?? recording.flow ?? 'auto';
  return {
    choice,
    ...(choice === recording.flow && recording.protocolVersion ? { protocolVersion: recording.protocolVersion } : {}),
    capabilities: recording.capabilities ?? { ...DEFAULT_REPLAY_CAPABILITIES },
    discover: true,
  };
}

/**
 * The last answered opening request (`method`) among a connection's exchanges, with its result
 * read back from the response line (`lineText` gives a line's text by its seq).
 */
export function answeredOpening(
  exchanges: Iterable<Exchange>,
  method: string,
  lineText: (seq: number) => string | undefined,
): GotOpening | undefined {
  let last: Exchange | undefined;
  for (const e of exchanges) if (e.from === 'client' && e.method === method && e.status === 'result') last = e;
  const text = last?.responseSeq === undefined ? undefined : lineText(last.responseSeq);
  if (!last || text === undefined) return undefined;
  const message = classifyText(text);
  return message.kind === 'result' ? { id: last.id, result: asRecord(message.result) } : undefined;
}
