/**
 * The two flows side by side: per step, the handshake column faces the stateless column at the
 * same height; figures per step and in all, with the difference; the plain-words summary of
 * what changed; and any message opened as JSON with the differing parts marked.
 */
import { useMemo, useState } from 'react';
import {
  describeDifferences,
  explainColumn,
  stepLabel,
  type ColumnView,
  type CompareStart,
  type Figures,
} from '../../../../protocol/compare.js';
import type { Flow } from '../../../../protocol/flows.js';
import { StepDiagram } from './StepDiagram.js';
import { MessageDetail } from './MessageDetail.js';

const FLOWS: Flow[] = ['handshake', 'stateless'];

export function SideBySide({ start, columns, done }: { start: CompareStart; columns: Record<Flow, ColumnView>; done: boolean }) {
  const [selected, setSelected] = useState<number | undefined>();
  const differences = useMemo(() => describeDifferences(columns.handshake, columns.stateless), [columns]);
  const selectedMessage = useMemo(() => {
    for (const flow of FLOWS) {
      for (const step of columns[flow].steps) {
        const m = step.messages.find((x) => x.seq === selected);
        if (m) return { flow, message: m };
      }
    }
    return undefined;
  }, [columns, selected]);

  return (
    <div className="side-by-side" data-testid="comparison" data-id={start.id} data-done={done}>
      <div className="compare-grid">
        <div className="compare-head step-cell">step</div>
        {FLOWS.map((flow) => (
          <div key={flow} className="compare-head" data-testid={`column-${flow}`} data-conn={columns[flow].conn}>
            <strong>{flow === 'handshake' ? 'Handshake flow (2025-11-25)' : 'Stateless flow (2026-07-28)'}</strong>
            <span className="status"> on {columns[flow].conn}</span>
            {explainColumn(columns[flow]) && (
              <p className="banner-box warn" role="note" data-testid={`explain-${flow}`}>
                {explainColumn(columns[flow])}
              </p>
            )}
            <div className="lanes status">
              <span>client</span>
              <span>server</span>
            </div>
          </div>
        ))}
        {start.scenario.steps.map((step, index) => {
          const rows = Math.max(columns.handshake.steps[index]?.messages.length ?? 0, columns.stateless.steps[index]?.messages.length ?? 0);
          return (
            <div key={index} className="compare-row" data-testid="compare-row">
              <div className="step-cell">
                <strong>{index + 1}.</strong> {stepLabel(step)}
              </div>
              {FLOWS.map((flow) => {
                const view = columns[flow].steps[index];
                const figures = columns[flow].perStep[index];
                return (
                  <div key={flow} className="step-col" data-flow={flow}>
                    <StepDiagram messages={view?.messages ?? []} rows={rows} selected={selected} onSelect={setSelected} flow={flow} />
                    <div className="status step-foot" data-testid={`step-figures-${flow}`}>
                      {figures
                        ? `${figures.messages} msg · ${figures.roundTrips} RT · ${figures.bytesSent + figures.bytesReceived} B · ${figures.ms.toFixed(0)} ms`
                        : ''}
                      {view?.outcome !== undefined && ` · ${view.outcome}`}
                      {view?.t0 !== undefined && view.t1 === undefined && ' · running…'}
                    </div>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      {selectedMessage && <MessageDetail message={selectedMessage.message} flow={selectedMessage.flow} />}
      <FiguresTable h={columns.handshake.totals} s={columns.stateless.totals} />
      <section className="differences" aria-label="What changed" data-testid="differences">
        <h3>
          {differences.some((d) => d.topic === 'failed')
            ? 'What happened on this run: one side could not run, so there is no comparison'
            : 'What the stateless flow changed, on this run'}
        </h3>
        {differences.map((d, i) => (
          <div key={`${d.topic}-${i}`} className="difference" data-topic={d.topic}>
            <strong>{d.title}.</strong> {d.detail}
          </div>
        ))}
      </section>
    </div>
  );
}

function FiguresTable({ h, s }: { h: Figures; s: Figures }) {
  const rows: { label: string; key: keyof Figures; unit: string }[] = [
    { label: 'messages', key: 'messages', unit: '' },
    { label: 'round trips', key: 'roundTrips', unit: '' },
    { label: 'bytes sent', key: 'bytesSent', unit: ' B' },
    { label: 'bytes received', key: 'bytesReceived', unit: ' B' },
    { label: 'time', key: 'ms', unit: ' ms' },
  ];
  const fmt = (n: number, key: keyof Figures): string => (key === 'ms' ? n.toFixed(0) : String(n));
  return (
    <table className="figures" data-testid="figures">
      <thead>
        <tr>
          <th />
          <th>handshake</th>
          <th>stateless</th>
          <th>difference</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const d = s[r.key] - h[r.key];
          return (
            <tr key={r.key} data-figure={r.key}>
              <th scope="row">{r.label}</th>
              <td data-flow="handshake">
                {fmt(h[r.key], r.key)}
                {r.unit}
              </td>
              <td data-flow="stateless">
                {fmt(s[r.key], r.key)}
                {r.unit}
              </td>
              <td>
                {d > 0 ? '+' : ''}
                {fmt(d, r.key)}
                {r.unit}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
