/**
 * One facet's menu: a button that opens a list of checkable values with their counts. Values
 * can come from a server (method names), so a long list gets a search box and is cut at a few
 * hundred entries rather than rendering whatever a server chose to send.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formatCount } from '../../ui/count.js';

const MAX_SHOWN = 300;

export interface FacetValue {
  value: string;
  label: string;
  count?: number;
}

interface Props {
  name: string;
  label: string;
  values: readonly FacetValue[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}

export function FacetMenu({ name, label, values, chosen, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent): void => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const toggle = (value: string, on: boolean): void => onChange(on ? [...chosen, value] : chosen.filter((c) => c !== value));
  const needle = query.toLowerCase();
  const matching = values.filter((v) => needle === '' || v.label.toLowerCase().includes(needle));
  // Chosen values stay listed even when a search hides them, so they can be unticked.
  const shown = [...values.filter((v) => chosen.includes(v.value) && !matching.includes(v)), ...matching].slice(0, MAX_SHOWN);
  const summary =
    chosen.length === 0
      ? 'any'
      : chosen.length === 1
        ? (values.find((v) => v.value === chosen[0])?.label ?? chosen[0])
        : `${chosen.length}`;

  return (
    <div className="tl-facet" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={chosen.length > 0 ? 'on' : ''}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-testid={`timeline-facet-${name}`}
        data-chosen={chosen.join(',')}
      >
        {label}: <span className="tl-facet-summary">{summary}</span> ▾
      </button>
      {open && (
        <div
          className="tl-facet-menu"
          id={id}
          role="group"
          aria-label={`${label} filter`}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setOpen(false);
              buttonRef.current?.focus();
            }
          }}
        >
          {values.length > 10 && (
            <input
              type="search"
              placeholder={`Find a ${label.toLowerCase()}`}
              aria-label={`Find a ${label.toLowerCase()}`}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoFocus
            />
          )}
          {values.length === 0 && <div className="status">No values yet.</div>}
          {shown.map((v, i) => (
            <label key={v.value} className="tl-facet-item" data-testid="timeline-facet-value" data-value={v.value}>
              <input
                type="checkbox"
                checked={chosen.includes(v.value)}
                onChange={(e) => toggle(v.value, e.target.checked)}
                autoFocus={i === 0 && values.length <= 10}
              />
              <span className="tl-facet-label">{v.label}</span>
              {v.count !== undefined && <span className="tl-facet-count">{formatCount(v.count)}</span>}
            </label>
          ))}
          {matching.length > MAX_SHOWN && <div className="status">{formatCount(matching.length - MAX_SHOWN)} more: narrow the search</div>}
          {chosen.length > 0 && (
            <button type="button" className="link" onClick={() => onChange([])}>
              Clear
            </button>
          )}
        </div>
      )}
    </div>
  );
}
