/** Pieces every list pane shares: the search box and a selectable item. */
import type { ReactNode } from 'react';

export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <input type="search" placeholder={label} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />;
}

export function ItemButton({
  selected,
  onSelect,
  testId,
  children,
}: {
  selected: boolean;
  onSelect: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`item ${selected ? 'selected' : ''}`} aria-current={selected} onClick={onSelect} data-testid={testId}>
      {children}
    </button>
  );
}
