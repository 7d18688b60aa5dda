/**
 * "Copy follower link": the address of this app with the bridge's read-only token, for
 * learners' pages (a second window, a second screen) that follow the presenter's step. The
 * link is shown as well as copied, for a browser that refuses the clipboard.
 */
import { useState } from 'react';
import { useSnapshot, useStore } from '../../session/StoreContext.js';

/** The follower's address: same origin, the read-only token, and `follow` in the fragment. */
export function followerUrl(origin: string, token: string): string {
  return `${origin}/#token=${encodeURIComponent(token)}&follow=1`;
}

export function FollowerLink({ compact = false }: { compact?: boolean }) {
  const store = useStore();
  useSnapshot();
  const token = store.followerToken;
  const [shown, setShown] = useState<{ url: string; copied: boolean; refused?: boolean } | undefined>();
  if (token === undefined) return null;
  const copy = (): void => {
    const url = followerUrl(window.location.origin, token);
    setShown({ url, copied: false });
    void navigator.clipboard?.writeText(url).then(
      () => setShown({ url, copied: true }),
      () => setShown({ url, copied: false, refused: true }),
    );
  };
  return (
    <span className="tour-follower">
      <button type="button" onClick={copy} data-testid="copy-follower-link">
        Copy follower link
      </button>
      {shown && !compact && (
        <>
          <input
            className="tour-follower-url"
            readOnly
            value={shown.url}
            aria-label="Follower link (read-only: it can watch, never send)"
            data-testid="follower-link"
            onFocus={(e) => e.target.select()}
          />
          <span className="status" role="status">
            {shown.copied ? 'copied' : 'select and copy it'}
          </span>
        </>
      )}
      {shown && compact && (
        <span className="status" role="status" data-testid="follower-link-copied">
          {/* Not the link itself: a projector is no place for a token, even a read-only one. */}
          {shown.copied
            ? 'follower link copied'
            : shown.refused
              ? 'the browser refused the clipboard: Escape, then copy it from the tour bar'
              : 'copying…'}
        </span>
      )}
    </span>
  );
}
