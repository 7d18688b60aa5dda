/**
 * The comparisons a finished session holds, read-only: which one to show, then both flows side
 * by side. For the HTML viewer, which has no bridge to run one and must not load the editor
 * (CompareView's live setup) or the socket code.
 */
import { useMemo, useState } from 'react';
import { listComparisons, readComparison } from '../../../../protocol/compare.js';
import type { SessionModel } from '../../../../protocol/session.js';
import { SideBySide } from './SideBySide.js';

export function RecordedComparisons({ model }: { model: SessionModel }) {
  const all = useMemo(() => listComparisons(model.notes), [model]);
  const [shown, setShown] = useState<string | undefined>();
  const current = shown === undefined ? all.at(-1) : all.find((c) => c.start.id === shown);
  const columns = useMemo(() => {
    if (!current) return undefined;
    const from = model.events.findIndex((e) => e.seq === current.seq);
    return readComparison(current.start, from === -1 ? model.events : model.events.slice(from));
  }, [current, model]);

  return (
    <div className="compare" data-testid="compare-view">
      {all.length > 1 && (
        <section className="compare-setup">
          <label className="inline">
            Show
            <select value={current?.start.id} onChange={(e) => setShown(e.target.value)} aria-label="Earlier comparisons">
              {all.map((c) => (
                <option key={c.start.id} value={c.start.id}>
                  {c.start.scenario.name} ({c.start.id})
                </option>
              ))}
            </select>
          </label>
        </section>
      )}
      {current && columns ? (
        <SideBySide start={current.start} columns={columns} done={current.done} />
      ) : (
        <p className="empty" role="status">
          This session holds no comparison of the two flows (the app&apos;s Compare flows tab records one).
        </p>
      )}
    </div>
  );
}
