/**
 * The opening request is the engine's to make, so replay does not send it again; it compares
 * the answer the engine got with the recorded one. In the same flow the whole result is
 * compared. Across flows (an initialize result against a server/discover result) only what both
 * say is: `serverInfo` (a discover result may carry it in `_meta`), `capabilities` and
 * `instructions`, so ignore paths read `$.result.serverInfo…` either way.
 */
import type { Flow } from '../flows.js';
import type { JsonRpcId } from '../jsonrpc.js';
import { compareAnswers } from './compare.js';
import type { IgnorePlace } from './diff.js';
import { asRecord } from './params.js';
import type { RecordedConnection } from './recording.js';
import type { ExchangeReport } from './replayCalls.js';

export interface GotOpening {
  id: JsonRpcId;
  result: Record<string, unknown>;
}

export function openingMethod(flow: Flow): 'initialize' | 'server/discover' {
  return flow === 'handshake' ? 'initialize' : 'server/discover';
}

export function compareOpening(
  recording: RecordedConnection,
  flow: Flow,
  got: GotOpening | undefined,
  ignore: IgnorePlace,
): ExchangeReport {
  const opening = recording.opening;
  const method = openingMethod(flow);
  const same = opening === undefined || opening.method === method;
  // Across flows the line names both: what was recorded, and what it is compared with.
  const shown = same ? method : `${opening.method} → ${method}`;
  const call = { index: 0, method: shown, params: opening?.params, rounds: opening ? [opening] : [] };
  if (!opening) return { status: 'skipped', call, reason: 'the recording has no answered opening request' };
  if (!got) return { status: 'skipped', call, reason: `no ${method} was answered in this run` };
  const ids = { recorded: [opening.id], replayed: [got.id] };
  const before = same ? opening.answer.result : essentials(opening.method, opening.answer.result);
  const now = same ? got.result : essentials(method, got.result);
  const verdict = compareAnswers({ kind: 'result', result: before, text: '' }, { kind: 'result', id: got.id, result: now }, ignore);
  if (verdict.kind === 'match') return { status: 'match', call, ids };
  return { status: 'differ', call, ids, differences: verdict.differences, total: verdict.total };
}

/** What an initialize result and a server/discover result both say. */
export function essentials(method: string, result: Record<string, unknown>): Record<string, unknown> {
  const serverInfo =
    method === 'initialize' ? result.serverInfo : (result.serverInfo ?? asRecord(result._meta)['io.modelcontextprotocol/serverInfo']);
  const out: Record<string, unknown> = {};
  if (serverInfo !== undefined) out.serverInfo = serverInfo;
  if (result.capabilities !== undefined) out.capabilities = result.capabilities;
  if (result.instructions !== undefined) out.instructions = result.instructions;
  return out;
}
