import { useState } from 'react';
import type { JsonRpcId } from '../../../../protocol/jsonrpc.js';
import type { BridgeEvent } from '../../../../protocol/envelope.js';
import { useStore } from '../../session/StoreContext.js';
import { Clipped } from './Clipped.js';

/** The exact request and response lines of a call (every round), with latency and size. */
export function WireLines({ conn, ids }: { conn: string; ids: JsonRpcId[] }) {
  const [open, setOpen] = useState(false);
  const store = useStore();
  const rounds = ids.map((id) => store.model.exchanges.get(conn, 'client', id)).filter((e) => e !== undefined);
  const first = rounds[0];
  const last = rounds.at(-1);
  const total = first && last?.t1 !== undefined ? last.t1 - first.t0 : undefined;
  return (
    <div className="wire-lines">
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="show-wire">
        {open ? 'Hide' : 'Show'} the exact lines
      </button>
      {total !== undefined && (
        <span className="status">
          {' '}
          · {total.toFixed(1)} ms in all · {rounds.length} round{rounds.length === 1 ? '' : 's'}
        </span>
      )}
      {open &&
        rounds.map((exchange) => {
          const request = findLine(store.model.events, exchange.requestSeq);
          const response = exchange.responseSeq === undefined ? undefined : findLine(store.model.events, exchange.responseSeq);
          return (
            <div key={exchange.key} className="wire-round" data-testid="wire-round">
              <div className="status">
                → request #{String(exchange.id)} · {request?.size ?? '?'} bytes
                {exchange.latencyMs !== undefined && ` · answered in ${exchange.latencyMs.toFixed(1)} ms`}
                {exchange.previousRound && ' · retry of the previous round'}
              </div>
              <Clipped text={request?.text ?? '(not recorded)'} testId="wire-request" />
              <div className="status">
                ← {exchange.status}
                {response ? ` · ${response.size} bytes` : ''}
              </div>
              {response && <Clipped text={response.text ?? '(not UTF-8)'} testId="wire-response" />}
            </div>
          );
        })}
    </div>
  );
}

function findLine(events: BridgeEvent[], seq: number): Extract<BridgeEvent, { kind: 'line' }> | undefined {
  // Sequence numbers are dense, from the first event this tab keeps (a reloaded tab on a long
  // session keeps only the newest of its backlog).
  const guess = events[seq - (events[0]?.seq ?? 0)];
  const event = guess?.seq === seq ? guess : events.find((e) => e.seq === seq);
  return event?.kind === 'line' ? event : undefined;
}
