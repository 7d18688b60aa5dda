/**
 * "Copy link to this view": the address of the timeline as it is now (filters, sort, selection,
 * open detail), without the token. Opened in another tab of the same browser while MCP Lens is
 * open, it asks that tab for the token (session/tokenShare.ts); anywhere else it says it has none.
 */
import { useState } from 'react';
import { writeClipboard } from '../../ui/clipboard.js';
import { FRAGMENT_KEY, encodeView, type TimelineView } from './viewState.js';

/** The view's address: this page's, with the view as its only fragment parameter. */
export function viewLink(view: TimelineView, location: Pick<Location, 'origin' | 'pathname'>): string {
  const encoded = encodeView(view);
  return `${location.origin}${location.pathname}${encoded === '' ? '' : `#${FRAGMENT_KEY}=${encoded}`}`;
}

export function CopyViewLink({ view }: { view: TimelineView }) {
  const [said, setSaid] = useState<string | undefined>();
  return (
    <>
      <button
        type="button"
        data-testid="copy-view-link"
        title="A link that opens this view (filters, sort, selection) in a tab of this browser; it carries no token"
        onClick={() =>
          void writeClipboard(viewLink(view, window.location)).then((ok) =>
            setSaid(ok ? 'Link copied' : 'The browser refused the clipboard'),
          )
        }
      >
        Copy link to this view
      </button>
      {said && (
        <span className="status" role="status">
          {said}
        </span>
      )}
    </>
  );
}
