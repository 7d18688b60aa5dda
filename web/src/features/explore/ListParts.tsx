/** Pieces every list pane shares: the search box and a selectable item. */
import type { ReactNode } from 'react';
import { notOfferedText } from '../../../../protocol/serverOffers.js';

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

/**
 * In place of a panel whose lists the server does not offer: the lists are never asked for, so
 * there is no -32601 to show and no Retry that could only fail again.
 */
export function NotOffered({ feature }: { feature: 'tools' | 'resources' | 'prompts' }) {
  return (
    <p className="empty" data-testid="not-offered">
      {notOfferedText(feature)}
    </p>
  );
}

/** Stateless without server/discover: nothing says what the server offers, so a list may be refused. */
export function OffersUnknown({ feature }: { feature: string }) {
  return (
    <div className="banner-box" role="note">
      The server has not said what it offers (no server/discover): {feature}/list may be refused.
    </div>
  );
}
