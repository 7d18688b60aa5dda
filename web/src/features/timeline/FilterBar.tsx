/**
 * The timeline's filters: a text search over the raw lines, facet menus whose values and counts
 * come from the index, and "findings only". The search is sent after a short
 * pause in typing, not on every key.
 */
import { forwardRef, useCallback, useEffect, useRef, useState } from 'react';
import type { TimelineFilter, TimelineStats } from '../../../../protocol/timeline/contract.js';
import { FacetMenu, type FacetValue } from './FacetMenu.js';
import { directionLabel, kindLabel, statusLabel } from './format.js';
import { DIRECTIONS, KINDS, STATUSES } from './viewState.js';

/**
 * The search waits for a pause in typing, so that a word typed fast is searched once. A search
 * of a million events takes about 60 ms in the worker; 100 ms between keys is still typing.
 */
const TYPING_PAUSE_MS = 100;

interface Props {
  filter: TimelineFilter;
  stats: TimelineStats | undefined;
  onChange: (filter: TimelineFilter) => void;
  connName: (conn: string) => string;
}

/** Events lint may trail the index by, live, before the findings button says so. */
const LINT_LAG_SHOWN = 1000;

export const FilterBar = forwardRef<HTMLInputElement, Props>(function FilterBar({ filter, stats, onChange, connName }, searchRef) {
  const [text, setText] = useState(filter.text);
  // The search as this bar last applied it. The fragment or the panel's Escape changing it to
  // anything else is shown; this bar's own change coming back is not, since what was typed
  // meanwhile (in the same frame, on a loaded machine) would be overwritten by the older text.
  const applied = useRef(filter.text);
  const apply = useCallback(
    (next: TimelineFilter) => {
      applied.current = next.text;
      onChange(next);
    },
    [onChange],
  );
  useEffect(() => {
    if (filter.text === applied.current) return;
    applied.current = filter.text;
    setText(filter.text);
  }, [filter.text]);
  useEffect(() => {
    if (text === filter.text) return;
    const timer = setTimeout(() => apply({ ...filter, text }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, filter, apply]);

  const facets = stats?.facets;
  // Lint runs apart from the index (ADR 6) and may be behind it: findings are still coming. Live,
  // it trails by a frame or two, which is not worth a flickering label.
  const lint = stats?.lint;
  const linting =
    lint && (!lint.done || stats.indexed - lint.linted > LINT_LAG_SHOWN)
      ? `${Math.floor((100 * Math.min(lint.linted, stats.total)) / Math.max(stats.total, 1))}%`
      : undefined;
  const counted = (record: Record<string, number> | undefined, label: (v: string) => string): FacetValue[] =>
    Object.entries(record ?? {})
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([value, count]) => ({ value, label: label(value), count }));
  const statusValues: FacetValue[] = STATUSES.filter((s) => (facets?.statuses[s] ?? 0) > 0 || filter.statuses.includes(s)).map((s) => ({
    value: s,
    label: s === 'none' ? 'no status' : statusLabel(s),
    count: facets?.statuses[s] ?? 0,
  }));
  const kindValues: FacetValue[] = KINDS.filter((k) => (facets?.kinds[k] ?? 0) > 0 || filter.kinds.includes(k)).map((k) => ({
    value: k,
    label: kindLabel(k),
    count: facets?.kinds[k] ?? 0,
  }));
  const authOnly = filter.kinds.length === 1 && filter.kinds[0] === 'auth';
  const active =
    filter.conns.length + filter.directions.length + filter.kinds.length + filter.methods.length + filter.statuses.length > 0 ||
    filter.findingsOnly ||
    filter.text !== '';

  return (
    <div className="tl-filters" role="search" aria-label="Filter the timeline">
      <input
        ref={searchRef}
        type="search"
        placeholder="Search the raw lines  (/)"
        aria-label="Search the raw lines"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply({ ...filter, text });
          // Escape clears what is typed, applied or still waiting out the typing pause: the
          // panel's own Escape saw only the applied text, so a search typed just before it
          // stayed, and was applied after it.
          if (e.key === 'Escape' && text !== '') {
            e.preventDefault();
            setText('');
            apply({ ...filter, text: '' });
          }
        }}
        data-testid="timeline-search"
      />
      <FacetMenu
        name="conn"
        label="Connection"
        values={counted(facets?.conns, connName)}
        chosen={filter.conns}
        onChange={(conns) => onChange({ ...filter, conns })}
      />
      <FacetMenu
        name="direction"
        label="Direction"
        values={DIRECTIONS.map((d) => ({ value: d, label: directionLabel(d) }))}
        chosen={filter.directions}
        onChange={(directions) => onChange({ ...filter, directions: DIRECTIONS.filter((d) => directions.includes(d)) })}
      />
      <FacetMenu
        name="kind"
        label="Kind"
        values={kindValues}
        chosen={filter.kinds}
        onChange={(kinds) => onChange({ ...filter, kinds: KINDS.filter((k) => kinds.includes(k)) })}
      />
      <FacetMenu
        name="method"
        label="Method"
        values={counted(facets?.methods, (m) => m)}
        chosen={filter.methods}
        onChange={(methods) => onChange({ ...filter, methods })}
      />
      <FacetMenu
        name="status"
        label="Status"
        values={statusValues}
        chosen={filter.statuses}
        onChange={(statuses) => onChange({ ...filter, statuses: STATUSES.filter((s) => statuses.includes(s)) })}
      />
      {((facets?.kinds.auth ?? 0) > 0 || filter.kinds.includes('auth')) && (
        <button
          type="button"
          aria-pressed={authOnly}
          className={authOnly ? 'on' : ''}
          onClick={() => onChange({ ...filter, kinds: authOnly ? [] : ['auth'] })}
          data-testid="timeline-auth-lane"
          title="Only the authorization lane: each step of the OAuth flows"
        >
          Authorization lane
        </button>
      )}
      <button
        type="button"
        aria-pressed={filter.findingsOnly}
        className={filter.findingsOnly ? 'on' : ''}
        onClick={() => onChange({ ...filter, findingsOnly: !filter.findingsOnly })}
        data-testid="timeline-findings-only"
        title={linting ? `Lint runs beside the index: ${linting} of the events checked so far` : undefined}
      >
        ⚑ Findings only{linting && <span data-testid="timeline-linting"> (linting: {linting})</span>}
      </button>
      {active && (
        <button
          type="button"
          className="link"
          onClick={() => onChange({ conns: [], directions: [], kinds: [], methods: [], statuses: [], findingsOnly: false, text: '' })}
        >
          Clear filters
        </button>
      )}
    </div>
  );
});
